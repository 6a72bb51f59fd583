import ArgumentParser
import Foundation
import VaultKit

/// `vault log NOTE`: the note's versions from git, newest first.
struct LogCommand: ParsableCommand, PagedCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "A note's versions from git, newest first, with what each changed.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String?
    @Flag(help: "List the notes git saw leave the vault (purged from the trash, or removed), with their last commit.") var deleted = false
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws {
        if deleted, note != nil { throw ValidationError("give a note or --deleted, not both") }
        if !deleted, note == nil { throw ValidationError("give a note (or --deleted)") }
    }

    func run() throws {
        let session = try Session(global)
        guard let note else { return try listDeleted(session) }
        let found = try session.resolve(note)
        let versions = try Self.versions(of: found.path, in: session.vault.root)
        if format == .json {
            var json = JSONWriter()
            VersionJSON.write(versions, to: &json)
            session.terminal.line(json.output)
            return
        }
        guard !versions.isEmpty else {
            session.terminal.line("no versions of \(TerminalText.escaped(found.path)) in git yet (vault sync commits them)")
            return
        }
        // Padded to the longest, never cut: a name is how a person is told apart.
        let authorWidth = versions.map(\.author.count).max() ?? 0
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

    /// `--deleted`: each note that left the vault, with the commit whose parent has its text.
    private func listDeleted(_ session: Session) throws {
        let deleted: [NoteVersions.Deleted]
        do {
            deleted = try NoteVersions(root: session.vault.root).deleted()
        } catch {
            throw Self.explained(error)
        }
        if format == .json {
            var json = JSONWriter()
            VersionJSON.write(deleted, to: &json)
            session.terminal.line(json.output)
            return
        }
        guard !deleted.isEmpty else {
            // No result, as a search that finds nothing: exit 1 (the README's statuses).
            Terminal.standardError.line("vault: no note has left the vault in git's history")
            throw ExitCode(1)
        }
        var out = ""
        for note in deleted {
            out += TerminalText.escaped("\(Self.dateFormatter.string(from: note.date))  \(note.commit.prefix(8))  \(note.path)  \(note.title)") + "\n"
        }
        // The path git last had is not always the one listed (a note purged from the trash
        // was in `.trash/`): the way back is vault's, which knows where to look.
        out += "(vault restore PATH brings one back with its last text)\n"
        session.terminal.write(out)
    }

    /// The versions, or what to do in a vault that git does not keep.
    private static func versions(of path: String, in root: VaultRoot) throws -> [NoteVersions.Version] {
        do {
            return try NoteVersions(root: root).versions(of: path)
        } catch {
            throw explained(error)
        }
    }

    private static func explained(_ error: VaultError) -> VaultError {
        NoteVersions.explained(error)
    }

    private static var dateFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }
}
