import ArgumentParser
import Foundation
import VaultKit

/// `vault diff NOTE [FROM] [TO]`: what changed between two versions of a note.
struct DiffCommand: ParsableCommand, PagedCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What changed in a note between two versions: properties, then the text word by word.",
        discussion: "FROM and TO are commits or days (YYYY-MM-DD), as vault log lists them; TO is the file now by default. Without either: the change not committed yet, else the last commit's.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String
    @Argument(help: "The older version.") var from: String?
    @Argument(help: "The newer version (default: the file now).") var to: String?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        let timeZone = session.vault.vault.timeZone
        let comparison = try NoteComparison.make(path: found.path, from: from, to: to, root: session.vault.root, timeZone: timeZone)
        let (older, newer, diff) = (comparison.older, comparison.newer, comparison.diff)
        if format == .json {
            var json = JSONWriter()
            VersionJSON.write(comparison, to: &json)
            session.terminal.line(json.output)
            return
        }
        func name(_ version: NoteVersions.Version?) -> String {
            guard let version else { return "nothing" }
            return version.commit.map { "\($0.prefix(8)) (\(NoteDate.format(version.date, timeZone: timeZone)))" } ?? "now"
        }
        let terminal = session.terminal
        var out = terminal.bold(TerminalText.escaped("\(found.path): \(name(older)) → \(name(newer))")) + "\n"
        for change in diff.properties {
            // Escaped first, painted after: the colour's own escape codes must stay.
            let parts = change.removed.map { terminal.paint("−" + TerminalText.escaped($0), "red") } + change.added.map { terminal.paint("+" + TerminalText.escaped($0), "green") }
            out += TerminalText.escaped(change.key) + ": " + parts.joined(separator: " ") + "\n"
        }
        if !diff.text.isEmpty { out += TerminalText.escaped(diff.text, keepingLineBreaks: true) + "\n" }
        if diff.properties.isEmpty, diff.text.isEmpty { out += "no change\n" }
        terminal.write(out)
    }
}
