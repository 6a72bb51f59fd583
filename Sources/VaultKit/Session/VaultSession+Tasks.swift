import Foundation
import VaultPlatform

extension VaultSession {
    /// The tasks of `notes` that `include` accepts (all without it), in the notes' order
    /// and each note's line order, with the task fields that could not be read: from the
    /// cache for the notes read from it, decoded on all cores.
    public func tasks(of notes: [Note], statuses: TaskStatusSet = .all, where include: (@Sendable (NoteTask, Note) -> Bool)? = nil) -> (tasks: [NoteTask], problems: [Diagnostic]) {
        if include == nil { return Self.tasks(of: notes, statuses: statuses) }
        var tasks: [NoteTask] = []
        var problems: [Diagnostic] = []
        ParallelChunks.run(count: notes.count, chunk: 512, format: { range -> ([NoteTask], [Diagnostic]) in
            var found: ([NoteTask], [Diagnostic]) = ([], [])
            for note in notes[range] {
                let start = found.0.count
                note.appendTasks(statuses, to: &found.0, problems: &found.1)
                guard let include else { continue }
                var kept = start
                for position in start..<found.0.count where include(found.0[position], note) {
                    found.0.swapAt(kept, position)
                    kept += 1
                }
                found.0.removeSubrange(kept...)
            }
            return found
        }, emit: { found in
            tasks += found.0
            problems += found.1
        })
        return (tasks, problems)
    }

    /// Every task of `statuses`, decoded on all cores straight into its place in the result:
    /// each note's count is in its record, so the result is sized first and no worker
    /// waits for another's output to be copied.
    private static func tasks(of notes: [Note], statuses: TaskStatusSet) -> (tasks: [NoteTask], problems: [Diagnostic]) {
        var offsets: [Int] = []
        offsets.reserveCapacity(notes.count + 1)
        var total = 0
        for note in notes {
            offsets.append(total)
            total += note.taskCount(statuses)
        }
        offsets.append(total)
        let starts = offsets
        var problems: [Diagnostic] = []
        let tasks = [NoteTask](unsafeUninitializedCapacity: total) { buffer, initialized in
            let output = SharedOutput(buffer)
            ParallelChunks.run(count: notes.count, chunk: 256, format: { range -> [Diagnostic] in
                var found: [Diagnostic] = []
                for index in range {
                    notes[index].initializeTasks(statuses, at: output.at(starts[index]), problems: &found)
                }
                return found
            }, emit: { problems += $0 })
            initialized = total
        }
        return (tasks, problems)
    }

    /// The tasks `query` selects, as `vault tasks QUERY` reads it (see
    /// `QueryEvaluator.matches(_:of:)`), in list order; `statuses` limits them unless the
    /// query names statuses itself.
    public func tasks(matching query: Query?, in notes: [Note], statuses: Set<NoteTask.Status>) -> (tasks: [NoteTask], problems: [Diagnostic]) {
        var context = queryContext
        if query?.needsLinks == true { context.links = LinkGraph(notes) }
        let evaluator = query?.evaluator(context: context)
        let statuses = query?.choosesTaskStatus == true ? TaskStatusSet.all : TaskStatusSet(statuses)
        guard let evaluator else { return tasks(of: notes, statuses: statuses) }
        return tasks(of: notes, statuses: statuses) { task, note in evaluator.matches(task, of: note) }
    }

    /// Today's date where the vault is, for the agenda.
    public var today: TaskDate { vault.today }

    /// The agenda with the vault's week start, seen from today.
    public var agenda: TaskAgenda { TaskAgenda(today: today, weekStart: config.weekStart) }

    /// The task of `tasks` whose REF is `ref` or starts with it (at least 4 characters).
    public func task(_ ref: String, in tasks: [NoteTask]) throws(VaultError) -> NoteTask {
        let wanted = ref.lowercased()
        guard wanted.count >= 4, wanted.allSatisfy(\.isHexDigit) else { throw .taskNotFound(ref) }
        let found = tasks.filter { $0.fullRef.hasPrefix(wanted) }
        guard let first = found.first else { throw .taskNotFound(ref) }
        guard found.count == 1 else { throw .ambiguousTask(ref, candidates: found.map { "\($0.fullRef.prefix(wanted.count + 3)) (\($0.path):\($0.line))" }) }
        return first
    }
}

extension Vault {
    /// Today's date in the vault's time zone.
    public var today: TaskDate {
        TaskDate(dayNumber: NoteDate.localFields(now(), timeZone: timeZone).dayNumber)
    }
}

extension VaultChanges {
    /// Change and add tasks, dated today.
    public var tasks: TaskOperations { TaskOperations(vault: vault, today: vault.today) }
}

/// The result buffer that workers initialize, each its own part.
private struct SharedOutput: @unchecked Sendable {
    let start: UnsafeMutablePointer<NoteTask>?

    init(_ buffer: UnsafeMutableBufferPointer<NoteTask>) {
        // An empty result has no base address; nothing is written to it then.
        start = buffer.baseAddress
    }

    /// Where the task at `offset` goes.
    func at(_ offset: Int) -> UnsafeMutablePointer<NoteTask>? { start.map { $0 + offset } }
}
