import Dispatch
import Foundation
import VaultPlatform

extension VaultSession {
    /// The tasks of `notes` that `include` accepts (all without it), in the notes' order
    /// and each note's line order, with the task fields that could not be read: from the
    /// cache for the notes read from it, decoded on all cores.
    public func tasks(of notes: [Note], statuses: TaskStatusSet = .all, where include: (@Sendable (NoteTask, Note) -> Bool)? = nil) -> (tasks: [NoteTask], problems: [Diagnostic]) {
        guard let include else { return Self.collect(notes, statuses: statuses) { record, note in NoteTask(record, path: note.path) } }
        return Self.collect(notes, statuses: statuses) { record, note in
            let task = NoteTask(record, path: note.path)
            return include(task, note) ? task : nil
        }
    }

    /// The tasks `query` selects, as `vault tasks QUERY` reads it (see
    /// `QueryEvaluator.matches(_:of:)`), in list order; `statuses` limits them unless the
    /// query names statuses itself.
    public func tasks(matching query: Query?, in notes: [Note], statuses: Set<NoteTask.Status>) -> (tasks: [NoteTask], problems: [Diagnostic]) {
        let (evaluator, statuses) = taskSelection(query, in: notes, statuses: statuses)
        guard let evaluator else { return tasks(of: notes, statuses: statuses) }
        return tasks(of: notes, statuses: statuses) { task, note in evaluator.matches(task, of: note) }
    }

    /// Calls `body` with the tasks `query` selects, as `tasks(matching:in:statuses:)` finds
    /// them, as records: these name their notes by their position in `notes`, and point
    /// into the notes' bytes, so they are valid in `body` only, and must not leave it. A
    /// task's strings are made only if the query looks at them, so that listing a vault's
    /// hundreds of thousands of tasks makes none.
    public func withTaskRecords<Result>(matching query: Query?, in notes: [Note], statuses: Set<NoteTask.Status>,
                                        _ body: (_ tasks: [TaskRecord], _ problems: [Diagnostic]) throws -> Result) rethrows -> Result {
        let (evaluator, statuses) = taskSelection(query, in: notes, statuses: statuses)
        let (records, problems): ([TaskRecord], [Diagnostic])
        if let evaluator {
            (records, problems) = Self.collect(notes, statuses: statuses) { record, note in
                evaluator.matches(NoteTask(record, path: note.path), of: note) ? record : nil
            }
        } else {
            (records, problems) = Self.allRecords(of: notes, statuses: statuses) ?? Self.collect(notes, statuses: statuses) { record, _ in record }
        }
        return try withExtendedLifetime(notes) { try body(records, problems) }
    }

    /// The evaluator of `query`, and the statuses to read: all when the query chooses.
    private func taskSelection(_ query: Query?, in notes: [Note], statuses: Set<NoteTask.Status>) -> (QueryEvaluator?, TaskStatusSet) {
        var context = queryContext
        if query?.needsLinks == true { context.links = LinkGraph(notes) }
        let evaluator = query?.evaluator(context: context)
        return (evaluator, query?.choosesTaskStatus == true ? TaskStatusSet.all : TaskStatusSet(statuses))
    }

    /// What `make` makes of each task of `statuses` (nil leaves it out), in the notes' order,
    /// with the task fields that could not be read, on all cores.
    private static func collect<Task>(_ notes: [Note], statuses: TaskStatusSet, make: @escaping @Sendable (TaskRecord, Note) -> Task?) -> (tasks: [Task], problems: [Diagnostic]) {
        let chunks = ParallelChunks.map(count: notes.count, chunk: 256) { range -> ([Task], [Diagnostic]) in
            var tasks: [Task] = []
            var problems: [Diagnostic] = []
            // Through a buffer: the array's subscript copies each note (and retains its parts).
            notes.withUnsafeBufferPointer { notes in
                for position in range where !read(notes[position], at: position, statuses, make, into: &tasks, &problems) {
                    guard read(notes[position].readAgain(), at: position, statuses, make, into: &tasks, &problems) else {
                        preconditionFailure("tasks encoded here do not decode")
                    }
                }
            }
            return (tasks, problems)
        }
        var tasks: [Task] = []
        tasks.reserveCapacity(chunks.reduce(0) { $0 + $1.0.count })
        for chunk in chunks { tasks += chunk.0 }
        return (tasks, chunks.flatMap(\.1))
    }

    /// Every task of `statuses` of `notes` as a record, as `collect` reads them, written in
    /// place into one array sized from the counts the task lists start with: `vault tasks`
    /// on a large vault reads hundreds of thousands, and gathering them in arrays that
    /// grew and were then joined spent more time getting fresh memory from the kernel
    /// than decoding. Nil when a count or a record turns out damaged; `collect` then reads
    /// them again.
    private static func allRecords(of notes: [Note], statuses: TaskStatusSet) -> ([TaskRecord], [Diagnostic])? {
        let chunk = 256
        let counts = ParallelChunks.map(count: notes.count, chunk: chunk) { range -> Int? in
            var total = 0
            for position in range {
                guard let count = notes[position].taskCount(statuses) else { return nil }
                total += count
            }
            return total
        }
        let known = counts.compactMap { $0 }
        guard known.count == counts.count else { return nil }
        // Where each chunk's records start, and the last one's end.
        let starts = known.reduce(into: [0]) { starts, count in starts.append(starts[starts.count - 1] + count) }
        let total = starts[starts.count - 1]
        let problems = WorkerSlots<[Diagnostic]>(repeating: [], count: counts.count)
        let sound = WorkerSlots<Bool>(repeating: true, count: counts.count)
        defer { (problems.free(), sound.free()) }
        let records = [TaskRecord](unsafeUninitializedCapacity: total) { buffer, initialized in
            let records = WorkerSlots(wrapping: buffer)
            DispatchQueue.concurrentPerform(iterations: counts.count) { number in
                var next = starts[number]
                var found: [Diagnostic] = []
                notes.withUnsafeBufferPointer { notes in
                    for position in number * chunk..<min(notes.count, number * chunk + chunk) {
                        let complete = notes[position].taskRecords(statuses, position: position, problems: &found) { record in
                            if next < starts[number + 1] { records[next] = record }
                            next += 1
                        }
                        if !complete { next = -1; break }
                    }
                }
                problems[number] = found
                sound[number] = next == starts[number + 1]
            }
            // Records of plain values: a damaged list leaves slots unwritten, and then none
            // is handed out.
            initialized = (0..<counts.count).allSatisfy { sound[$0] } ? total : 0
        }
        guard (0..<counts.count).allSatisfy({ sound[$0] }) else { return nil }
        return (records, (0..<counts.count).flatMap { problems[$0] })
    }

    /// Appends what `make` makes of `note`'s tasks, and their problems; false, having
    /// appended nothing, when its cache entry's tasks turn out to be damaged. (A function of
    /// its own: a nested one that captured the chunk's arrays had every access to them
    /// checked at run time.)
    private static func read<Task>(_ note: Note, at position: Int, _ statuses: TaskStatusSet, _ make: (TaskRecord, Note) -> Task?,
                                   into tasks: inout [Task], _ problems: inout [Diagnostic]) -> Bool {
        let marks = (tasks.count, problems.count)
        let complete = note.taskRecords(statuses, position: position, problems: &problems) { record in
            if let task = make(record, note) { tasks.append(task) }
        }
        if !complete {
            tasks.removeSubrange(marks.0...)
            problems.removeSubrange(marks.1...)
        }
        return complete
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
