import ArgumentParser
import Foundation
import VaultKit

/// `vault task`: add, complete and change tasks where they are written (docs/tasks.md).
struct TaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task",
        abstract: "Add, complete and change tasks in their notes.",
        discussion: """
            A REF is the short name 'vault tasks' shows for each task. It stays valid until
            that task's line changes; a REF whose line changed is refused, never applied to
            another line. Each change rewrites only the task's line.
            """,
        subcommands: [TaskAddCommand.self, TaskDoneCommand.self, TaskDoingCommand.self, TaskUndoCommand.self,
                      TaskCancelCommand.self, TaskEditCommand.self, TaskRemoveCommand.self, TaskCategoryCommand.self]
    )
}

/// The tasks a change applies to: REFs, or every task a query selects.
struct TaskTargets: ParsableArguments {
    @Argument(help: "The tasks' REFs, as 'vault tasks' shows them.") var refs: [String] = []
    @Option(help: "Change every task this query selects, as 'vault tasks QUERY' lists them.") var query: String?
    @Flag(help: "Print the changes and change nothing.") var dryRun = false
    @OptionGroup var output: WriteOutput

    func validate() throws {
        if refs.isEmpty, query == nil { throw ValidationError("give the REFs of the tasks, or --query") }
        if !refs.isEmpty, query != nil { throw ValidationError("give REFs or --query, not both") }
    }

    /// Applies `changes` to each task and reports it; `statuses` are the tasks `--query`
    /// selects unless it names statuses itself.
    func run(_ global: GlobalOptions, verb: String, statuses: Set<NoteTask.Status>, changes: [TaskChange]) throws {
        let session = try Session(global)
        var failed: [VaultError] = []
        var selected: [NoteTask] = []
        if let query {
            selected = session.vault.tasks(matching: try parseQuery(query, global: global), in: session.sortedNotes, statuses: statuses).tasks
            if selected.isEmpty {
                Terminal.standardError.line("vault: no task matches the query; nothing changed")
                throw ExitCode(1)
            }
        } else {
            let all = session.vault.tasks(of: session.sortedNotes).tasks
            for ref in refs {
                do {
                    let task = try session.vault.task(ref, in: all)
                    if !selected.contains(where: { $0.fullRef == task.fullRef }) { selected.append(task) }
                } catch {
                    Terminal.standardError.printError(error)
                    failed.append(error)
                }
            }
        }
        let agenda = session.vault.agenda
        var changed: [NoteTask] = []
        let terminal = session.terminal
        let change = ChangeTasks(selected, changes, chosenBy: query)
        let report = dryRun ? change.plan(in: session.vault) : try session.write { try change.run(in: $0) }
        show(report, verb: verb, terminal: terminal, changed: &changed, failed: &failed)
        if output.quiet, output.format == .text {
            terminal.line("\(changed.count) task\(changed.count == 1 ? "" : "s") changed")
        }
        if output.format == .json {
            var json = JSONWriter()
            ReportJSON.write(changed: changed.map(\.path), failed: failed, to: &json) { json in
                json.key("tasks"); json.beginArray()
                for task in changed { TaskJSON.write(task, bucket: agenda.bucket(of: task), to: &json) }
                json.endArray()
            }
            terminal.line(json.output)
        }
        if !failed.isEmpty { throw ExitCode(2) }
    }

    /// Prints what the change did to each task.
    private func show(
        _ report: ChangeTasks.Report, verb: String, terminal: Terminal, changed: inout [NoteTask], failed: inout [VaultError]
    ) {
        for (task, result) in report.results {
            do {
                let outcome = try result.get()
                guard outcome.changed else {
                    if output.listsNotes { terminal.line(TerminalText.escaped("\(task.path):\(task.line) \(task.text): already \(verb)")) }
                    continue
                }
                if let after = outcome.after { changed.append(after) }
                if let next = outcome.next { changed.append(next) }
                guard output.listsNotes else { continue }
                if dryRun {
                    var lines = ["\(task.path):\(task.line)", "- " + outcome.before.source.trimmingCharacters(in: .whitespaces)]
                    if let next = outcome.next { lines.append("+ " + next.source.trimmingCharacters(in: .whitespaces)) }
                    if let after = outcome.after { lines.append("+ " + after.source.trimmingCharacters(in: .whitespaces)) }
                    terminal.line(TerminalText.escaped(lines.joined(separator: "\n"), keepingLineBreaks: true))
                } else if let after = outcome.after {
                    terminal.line(TerminalText.escaped("\(verb) \(after.path):\(after.line) \(after.text) · \(after.ref)"))
                    if let next = outcome.next {
                        terminal.line(TerminalText.escaped("next \(next.path):\(next.line) \(next.text)\(next.due.map { " 📅 \($0)" } ?? "") · \(next.ref)"))
                    }
                } else {
                    terminal.line(TerminalText.escaped("\(verb) \(task.path):\(task.line) \(task.text)"))
                }
            } catch {
                Terminal.standardError.printError(error)
                failed.append(error)
            }
        }
    }
}

struct TaskDoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: "Complete tasks: [x] and ✅ today; a recurring task gets its next occurrence above it.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var targets: TaskTargets
    func run() throws { try targets.run(global, verb: "done", statuses: [.todo, .doing], changes: [.status(.done)]) }
}

struct TaskDoingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "doing", abstract: "Mark tasks as in progress: [/].")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var targets: TaskTargets
    func run() throws { try targets.run(global, verb: "doing", statuses: [.todo], changes: [.status(.doing)]) }
}

