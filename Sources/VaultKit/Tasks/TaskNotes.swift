import VaultPlatform

/// The notes `vault tasks` lists the tasks of, as no more than it reads of each: its path,
/// its place in list order and its encoded task list (`NoteTasks`), in the order the scan
/// listed them. Those from a scan that left notes out hold only the notes with a task
/// (`RejectedNotes.taskNotes()`).
///
/// The agenda's scan leaves out the notes the main cache file describes as they are
/// (`VaultSession.scanLeavingOutCached()`), and their task lists are read straight from
/// their entries: making a `Note` of each (a storage object, a retained path and keeper)
/// only to read its tasks was a sixth of the command's instructions.
package struct TaskNotes: @unchecked Sendable {
    /// Each note's path, by position.
    package let paths: [String]
    /// Each note's encoded task list: in its cache entry, or in the bytes of a note the scan
    /// made. Valid while `keeper` is.
    let lists: [ByteReader]
    /// The positions in list order.
    package let listOrder: [Int]
    /// What keeps the bytes of `lists`: the scan's notes and cache.
    private let keeper: Any

    /// The notes at `paths`, with their order keys and task lists; `note` makes the note at
    /// a position when two keys tie (the list order then compares titles and paths), once
    /// per position however many comparisons it is in. Nil when such a note cannot be made.
    init?(paths: [String], keys: [ListOrderKey], lists: [ByteReader], keeper: Any, note: (Int) -> Note?) {
        var sound = true
        // Made on the first tie: a vault whose files share one mtime (a git checkout, an
        // unzip) ties every key, and making a note per comparison (an entry summed and its
        // values decoded each time) cost more than leaving the notes out saved.
        var made: [Note?] = []
        func madeNote(_ position: Int) -> Note? {
            if made.isEmpty { made = Array(repeating: nil, count: keys.count) }
            if let known = made[position] { return known }
            let fresh = note(position)
            made[position] = fresh
            return fresh
        }
        let order = ListOrderKey.order(of: keys) { a, b in
            guard sound, let first = madeNote(a), let second = madeNote(b) else {
                sound = false
                return a < b
            }
            return VaultIndex.listOrder(first, second)
        }
        guard sound else { return nil }
        (self.paths, self.lists, self.listOrder, self.keeper) = (paths, lists, order, keeper)
    }

    /// Every task of `statuses` as a record (naming its note by its position here), in list
    /// order, with the task fields that could not be read; nil when a task list turns out
    /// damaged (the caller then reads the notes from a full scan).
    package func records(_ statuses: Set<NoteTask.Status>) -> (records: [TaskRecord], problems: [Diagnostic])? {
        lists.withUnsafeBufferPointer { lists in
            paths.withUnsafeBufferPointer { paths in
                VaultSession.allRecords(of: Lists(lists: lists, paths: paths), listOrder: listOrder, statuses: TaskStatusSet(statuses))
            }
        }
    }

    /// The task lists as `VaultSession.allRecords` reads them.
    private struct Lists: TaskListSource, @unchecked Sendable {
        let lists: UnsafeBufferPointer<ByteReader>
        let paths: UnsafeBufferPointer<String>

        var count: Int { lists.count }

        func taskCount(at position: Int, _ statuses: TaskStatusSet) -> (wanted: Int, total: Int)? {
            var reader = lists[position]
            return NoteTaskList.count(from: &reader, statuses: statuses)
        }

        func prefetchList(at position: Int) {
            let list = lists[position]
            if let base = list.bytes.baseAddress, list.offset >= 0, list.offset < list.bytes.count { ByteSearch.prefetch(base + list.offset) }
        }

        func taskRecords(at position: Int, _ statuses: TaskStatusSet, problems: inout [Diagnostic], emit: (TaskRecord) -> Void) -> Bool {
            var reader = lists[position]
            return NoteTaskList.records(from: &reader, note: position, path: paths[position], statuses: statuses, problems: &problems, emit: emit)
        }
    }
}

/// The task lists of notes by position, as `VaultSession.allRecords` reads them.
protocol TaskListSource: Sendable {
    var count: Int { get }
    /// See `Note.taskCount(_:)`.
    func taskCount(at position: Int, _ statuses: TaskStatusSet) -> (wanted: Int, total: Int)?
    /// See `Note.taskRecords(_:position:problems:emit:)`.
    func taskRecords(at position: Int, _ statuses: TaskStatusSet, problems: inout [Diagnostic], emit: (TaskRecord) -> Void) -> Bool
    /// Asks for the start of the task list at `position` ahead of reading it (a hint).
    func prefetchList(at position: Int)
}

extension TaskListSource {
    func prefetchList(at position: Int) {}
}

/// The task lists of notes.
struct NoteTaskLists: TaskListSource, @unchecked Sendable {
    let notes: UnsafeBufferPointer<Note>

    var count: Int { notes.count }

    func taskCount(at position: Int, _ statuses: TaskStatusSet) -> (wanted: Int, total: Int)? {
        notes[position].taskCount(statuses)
    }

    func taskRecords(at position: Int, _ statuses: TaskStatusSet, problems: inout [Diagnostic], emit: (TaskRecord) -> Void) -> Bool {
        notes[position].taskRecords(statuses, position: position, problems: &problems, emit: emit)
    }
}
