import ArgumentParser
import VaultKit

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List notes, pinned first, then most recently modified.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var selection: QueryOption
    @Argument(help: "Only notes in this folder (and its subfolders); '/' for Unsorted.") var folder: String?
    @Flag(help: "Only pinned notes.") var pinned = false
    @Flag(help: "Only notes at the vault root.") var unsorted = false
    @Option(help: "Only notes with this tag or one below it.") var tag: String?
    @Option(help: "Group by: month.") var group: Grouping?
    @Flag(inversion: .prefixedNo, help: "Show a snippet under each title (default from the config).") var snippet: Bool?
    @Option(help: "Show at most this many notes.") var limit: Int?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    enum Grouping: String, ExpressibleByArgument { case month }

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    func run() throws {
        let session = try Session(global, filter: selection.filter())
        var notes = session.scan.notes
        if let folder {
            let relative = folder == "/" ? "" : try session.operations.existingFolder(folder)
            notes = notes.filter { note in
                relative.isEmpty ? note.isUnsorted : (note.folder.lowercased() == relative.lowercased() || note.folder.lowercased().hasPrefix(relative.lowercased() + "/"))
            }
        }
        if pinned { notes = notes.filter(\.pinned) }
        if unsorted { notes = notes.filter(\.isUnsorted) }
        if let tag {
            let key = TagName.key(tag.hasPrefix("#") ? String(tag.dropFirst()) : tag)
            notes = notes.filter { $0.tags.contains { TagName.isSelfOrDescendant(TagName.key($0), of: key) } }
        }
        notes = VaultIndex.sorted(notes)
        PhaseTimer.mark("sort")
        if let limit { notes = Array(notes.prefix(limit)) }
        let printer = NoteListPrinter(terminal: session.terminal, config: session.vault.config, showSnippet: snippet ?? session.vault.config.listSnippet)
        if format == .json {
            printer.printJSON(notes)
        } else if group == .month {
            printer.print(MonthGrouping.group(notes, now: session.vault.now()))
        } else {
            printer.print(notes)
        }
        PhaseTimer.mark("print")
    }
}
