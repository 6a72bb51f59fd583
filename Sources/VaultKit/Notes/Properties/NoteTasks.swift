import Foundation
import VaultPlatform

/// The tasks of a note (docs/tasks.md), read once when the note is read and kept in the cache,
/// so that `vault tasks` on an unchanged vault reads no note file.
package enum NoteTasks: FileProperty {
    package typealias Value = NoteTaskList
    package static let jsonName: String? = nil
    package static let isBulky = true

    package static func read(file: UnsafeRawBufferPointer, path: String) -> NoteTaskList {
        let read = TaskReader.tasks(in: file, path: path)
        return NoteTaskList(tasks: read.tasks, problems: read.problems)
    }
}

/// A note's tasks and the task fields that could not be read.
///
/// Kept in the cache as one length-prefixed record, so that commands that do not ask for
/// tasks step over it at once; inside, numbers are LEB128 varints and each task keeps its
/// REF's hash (eight bytes as they are: a hash is ten as a varint, and slow to decode)
/// rather than its whole line (tasks from the cache have an empty `source`).
package struct NoteTaskList: Sendable, Equatable, NotePropertyValue {
    package var tasks: [NoteTask]
    package var problems: [Diagnostic]

    package func encode(to writer: inout ByteWriter) {
        var record = VarintWriter()
        record.int(tasks.count)
        // How many of each status: what `vault tasks` sizes its array of records by.
        for code in 0..<4 { record.int(tasks.count { $0.status.code == code }) }
        for task in tasks {
            record.int(task.line)
            record.int(task.parentLine ?? 0)
            record.int(task.occurrence)
            record.fixed64(task.refHash)
            record.int(task.status.code)
            record.int(task.priority.code)
            var present = 0
            for field in NoteTask.DateField.allCases where task[field] != nil { present |= 1 << field.code }
            record.int(present)
            for field in NoteTask.DateField.allCases { if let date = task[field] { record.int(date.dayNumber) } }
            record.string(task.text)
            record.int(task.recurrence == nil ? 0 : 1)
            if let recurrence = task.recurrence { record.string(recurrence) }
            record.strings(task.categories)
            record.strings(task.notes)
        }
        record.int(problems.count)
        for problem in problems {
            record.int(problem.line ?? 0)
            record.int(problem.column ?? 0)
            record.string(problem.message)
        }
        writer.record(record.bytes)
    }

    package static func decode(from reader: inout ByteReader) -> NoteTaskList? {
        decode(from: &reader, path: "", statuses: TaskStatusSet.all)
    }

    /// The list with `path` as each task's, keeping only the tasks of `statuses`: the
    /// others are stepped over without making their strings.
    static func decode(from reader: inout ByteReader, path: String, statuses: TaskStatusSet) -> NoteTaskList? {
        var list = NoteTaskList(tasks: [], problems: [])
        let decoded = records(from: &reader, note: 0, path: path, statuses: statuses, problems: &list.problems) {
            list.tasks.append(NoteTask($0, path: path))
        }
        return decoded ? list : nil
    }

    /// Calls `emit` with a record of each task of `statuses`, which points into `reader`'s
    /// bytes and names `note`, and appends the problems, naming the note at `path` (asked
    /// for only when there are some). The words of the tasks handed out are checked for UTF-8;
    /// those of the tasks left out are only stepped over.
    static func records(from reader: inout ByteReader, note: Int, path: @autoclosure () -> String, statuses: TaskStatusSet,
                        problems: inout [Diagnostic], emit: (TaskRecord) -> Void) -> Bool {
        guard let bytes = reader.stringBytes() else { return false }
        var record = VarintReader(bytes: bytes)
        guard let count = record.int(), count >= 0, count <= bytes.count else { return false }
        for _ in 0..<4 { guard record.int() != nil else { return false } }
        for _ in 0..<count {
            let taskStart = record.offset
            guard record.int() != nil, record.int() != nil, record.int() != nil, record.fixed64() != nil,
                  let status = record.int().flatMap(NoteTask.Status.init(code:)),
                  let priority = record.int().flatMap(NoteTask.Priority.init(code:)),
                  let present = record.int() else { return false }
            // The dates and words of a task left out are stepped over, its words unchecked:
            // `vault tasks` leaves out the done ones, half of a vault's.
            let wanted = statuses.contains(status)
            var days = TaskRecord.noDays
            if wanted {
                guard let read = TaskRecord.days(present: present, from: &record) else { return false }
                days = read
            } else {
                for _ in 0..<TaskRecord.dayCount(present: present) where record.int() == nil { return false }
            }
            let wordsStart = record.offset
            guard record.skipString(checked: wanted), let hasRecurrence = record.int(),
                  hasRecurrence == 0 || (hasRecurrence == 1 && record.skipString(checked: wanted)),
                  record.skipStrings(checked: wanted), record.skipStrings(checked: wanted) else { return false }
            guard wanted else { continue }
            guard let task = TaskRecord(note: note, bytes: UnsafeRawBufferPointer(rebasing: bytes[taskStart..<record.offset]),
                                        wordsStart: wordsStart - taskStart, status: status, priority: priority, days: days) else { return false }
            emit(task)
        }
        guard let problemCount = record.int(), problemCount >= 0, problemCount <= bytes.count else { return false }
        for _ in 0..<problemCount {
            guard let line = record.int(), let column = record.int(), let message = record.string() else { return false }
            problems.append(Diagnostic(path: path(), line: line == 0 ? nil : line, column: column == 0 ? nil : column, severity: .error, message: message))
        }
        return record.isAtEnd
    }

    /// The number of tasks of `statuses` the list says it holds, and of all its tasks;
    /// nil for bytes that are not a list.
    static func count(from reader: inout ByteReader, statuses: TaskStatusSet) -> (wanted: Int, total: Int)? {
        guard let bytes = reader.stringBytes() else { return nil }
        var record = VarintReader(bytes: bytes)
        guard let count = record.int(), count >= 0, count <= bytes.count else { return nil }
        var wanted = 0
        for code in 0..<4 {
            guard let number = record.int(), number >= 0, number <= count, let status = NoteTask.Status(code: code) else { return nil }
            if statuses.contains(status) { wanted += number }
        }
        return (wanted, count)
    }

    package static func skip(_ reader: inout ByteReader) -> Bool { reader.skipString() }

    package func writeJSON(to json: inout JSONWriter, timeZone: TimeZone) { json.null() }
}

