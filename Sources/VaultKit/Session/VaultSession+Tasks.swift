import Dispatch
import Foundation
import VaultPlatform

extension VaultSession {
    /// The tasks of `notes` that `include` accepts (all without it), in the notes' order
    /// and each note's line order, with the task fields that could not be read: from the
    /// cache for the notes read from it, decoded on all cores.
    package func tasks(of notes: [Note], statuses: TaskStatusSet = .all, where include: (@Sendable (NoteTask, Note) -> Bool)? = nil) -> (tasks: [NoteTask], problems: [Diagnostic]) {
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
    ///
    /// The records are in list order: the order of the notes at `listOrder`, positions in
    /// `notes` (`VaultIndex.listOrder(of:)`), or of `notes` without it. With it, `notes` can
    /// stay in the order they were scanned, which is the order of the cache's bytes: the
    /// tasks are read in it, from memory one after the other rather than at random (a third
    /// of the time of reading 450,000 tasks), and no list of the notes in list order is
    /// made (a retain of each note, at random too).
    package func withTaskRecords<Result>(matching query: Query?, in notes: [Note], listOrder: [Int]? = nil, statuses: Set<NoteTask.Status>,
                                        _ body: (_ tasks: [TaskRecord], _ problems: [Diagnostic]) throws -> Result) rethrows -> Result {
        let (evaluator, statuses) = taskSelection(query, in: notes, statuses: statuses)
        let order = listOrder.flatMap { Self.isPermutation($0, of: notes.count) ? $0 : nil } ?? Array(notes.indices)
        let (records, problems): ([TaskRecord], [Diagnostic])
        if let evaluator {
            (records, problems) = Self.collect(notes, in: order, statuses: statuses) { record, note in
                evaluator.matches(NoteTask(record, path: note.path), of: note) ? record : nil
            }
        } else {
            (records, problems) = notes.withUnsafeBufferPointer { Self.allRecords(of: NoteTaskLists(notes: $0), listOrder: order, statuses: statuses) }
                ?? Self.collect(notes, in: order, statuses: statuses) { record, _ in record }
        }
        return try withExtendedLifetime(notes) { try body(records, problems) }
    }

    /// Every note, as `scan(matching: nil, countingNotes: false)` reads them, but for those
    /// the main cache file describes as they are: not made (`ScanResult.rejected`), for
    /// `taskNotes(of:)` to read their task lists from their entries.
    package func scanLeavingOutCached() throws(VaultError) -> ScanResult {
        try vault.scan(filter: .leavingOutCached, countingNotes: false)
    }

    /// The notes of `scan` as the agenda reads them (`TaskNotes`), in the order scanned:
    /// of a scan that left out the notes the main cache file describes
    /// (`scanLeavingOutCached()`), those from their entries. Nil when one of those entries
    /// is not sound now; the caller then scans again and reads `scan.notes`.
    package func taskNotes(of scan: ScanResult) -> TaskNotes? {
        if scan.rejected > 0 { return scan.rejectedNotes?.taskNotes() }
        let notes = scan.notes
        Note.readLaterValues(of: notes)
        return TaskNotes(paths: notes.map(\.path), keys: notes.map(\.orderKey), lists: notes.map { $0.encodedValue(of: NoteTasks.self) },
                         keeper: notes) { notes[$0] }
    }

    /// Whether `order` holds each position of `count` elements once.
    private static func isPermutation(_ order: [Int], of count: Int) -> Bool {
        guard order.count == count else { return false }
        var seen = [Bool](repeating: false, count: count)
        for position in order {
            guard position >= 0, position < count, !seen[position] else { return false }
            seen[position] = true
        }
        return true
    }

    /// The evaluator of `query`, and the statuses to read: all when the query chooses.
    private func taskSelection(_ query: Query?, in notes: [Note], statuses: Set<NoteTask.Status>) -> (QueryEvaluator?, TaskStatusSet) {
        let context = queryContext.linked(for: query) { notes }
        let evaluator = query?.evaluator(context: context)
        return (evaluator, query?.choosesTaskStatus == true ? TaskStatusSet.all : TaskStatusSet(statuses))
    }

    /// What `make` makes of each task of `statuses` (nil leaves it out), in the order of
    /// the notes at `order` (positions in `notes`; all of them in order without it), with
    /// the task fields that could not be read, on all cores.
    private static func collect<Task>(_ notes: [Note], in order: [Int]? = nil, statuses: TaskStatusSet,
                                      make: @escaping @Sendable (TaskRecord, Note) -> Task?) -> (tasks: [Task], problems: [Diagnostic]) {
        let chunks = ParallelChunks.map(count: notes.count, chunk: 256) { range -> ([Task], [Diagnostic]) in
            var tasks: [Task] = []
            var problems: [Diagnostic] = []
            // Through a buffer: the array's subscript copies each note (and retains its parts).
            notes.withUnsafeBufferPointer { notes in
                for rank in range {
                    let position = order?[rank] ?? rank
                    guard !read(notes[position], at: position, statuses, make, into: &tasks, &problems) else { continue }
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
    /// than decoding. The notes are read in their order, and each note's records written
    /// where `listOrder` (each position of `notes` once) puts them. Nil when a count or a
    /// record turns out damaged; `collect` then reads them again.
    static func allRecords(of notes: [Note], listOrder order: [Int], statuses: TaskStatusSet) -> ([TaskRecord], [Diagnostic])? {
        notes.withUnsafeBufferPointer { allRecords(of: NoteTaskLists(notes: $0), listOrder: order, statuses: statuses) }
    }

    /// `allRecords(of:listOrder:statuses:)` of the task lists of `notes`.
    static func allRecords<Lists: TaskListSource>(of notes: Lists, listOrder order: [Int], statuses: TaskStatusSet) -> ([TaskRecord], [Diagnostic])? {
        let chunk = 256
        let chunks = (notes.count + chunk - 1) / chunk
        // Each note's number of records, then where they start in list order.
        let starts = WorkerSlots(repeating: 0, count: notes.count)
        // Whether each note has a task at all: the others (four notes in ten of a large
        // vault) have neither records nor problems, and are not read again.
        let hasTasks = WorkerSlots<Bool>(repeating: false, count: notes.count)
        let sound = WorkerSlots<Bool>(repeating: true, count: chunks)
        let problems = WorkerSlots<[(position: Int, found: [Diagnostic])]>(repeating: [], count: chunks)
        defer {
            starts.free()
            hasTasks.free()
            sound.free()
            problems.free()
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { number in
            for position in (number * chunk)..<min(notes.count, number * chunk + chunk) {
                if position + Self.listsAhead < notes.count { notes.prefetchList(at: position + Self.listsAhead) }
                guard let count = notes.taskCount(at: position, statuses) else {
                    sound[number] = false
                    return
                }
                starts[position] = count.wanted
                hasTasks[position] = count.total > 0
            }
        }
        guard (0..<chunks).allSatisfy({ sound[$0] }) else { return nil }
        let (rank, total) = { () -> ([Int], Int) in
            var rank = [Int](repeating: 0, count: notes.count)
            var total = 0
            for (place, position) in order.enumerated() {
                (starts[position], total) = (total, total + starts[position])
                rank[position] = place
            }
            return (rank, total)
        }()
        let records = [TaskRecord](unsafeUninitializedCapacity: total) { buffer, initialized in
            Syscalls.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            let records = WorkerSlots(wrapping: buffer)
            DispatchQueue.concurrentPerform(iterations: chunks) { number in
                var found: [(position: Int, found: [Diagnostic])] = []
                var noteProblems: [Diagnostic] = []
                let positions = (number * chunk)..<min(notes.count, number * chunk + chunk)
                for position in positions where hasTasks[position] {
                    // Each note's records go where list order puts it, at random in 15 MB:
                    // without asking ahead, every note waited for the lines it writes.
                    let ahead = position + Self.listsAhead
                    if ahead < notes.count, hasTasks[ahead] {
                        notes.prefetchList(at: ahead)
                        if starts[ahead] < total { records.prefetchForWriting(at: starts[ahead]) }
                    }
                    var next = starts[position]
                    let end = rank[position] + 1 < order.count ? starts[order[rank[position] + 1]] : total
                    let complete = notes.taskRecords(at: position, statuses, problems: &noteProblems) { record in
                        if next < end { records[next] = record }
                        next += 1
                    }
                    guard complete, next == end else {
                        sound[number] = false
                        return
                    }
                    if !noteProblems.isEmpty {
                        found.append((rank[position], noteProblems))
                        noteProblems = []
                    }
                }
                problems[number] = found
            }
            // Records of plain values: a damaged list leaves slots unwritten, and then none
            // is handed out.
            initialized = (0..<chunks).allSatisfy { sound[$0] } ? total : 0
        }
        guard (0..<chunks).allSatisfy({ sound[$0] }) else { return nil }
        // The problems in list order, as the records.
        let found = (0..<chunks).flatMap { problems[$0] }.sorted { $0.position < $1.position }
        return (records, found.flatMap(\.found))
    }

    /// How many notes ahead `allRecords` asks for the task list it reads and the records
    /// it writes.
    private static let listsAhead = 4

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
    public var agenda: TaskAgenda { TaskAgenda(today: today, weekStart: config.weekStart, categoryOrder: config.taskCategoryOrder) }

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
