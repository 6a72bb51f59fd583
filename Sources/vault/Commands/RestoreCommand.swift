import ArgumentParser
import Foundation
import VaultKit

/// `vault restore NOTE --at REV`: an older version back, as a new change `vault undo` takes back.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring back a version of a note from git (vault log lists them), as a change undo can take back.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String
    @Option(help: "The version: a commit (4 or more of its hex digits) or a day, YYYY-MM-DD.") var at: String
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        let report = try session.write { try RestoreVersion(found, at: at).run(in: $0) }
        let commit = report.version.commit.map { String($0.prefix(8)) } ?? ""
        if format == .json {
            session.terminal.jsonObject { json in
                json.key("path"); json.string(found.path)
                json.key("commit"); json.string(report.version.commit)
                json.key("changed"); json.bool(report.outcome == .written)
                json.key("recordID"); json.string(report.recordID)
            }
        } else if report.outcome == .written {
            session.terminal.line(TerminalText.escaped("restored \(found.path) as of \(commit) (\(NoteDate.format(report.version.date))); vault undo \(report.recordID ?? "") takes it back"))
        } else {
            session.terminal.line(TerminalText.escaped("\(found.path) is already as of \(commit)"))
        }
    }
}