/// LEB128 varints (signed ones zigzag-coded) and length-prefixed strings.
struct VarintWriter {
    var bytes: [UInt8] = []

    mutating func uint64(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func fixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) { uint64(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            uint64(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }
}

/// Reads what `VarintWriter` wrote, bounds-checked: nil for bytes that are not a value.
struct VarintReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    /// One byte, as nearly every number of a task is, without a call: a vault's tasks
    /// hold millions of them.
    @inline(__always) mutating func uint64() -> UInt64? {
        if offset < bytes.count, bytes[offset] < 0x80 {
            defer { offset += 1 }
            return UInt64(bytes[offset])
        }
        return longUInt64()
    }

    private mutating func longUInt64() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    mutating func fixed64() -> UInt64? {
        guard bytes.count - offset >= 8 else { return nil }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always) mutating func int() -> Int? {
        guard let raw = uint64() else { return nil }
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// Nil also for bytes that are not UTF-8 (see `ByteReader.string()`).
    mutating func string() -> String? {
        stringBytes().flatMap(String.init(validUTF8:))
    }

    /// False also for bytes that are not UTF-8 (unless not `checked`): a task's words are
    /// skipped when its record is made and copied out as they are when it is printed.
    mutating func skipString(checked: Bool = true) -> Bool {
        guard let bytes = stringBytes() else { return false }
        return !checked || bytes.isValidUTF8
    }

    mutating func stringBytes() -> UnsafeRawBufferPointer? {
        guard let length = uint64(), length <= UInt64(bytes.count - offset) else { return nil }
        defer { offset += Int(length) }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)])
    }

    mutating func skipStrings(checked: Bool = true) -> Bool {
        guard let count = int(), count >= 0 else { return false }
        for _ in 0..<count where !skipString(checked: checked) { return false }
        return true
    }
}

/// A set of task statuses as four bits, tested once per task of the vault.
package struct TaskStatusSet: Sendable, Equatable {
    private var bits: UInt8

    package init(_ statuses: some Sequence<NoteTask.Status>) {
        bits = 0
        for status in statuses { bits |= Self.bit(status) }
    }

    package static let all = TaskStatusSet(NoteTask.Status.allCases)

    package func contains(_ status: NoteTask.Status) -> Bool { bits & Self.bit(status) != 0 }

    private static func bit(_ status: NoteTask.Status) -> UInt8 {
        switch status {
        case .todo: return 1
        case .doing: return 2
        case .done: return 4
        case .cancelled: return 8
        }
    }
}
