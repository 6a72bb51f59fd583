import ArgumentParser
import VaultKit
import VaultPlatform

/// `vault tasks`: the agenda of the tasks in the notes (docs/tasks.md).
struct TasksCommand: ReadOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "The agenda: open tasks by due date, priority, category or note.",
        discussion: """
            Tasks are Markdown checkboxes in notes, as Obsidian's Tasks plugin writes them:
            - [ ] text 📅 2026-11-25 ⏫ #work   ([/] doing, [x] done, [-] cancelled)
            QUERY selects tasks: words in a task's text, #tag among its categories or its
            note's tags, due:, scheduled:, done: (dates or none), priority:>=high,
            status:doing; folder:, title:, is:pinned and the note dates of its note.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: "Only the tasks this query selects (vault help search).") var query: [String] = []
    @Option(help: "Group by: due (default), priority, category or note.") var by: TaskAgenda.Grouping = .due
    @Flag(help: "Completed tasks, most recent first.") var done = false
    @Flag(help: "Every task, open or not.") var all = false
    @Option(help: "Show at most this many tasks.") var limit: Int?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if done, all { throw ValidationError("give --done or --all, not both") }
    }

    /// A few task fields that do not read are each named; more are one line that points to
    /// `vault check`, which names them all (a large vault printed a thousand warnings on
    /// every listing).
    static func warn(about problems: [Diagnostic]) {
        guard problems.count > Self.warningsShown else {
            for problem in problems { Terminal.standardError.warning(problem.asWarning) }
            return
        }
        let notes = Set(problems.map(\.path)).count
        Terminal.standardError.line("vault: warning: \(problems.count) task fields do not read, in \(notes) note\(notes == 1 ? "" : "s") (see 'vault check')")
    }

    static let warningsShown = 3

    func run() throws {
        var words = query
        if let end = words.firstIndex(of: "--") { words.remove(at: end) }
        let query = words.isEmpty ? nil : try parseQuery(words.joined(separator: " "), global: global)
        let session = try Session(global, leavingOutCached: query == nil)
        let statuses = TaskShow(done: done, all: all).statuses
        // Without a query, the notes' task lists alone, most from their cache entries.
        if session.scan.rejected > 0, let notes = session.vault.taskNotes(of: session.scan) {
            PhaseTimer.mark("sort")
            if let (tasks, problems) = notes.records(statuses) {
                PhaseTimer.mark("read tasks")
                // The records point into the notes' task lists: kept at least until printed.
                KeptUntilExit.keep((notes, tasks))
                return try show(tasks, problems: problems, paths: notes.paths, session: session, words: words)
            }
        }
        // With a query (which reads whole notes), or a cache entry found damaged: the notes.
        let scan = session.scan.rejected > 0 ? try session.vault.scan(matching: nil, countingNotes: false) : session.scan
        let (notes, listOrder) = session.notesWithListOrder(of: scan)
        PhaseTimer.mark("sort")
        try session.vault.withTaskRecords(matching: query, in: notes, listOrder: listOrder, statuses: statuses) { tasks, problems in
            PhaseTimer.mark("read tasks")
            KeptUntilExit.keep(tasks)
            try show(tasks, problems: problems, paths: notes.map(\.path), session: session, words: words)
        }
    }

    /// Prints the agenda of `tasks` (records of the notes at `paths`), or exits with 1 when
    /// it is empty.
    private func show(_ tasks: [TaskRecord], problems: [Diagnostic], paths notes: [String], session: Session, words: [String]) throws {
        Self.warn(about: problems)
        let agenda = session.vault.agenda
        let printer = TaskAgendaPrinter(terminal: session.terminal, agenda: agenda, config: session.config)
        let paths = printer.paths(of: notes, lines: format == .json ? 0 : min(limit ?? tasks.count, tasks.count))
        let jsonPaths = format == .json ? printer.jsonPaths(of: notes) : nil
        var groups = done ? agenda.completedPositions(tasks) : agenda.positions(tasks, paths: notes, by: by)
        KeptUntilExit.keep((paths, jsonPaths, groups))
        PhaseTimer.mark("agenda")
        if let limit { groups = Self.first(limit, of: groups) }
        if let jsonPaths {
            // Written out as it goes: the whole array of a large vault's tasks is a
            // hundred megabytes, which held whole took four times that in memory.
            printer.printJSON(groups, of: tasks, paths: jsonPaths)
            PhaseTimer.mark("print")
            return
        }
        printer.print(groups, of: tasks, in: notes, paths: paths)
        PhaseTimer.mark("print")
        if groups.isEmpty {
            if !words.isEmpty { Terminal.standardError.line(TerminalText.escaped("vault: no task matches '\(words.joined(separator: " "))'")) }
            throw ExitCode(1)
        }
    }

    /// The first `limit` tasks, in their groups.
    private static func first(_ limit: Int, of groups: [TaskAgenda.Positions]) -> [TaskAgenda.Positions] {
        var left = limit
        var result: [TaskAgenda.Positions] = []
        for var group in groups where left > 0 {
            group.positions = Array(group.positions.prefix(left))
            left -= group.positions.count
            result.append(group)
        }
        return result
    }
}

extension TaskAgenda.Grouping: ExpressibleByArgument {}
