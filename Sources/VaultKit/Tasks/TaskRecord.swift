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

    /// A record of the task whose encoding `bytes` holds; `wordsStart` is where its words
    /// start in them. Nil when the encoding is too long to point to.
    init?(note: Int, bytes: UnsafeRawBufferPointer, wordsStart: Int, status: NoteTask.Status, priority: NoteTask.Priority,
          days: (Int32, Int32, Int32, Int32, Int32, Int32)) {
        guard let length = UInt32(exactly: bytes.count), let wordsOffset = UInt8(exactly: wordsStart),
              let note32 = Int32(exactly: note) else { return nil }
        start = bytes.baseAddress
        self.length = length
        self.wordsOffset = wordsOffset
        self.note32 = note32
        let day = { (field: NoteTask.DateField) in withUnsafeBytes(of: days) { $0.load(fromByteOffset: field.code * 4, as: Int32.self) } }
        due32 = day(.due)
        created32 = day(.created)
        done32 = day(.done)
        self.status = status
        self.priority = priority
    }

    /// The position of its note in the notes the records were read from.
    package var note: Int { Int(note32) }

    /// The fields before the words, read again: line, parent line, occurrence, hash, then
    /// status, priority and the dates.
    private var head: VarintReader { VarintReader(bytes: UnsafeRawBufferPointer(start: start, count: Int(wordsOffset))) }

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

    /// The line of the task it is a subtask of.
    package var parentLine: Int? {
        var reader = head
        _ = reader.int()
        let parent = reader.int() ?? 0
        return parent == 0 ? nil : parent
    }

    /// See `NoteTask.occurrence`.
    package var occurrence: Int {
        var reader = head
        for _ in 0..<2 { _ = reader.int() }
        return reader.int() ?? 0
    }

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
        default: day = storedDay(field)
        }
        return day == Self.noDay ? nil : TaskDate(dayNumber: Int(day))
    }

    /// A date the record does not hold, read from the encoding.
    private func storedDay(_ field: NoteTask.DateField) -> Int32 {
        var reader = head
        for _ in 0..<3 { _ = reader.int() }
        _ = reader.fixed64()
        for _ in 0..<2 { _ = reader.int() }
        let present = reader.int() ?? 0
        for bit in 0..<NoteTask.DateField.count where present & (1 << bit) != 0 {
            let day = reader.int() ?? 0
            if bit == field.code { return Int32(clamping: day) }
        }
        return Self.noDay
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
    /// The task a record holds, every field decoded; `path` is its note's.
    package init(_ record: TaskRecord, path: String) {
        let words = record.words
        self.init(path: path, line: record.line, source: "", text: String(decoding: words.text, as: UTF8.self), status: record.status)
        priority = record.priority
        for field in DateField.allCases { self[field] = record[field] }
        recurrence = words.recurrence.map { String(decoding: $0, as: UTF8.self) }
        if !words.categories.isEmpty { categories = words.categories.values }
        if !words.notes.isEmpty { notes = words.notes.values }
        parentLine = record.parentLine
        occurrence = record.occurrence
        refHash = record.refHash
    }
}
