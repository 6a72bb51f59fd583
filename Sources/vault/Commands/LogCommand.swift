import ArgumentParser
import Foundation
import VaultKit

/// `vault log NOTE`: the note's versions from git, newest first.
struct LogCommand: ParsableCommand, PagedCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "A note's versions from git, newest first, with what each changed.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        let versions = try Self.versions(of: found.path, in: session.vault.root)
        if format == .json {
            var json = JSONWriter()
            json.beginArray()
            for version in versions {
                json.beginObject()
                json.key("commit"); json.string(version.commit)
                json.key("date"); json.string(NoteDate.format(version.date))
                json.key("author"); json.string(version.author)
                json.key("path"); json.string(version.path)
                json.key("kinds"); json.strings(version.kinds)
                json.endObject()
            }
            json.endArray()
            session.terminal.line(json.output)
            return
        }
        guard !versions.isEmpty else {
            session.terminal.line("no versions of \(TerminalText.escaped(found.path)) in git yet (vault sync commits them)")
            return
        }
        let authorWidth = min(20, versions.map(\.author.count).max() ?? 0)
        var out = ""
        for version in versions {
            let commit = version.commit.map { String($0.prefix(8)) } ?? "(not committed)"
            let author = version.author.padding(toLength: authorWidth, withPad: " ", startingAt: 0)
            let kinds = version.kinds.joined(separator: ", ")
            let place = version.path == found.path ? "" : "  " + version.path
            out += TerminalText.escaped("\(Self.dateFormatter.string(from: version.date))  \(commit.padding(toLength: 15, withPad: " ", startingAt: 0))  \(author)  \(kinds)\(place)") + "\n"
        }
        session.terminal.write(out)
    }

    /// The versions, or what to do in a vault that git does not keep.
    private static func versions(of path: String, in root: VaultRoot) throws -> [NoteVersions.Version] {
        do {
            return try NoteVersions(root: root).versions(of: path)
        } catch {
            guard case .notARepository = error else { throw error }
            throw VaultError.invalidArgument("the vault is not a git repository, so no versions of its notes are kept; "
                + "vault sync --setup makes it one (vault init --git makes a new vault with one)")
        }
    }

    private static var dateFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }
}
