/// One task as its note's encoded task list holds it (`NoteTaskList`), read in place: the
/// fields the agenda sorts and groups by decoded, the words left as bytes until printed.
///
/// `vault tasks` lists hundreds of thousands of tasks. Decoding each into a `NoteTask`
/// made strings and arrays for every one, which took more CPU than the scan and most of
/// the command's memory; a record makes none, and holds no reference, so that copying and
/// freeing records is copying and freeing bytes. It points into its note's bytes, so it
/// is valid only while its note lives: `VaultSession.withTaskRecords` hands records out
/// for that long.
package struct TaskRecord: @unchecked Sendable {
    /// The task's bytes in its note's list, from its line to the end of its words: checked
    /// when the record was made, and read again for the fields the agenda neither sorts
    /// nor groups by. (Holding only those fields makes a record 32 bytes, not 72: `vault
    /// tasks` holds one per open task, and at 454,055 of them that was 18 MB.)
    private let start: UnsafeRawPointer?
    private let length: UInt32
    private let note32: Int32
    private let due32: Int32
    private let created32: Int32
    private let done32: Int32
    /// Where the words start, from `start`.
    private let wordsOffset: UInt8
    package let status: NoteTask.Status
    package let priority: NoteTask.Priority

    static let noDay = Int32.min

    /// A day for each date field, by `code`: `noDay` for none.
    typealias Days = (Int32, Int32, Int32, Int32, Int32, Int32)

    /// A record of the task whose encoding `bytes` holds; `wordsStart` is where its words
    /// start in them. Nil when the encoding is too long to point to.
    init?(note: Int, bytes: UnsafeRawBufferPointer, wordsStart: Int, status: NoteTask.Status, priority: NoteTask.Priority,
          days: Days) {
        guard let length = UInt32(exactly: bytes.count), let wordsOffset = UInt8(exactly: wordsStart),
              let note32 = Int32(exactly: note) else { return nil }
        start = bytes.baseAddress
        self.length = length
        self.wordsOffset = wordsOffset
        self.note32 = note32
        due32 = Self.day(.due, in: days)
        created32 = Self.day(.created, in: days)
        done32 = Self.day(.done, in: days)
        self.status = status
        self.priority = priority
    }

    /// The position of its note in the notes the records were read from.
    package var note: Int { Int(note32) }

    /// The fields before the words, read again: line, parent line, occurrence, hash, then
    /// status, priority and the dates.
    private var head: VarintReader { VarintReader(bytes: UnsafeRawBufferPointer(start: start, count: Int(wordsOffset))) }

    /// No day for any field.
    static let noDays: Days = (noDay, noDay, noDay, noDay, noDay, noDay)

    /// How many dates `present` says follow it: as many as `days(present:from:)` reads.
    static func dayCount(present: Int) -> Int {
        (present & (1 << NoteTask.DateField.count - 1)).nonzeroBitCount
    }

    /// The dates after `present` (which says which fields have one) in `reader`; nil when
    /// one does not read.
    static func days(present: Int, from reader: inout VarintReader) -> Days? {
        var days = noDays
        for bit in 0..<NoteTask.DateField.count where present & (1 << bit) != 0 {
            guard let day = reader.int() else { return nil }
            withUnsafeMutableBytes(of: &days) { $0.storeBytes(of: Int32(clamping: day), toByteOffset: bit * 4, as: Int32.self) }
        }
        return days
    }

    private static func day(_ field: NoteTask.DateField, in days: Days) -> Int32 {
        withUnsafeBytes(of: days) { $0.load(fromByteOffset: field.code * 4, as: Int32.self) }
    }

    /// The fields the record reads from its encoding, decoded in one pass: for a reader of
    /// several of them (a task in full, as the JSON agenda prints it), where each field on
    /// its own would read the encoding again.
    package struct Decoded {
        /// 1-based line of the task in the note's file.
        package let line: Int
        /// The line of the task it is a subtask of.
        package let parentLine: Int?
        /// See `NoteTask.occurrence`.
        package let occurrence: Int
        /// See `NoteTask.refHash`.
        package let refHash: UInt64
        fileprivate let days: Days

        package subscript(field: NoteTask.DateField) -> TaskDate? {
            let day = TaskRecord.day(field, in: days)
            return day == TaskRecord.noDay ? nil : TaskDate(dayNumber: Int(day))
        }
    }

    /// Every field before the words, decoded once.
    package var decoded: Decoded {
        var reader = head
        let line = reader.int() ?? 0
        let parent = reader.int() ?? 0
        let occurrence = reader.int() ?? 0
        let refHash = reader.fixed64() ?? 0
        for _ in 0..<2 { _ = reader.int() }
        // Checked when the record was made: these read.
        let days = Self.days(present: reader.int() ?? 0, from: &reader) ?? (Self.noDay, Self.noDay, Self.noDay, Self.noDay, Self.noDay, Self.noDay)
        return Decoded(line: line, parentLine: parent == 0 ? nil : parent, occurrence: occurrence, refHash: refHash, days: days)
    }

    /// 1-based line of the task in the note's file.
    package var line: Int {
        var reader = head
        return reader.int() ?? 0
    }

    /// See `NoteTask.refHash`.
    package var refHash: UInt64 {
        var reader = head
        for _ in 0..<3 { _ = reader.int() }
        return reader.fixed64() ?? 0
    }

    /// The line and the REF's hash, read in one pass: every line of the agenda ends with
    /// both.
    package var lineAndRefHash: (line: Int, refHash: UInt64) {
        var reader = head
        let line = reader.int() ?? 0
        for _ in 0..<2 { _ = reader.int() }
        return (line, reader.fixed64() ?? 0)
    }

    /// The line of the task it is a subtask of.
    package var parentLine: Int? { decoded.parentLine }

    /// See `NoteTask.occurrence`.
    package var occurrence: Int { decoded.occurrence }

    /// Where the words are, for fetching them into the cache ahead of reading them.
    package var wordsAddress: UnsafeRawPointer? { start.map { $0 + Int(wordsOffset) } }

    private var encodedWords: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: wordsAddress, count: Int(length) - Int(wordsOffset))
    }

    package subscript(field: NoteTask.DateField) -> TaskDate? {
        let day: Int32
        switch field {
        case .due: day = due32
        case .created: day = created32
        case .done: day = done32
        // A date the record does not hold, read from the encoding.
        default: return decoded[field]
        }
        return day == Self.noDay ? nil : TaskDate(dayNumber: Int(day))
    }

    package var due: TaskDate? { self[.due] }
    package var created: TaskDate? { self[.created] }
    package var done: TaskDate? { self[.done] }

    /// The words of the task, as bytes of its note's.
    package var words: Words {
        var reader = VarintReader(bytes: encodedWords)
        let text = reader.stringBytes() ?? UnsafeRawBufferPointer(start: nil, count: 0)
        let recurrence = reader.int() == 1 ? reader.stringBytes() : nil
        let categoriesStart = reader.offset
        _ = reader.skipStrings()
        return Words(text: text, recurrence: recurrence,
                     categories: Strings(encoded: UnsafeRawBufferPointer(rebasing: encodedWords[categoriesStart..<reader.offset])),
                     notes: Strings(encoded: UnsafeRawBufferPointer(rebasing: encodedWords[reader.offset...])))
    }

    /// The categories, as strings: for grouping by category.
    package var categories: [String] { words.categories.values }

    /// The words of a task: its text, its recurrence and its categories and notes.
    package struct Words {
        package let text: UnsafeRawBufferPointer
        package let recurrence: UnsafeRawBufferPointer?
        package let categories: Strings
        package let notes: Strings

        /// True when `category` (bytes, without `#`) is one of the categories.
        package func hasCategory(_ category: some Collection<UInt8>) -> Bool {
            categories.contains { $0.elementsEqual(category) }
        }
    }

    /// A list of strings as `VarintWriter.strings` wrote it, each as its bytes.
    package struct Strings: Sequence {
        let encoded: UnsafeRawBufferPointer

        package var isEmpty: Bool { encoded.first ?? 0 == 0 }

        /// The strings themselves.
        package var values: [String] { map { String(decoding: $0, as: UTF8.self) } }

        package struct Iterator: IteratorProtocol {
            var reader: VarintReader
            var left: Int

            package mutating func next() -> UnsafeRawBufferPointer? {
                guard left > 0 else { return nil }
                left -= 1
                return reader.stringBytes()
            }
        }

        package func makeIterator() -> Iterator {
            var reader = VarintReader(bytes: encoded)
            let count = reader.int() ?? 0
            return Iterator(reader: reader, left: count)
        }
    }
}

extension NoteTask {
    /// The task a record holds, every field decoded; `path` is its note's. The fields
    /// before the words are decoded once for all of them (`TaskRecord.decoded`).
    package init(_ record: TaskRecord, path: String) {
        let words = record.words
        let fields = record.decoded
        self.init(path: path, line: fields.line, source: "", text: String(decoding: words.text, as: UTF8.self), status: record.status)
        priority = record.priority
        for field in DateField.allCases { self[field] = fields[field] }
        recurrence = words.recurrence.map { String(decoding: $0, as: UTF8.self) }
        if !words.categories.isEmpty { categories = words.categories.values }
        if !words.notes.isEmpty { notes = words.notes.values }
        parentLine = fields.parentLine
        occurrence = fields.occurrence
        refHash = fields.refHash
    }
}
