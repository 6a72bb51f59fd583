import ArgumentParser
import Foundation
import VaultKit

/// `vault restore NOTE --at REV`: an older version back, as a new change `vault undo` takes
/// back; `vault restore PATH` for a note that left the vault (`vault log --deleted`).
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring back a version of a note from git (vault log lists them), as a change undo can take back.",
        discussion: "A note that left the vault (purged from the trash, or removed: vault log --deleted lists them) is named by its old path or its title; it comes back with its last text (or the version --at names) at its old place, or beside it when that is taken.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix; or the old path or title of a note that left the vault.", completion: Completions.notes) var note: String
    @Option(help: "The version: a commit (4 or more of its hex digits) or a day, YYYY-MM-DD. Needed for a note in the vault.") var at: String?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let found: Note
        do {
            found = try session.resolve(note)
        } catch VaultError.noteNotFound(let name, let suggestion) {
            return try restoreDeleted(session, notFound: .noteNotFound(name, suggestion: suggestion))
        }
        guard let at else {
            throw VaultError.invalidArgument("give the version to bring back with --at COMMIT or --at YYYY-MM-DD (vault log \(found.path) lists them)")
        }
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

    /// A name no note in the vault has: a note that left it, or the error the name gave.
    private func restoreDeleted(_ session: Session, notFound: VaultError) throws {
        let report: RestoreDeletedNote.Report
        do {
            report = try session.write { try RestoreDeletedNote(note, at: at).run(in: $0) }
        } catch VaultError.noteNotFound {
            throw notFound
        } catch VaultError.notARepository {
            throw notFound
        }
        let restored = report.restored
        if format == .json {
            session.terminal.jsonObject { json in
                json.key("path"); json.string(restored.path)
                json.key("commit"); json.string(report.version.commit)
                json.key("changed"); json.bool(true)
                json.key("recordID"); json.string(report.recordID)
                json.key("deletedPath"); json.string(report.deleted.path)
                json.key("renamed"); json.bool(restored.renamed)
            }
            return
        }
        let commit = report.version.commit.map { String($0.prefix(8)) } ?? ""
        let place = restored.renamed ? " as \(restored.path) (\(report.deleted.path) is taken)" : ""
        var line = "brought back \(report.deleted.path)\(place) as of \(commit) (\(NoteDate.format(report.version.date)))"
        if let holder = restored.idTakenBy { line += "; its id is \(holder)'s, so it has a new one" }
        line += "; vault undo \(report.recordID ?? "") puts it in the trash again"
        session.terminal.line(TerminalText.escaped(line))
    }
}
