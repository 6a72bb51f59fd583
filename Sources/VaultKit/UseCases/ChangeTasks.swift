/// Changing tasks (status, dates, priority, categories, removal), the one way every front
/// end does it: each note written once however many of its tasks change, and the change
/// recorded for `vault undo` by one rule: when it can touch more than one task (several
/// asked for, or those a query chose), or can take a task's line away (`rm`, or `done` on
/// a task that asks `🏁 delete`), which `vault task undo` cannot bring back.
public struct ChangeTasks {
    /// What a change did.
    public struct Report: Sendable {
        /// Each task with what became of it, in the order changed: by note, from the last
        /// line up (so that a task's line number holds until it is changed).
        public var results: [(task: NoteTask, result: Result<TaskOperations.Outcome, VaultError>)] = []
        /// The operation in `.vault/history/`; nil for a dry run, a single task, or no change.
        public var recordID: String?

        /// The tasks as they are now, with the next occurrences a completed recurring task added.
        public var changed: [NoteTask] {
            results.flatMap { (try? $0.result.get()).map { [$0.after, $0.next].compactMap { $0 } } ?? [] }
        }
        public var failed: [VaultError] {
            results.compactMap { if case .failure(let error) = $0.result { error } else { nil } }
        }
    }

    public let tasks: [NoteTask]
    public let changes: [TaskChange]
    /// The query that chose the tasks, if one did.
    public let query: String?
    /// Recorded even when it changes one task: for a front end whose every change is taken
    /// back by `vault undo` (an assistant's).
    public var alwaysRecorded = false

    public init(_ tasks: [NoteTask], _ changes: [TaskChange], chosenBy query: String? = nil) {
        var seen = Set<String>()
        self.tasks = tasks.filter { seen.insert($0.fullRef).inserted }
            .sorted { $0.path != $1.path ? $0.path < $1.path : $0.line > $1.line }
        self.changes = changes
        self.query = query
    }

    /// What it would do, nothing written.
    public func plan(in session: VaultSession) -> Report {
        Report(results: Array(zip(tasks, TaskOperations(vault: session.vault, today: session.today).change(tasks, changes, dryRun: true))))
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws -> Report {
        var report = Report()
        let apply = { (writing: VaultChanges) in
            report.results = Array(zip(tasks, writing.tasks.change(tasks, self.changes)))
        }
        if query != nil || tasks.count > 1 || removesALine || alwaysRecorded {
            report.recordID = try changes.recorded(.tasks, summary: summary) { apply($0) }.recordID
        } else {
            apply(changes)
        }
        return report
    }

    /// True when a task's line may go: removed, or done when it asks to be deleted then.
    var removesALine: Bool {
        if changes.contains(.remove) { return true }
        guard changes.contains(.status(.done)) else { return false }
        return tasks.contains { TaskLine($0.source, path: $0.path, number: $0.line)?.onCompletion == "delete" }
    }

    /// `done 3 tasks`, `removed query tag:old`.
    var summary: String {
        let verb: String = switch changes.first {
        case .status(.done): "done"
        case .status(.doing): "doing"
        case .status(.todo): "to do"
        case .status(.cancelled): "cancelled"
        case .remove: "removed"
        default: "changed"
        }
        return "\(verb) " + (query.map { "query \($0)" } ?? "\(tasks.count) task\(tasks.count == 1 ? "" : "s")")
    }
}
