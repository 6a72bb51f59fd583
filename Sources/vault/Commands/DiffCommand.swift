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
        let root = session.vault.root
        let history = NoteVersions(root: root)
        let versions = try history.versions(of: found.path)
        let timeZone = session.vault.vault.timeZone
        func named(_ text: String) throws -> NoteVersions.Version {
            guard let version = NoteVersions.version(text, in: versions, timeZone: timeZone) else {
                throw VaultError.invalidArgument("no version of \(found.path) matches '\(text)' (see vault log \(found.path))")
            }
            return version
        }
        let committed = versions.filter { $0.commit != nil }
        let current = NoteVersions.Version(commit: nil, date: Date(), author: "", path: found.path, kinds: [])
        let older: NoteVersions.Version?, newer: NoteVersions.Version
        if let from {
            older = try named(from)
            newer = try to.map(named) ?? current
        } else if versions.first?.commit == nil {
            (older, newer) = (committed.first, current)
        } else {
            (older, newer) = (committed.dropFirst().first, committed.first ?? current)
        }
        let diff = try NoteDiff.between(try older.map { try history.bytes(of: $0) } ?? [], try history.bytes(of: newer), root: root)
        if format == .json {
            session.terminal.jsonObject { json in
                json.key("path"); json.string(found.path)
                json.key("from"); json.string(older?.commit)
                json.key("to"); json.string(newer.commit)
                json.key("properties"); json.beginArray()
                for change in diff.properties {
                    json.beginObject()
                    json.key("key"); json.string(change.key)
                    json.key("removed"); json.strings(change.removed)
                    json.key("added"); json.strings(change.added)
                    json.endObject()
                }
                json.endArray()
                json.key("text"); json.string(diff.text)
            }
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