struct TaskUndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Make tasks to-dos again: [ ], without their done or cancelled date.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var targets: TaskTargets
    func run() throws { try targets.run(global, verb: "to do", statuses: [.doing, .done, .cancelled], changes: [.status(.todo)]) }
}

struct TaskCancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel tasks: [-] and ❌ today.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var targets: TaskTargets
    func run() throws { try targets.run(global, verb: "cancelled", statuses: [.todo, .doing], changes: [.status(.cancelled)]) }
}

struct TaskRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete tasks from their notes, with their notes and subtasks.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var targets: TaskTargets
    func run() throws { try targets.run(global, verb: "removed", statuses: [.todo, .doing], changes: [.remove]) }
}

struct TaskEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change tasks' dates, priority, categories or words.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var targets: TaskTargets
    @Option(help: "Due date: \(TaskDateInput.forms), or none.") var due: String?
    @Option(help: "Scheduled date, as --due.") var scheduled: String?
    @Option(help: "Start date, as --due.") var start: String?
    @Option(help: "highest, high, medium, normal, low or lowest.") var priority: NoteTask.Priority?
    @Option(name: .customLong("add-category"), help: "Add #CATEGORY (repeatable).") var added: [String] = []
    @Option(name: .customLong("remove-category"), help: "Remove #CATEGORY (repeatable).") var removed: [String] = []
    @Option(help: "New words for the task; its fields and categories stay.") var text: String?

    func run() throws {
        let today = try global.openSession().today
        var changes: [TaskChange] = []
        for (field, value) in [(NoteTask.DateField.due, due), (.scheduled, scheduled), (.start, start)] {
            guard let value else { continue }
            changes.append(.date(field, value.lowercased() == "none" ? nil : try taskDate(value, option: field.rawValue, today: today)))
        }
        if let priority { changes.append(.priority(priority)) }
        for name in added { changes.append(.addCategory(try categoryName(name))) }
        for name in removed { changes.append(.removeCategory(try categoryName(name))) }
        if let text {
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty, !text.contains(where: \.isNewline) else { throw ValidationError("--text must be one line of words") }
            changes.append(.text(text.trimmingCharacters(in: .whitespaces)))
        }
        if changes.isEmpty { throw ValidationError("say what to change: --due, --scheduled, --start, --priority, --add-category, --remove-category or --text") }
        try targets.run(global, verb: "changed", statuses: [.todo, .doing], changes: changes)
    }
}

struct TaskAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a task to a note, by default the inbox (tasks.inbox, Tasks.md).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The task's words; #tags in them are its categories.") var words: [String]
    @Option(help: "Due date: \(TaskDateInput.forms).") var due: String?
    @Option(help: "Scheduled date, as --due.") var scheduled: String?
    @Option(help: "highest, high, medium, normal, low or lowest.") var priority: NoteTask.Priority = .normal
    @Option(name: [.short, .customLong("category")], help: "A category, written #CATEGORY on the line (repeatable).") var categories: [String] = []
    @Option(help: "Repeat it: 'week', '2 days', 'month on the 1st' (the Tasks plugin's rules after 'every').") var every: String?
    @Option(help: "The note to add it to.", completion: Completions.notes) var note: String?
    @OptionGroup var output: WriteOutput

    func run() throws {
        let text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.contains(where: \.isNewline) else { throw ValidationError("a task is one line of words") }
        let session = try Session(global)
        let today = session.vault.today
        var draft = TaskDraft(text: text)
        draft.due = try due.map { try taskDate($0, option: "due", today: today) }
        draft.scheduled = try scheduled.map { try taskDate($0, option: "scheduled", today: today) }
        draft.priority = priority
        draft.categories = try categories.map(categoryName)
        if let every {
            let rule = every.lowercased().hasPrefix("every ") ? every : "every " + every
            guard TaskRecurrence(rule) != nil else { throw ValidationError("vault cannot follow the rule '\(rule)' (try 'week', '2 days', 'weekday', 'month on the 1st')") }
            draft.recurrence = rule
        }
        let path = try note.map { try session.resolve($0).path }
        let task = try session.write { try AddTask(draft, to: path).run(in: $0) }.task
        if output.format == .json {
            var json = JSONWriter()
            ReportJSON.write(changed: [task.path], failed: [], to: &json) { json in
                json.key("tasks"); json.beginArray()
                TaskJSON.write(task, bucket: session.vault.agenda.bucket(of: task), to: &json)
                json.endArray()
            }
            session.terminal.line(json.output)
        } else if output.quiet {
            session.terminal.line("1 task added")
        } else {
            session.terminal.line(TerminalText.escaped("added \(task.path):\(task.line) \(task.text) · \(task.ref)"))
        }
    }
}

/// A date option's value, or a usage error that lists the forms.
private func taskDate(_ value: String, option: String, today: TaskDate) throws -> TaskDate {
    guard let date = TaskDateInput.parse(value, today: today) else {
        throw ValidationError("invalid date '\(value)' for --\(option) (use \(TaskDateInput.forms))")
    }
    return date
}

/// A category as a tag name, without its `#`.
private func categoryName(_ name: String) throws -> String {
    let bare = name.hasPrefix("#") ? String(name.dropFirst()) : name
    if let problem = TagName.problem(with: bare) { throw VaultError.invalidTagName(name, reason: problem) }
    return bare
}

extension NoteTask.Priority: ExpressibleByArgument {}
