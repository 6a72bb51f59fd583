import ArgumentParser
import VaultKit
import VaultPlatform

struct ListCommand: ReadOnlyCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List notes, pinned first, then most recently modified.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var selection: QueryOption
    @Argument(help: "Only notes in this folder (and its subfolders); '/' for Unsorted.", completion: Completions.folders) var folder: String?
    @Flag(help: "Only pinned notes (is:pinned).") var pinned = false
    @Flag(help: "Only notes at the vault root (is:unsorted).") var unsorted = false
    @Option(help: "Only notes with this tag or one below it (tag:TAG).", completion: Completions.tags) var tag: String?
    @Option(help: "Group by: month.") var group: Grouping?
    @Option(help: "Sort by one key alone: modified, created, title or sortDate (dates newest first).") var sort: NoteOrder?
    @Flag(help: "Reverse the order of --sort.") var reverse = false
    @Flag(inversion: .prefixedNo, help: "Show a snippet under each title (default from the config).") var snippet: Bool?
    @Option(help: "Show at most this many notes.") var limit: Int?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    enum Grouping: String, ExpressibleByArgument, CaseIterable { case month }

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if reverse, sort == nil { throw ValidationError("--reverse goes with --sort") }
        if sort != nil, group != nil { throw ValidationError("--sort and --group each choose the order; use one") }
    }

    func run() throws {
        let vault = try global.openSession()
        // Every option is a query term, so that `list` and `search` always agree.
        var terms: [QueryExpression] = try selection.parsed(global).map { [$0.expression] } ?? []
        if pinned { terms.append(.term(.state(.pinned))) }
        if unsorted { terms.append(.term(.state(.unsorted))) }
        if let tag { terms.append(.term(try fieldTerm { () throws(QueryField.Failure) in try QueryTerm.tag(named: tag) })) }
        let relativeFolder = try folder.map { $0 == "/" ? "" : try VaultPath.relative($0, root: vault.root) }
        if let relativeFolder { terms.append(.term(.folder(relativeFolder))) }
        // Only the list order knows its first notes before sorting them all.
        let session = try Session(vault: vault, terminal: global.terminal, query: terms.isEmpty ? nil : Query(.and(terms)), firstNotes: sort == nil ? limit : nil)
        // A folder that does not exist is an error, not an empty list.
        if let relativeFolder, !relativeFolder.isEmpty { _ = try vault.folder(relativeFolder, in: session.scan) }
        // Grouped by month, the groups are sorted on their own: the list order matters only
        // for which notes --limit keeps.
        let notes: [Note]
        if let sort {
            let sorted = sort.sorted(session.scan.notes, reversed: reverse)
            notes = limit.map { Array(sorted.prefix($0)) } ?? sorted
        } else if let limit {
            notes = session.firstNotes(limit)
        } else {
            notes = group == .month ? session.scan.notes : session.sortedNotes
        }
        PhaseTimer.mark("sort")
        var printer = NoteListPrinter(terminal: session.terminal, config: session.config, showSnippet: snippet ?? session.config.listSnippet)
        if format == .json, group == .month {
            printer.printJSON(MonthGrouping(notes, now: vault.vault.now()))
        } else if format == .json {
            printer.printJSON(notes)
        } else if group == .month {
            printer.showsSortDate = true
            let grouping = MonthGrouping(notes, now: vault.vault.now())
            PhaseTimer.mark("group by month")
            printer.print(grouping)
        } else {
            printer.print(notes)
        }
        PhaseTimer.mark("print")
    }
}

/// A term read the way the query language reads a field's value, its error as a query's.
func fieldTerm(_ read: () throws(QueryField.Failure) -> QueryTerm) throws -> QueryTerm {
    do {
        return try read()
    } catch {
        throw VaultError.invalidQuery(error.message)
    }
}

extension NoteOrder: ExpressibleByArgument {}
