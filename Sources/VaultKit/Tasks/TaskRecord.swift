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
    /// The position of its note in the notes the records were read from.
    package let note: Int
    /// The text, the recurrence and the categories and notes, as `NoteTaskList` encodes
    /// them: checked when the record was made.
    private let encodedWords: UnsafeRawBufferPointer
    /// See `NoteTask.refHash`.
    package let refHash: UInt64
    private let line32: Int32
    private let parentLine32: Int32
    private let occurrence32: Int32
    /// The six dates in `NoteTask.DateField` order, as day numbers; `Int32.min` for none.
    private let days: (Int32, Int32, Int32, Int32, Int32, Int32)
    package let status: NoteTask.Status
    package let priority: NoteTask.Priority

    static let noDay = Int32.min

    init(note: Int, line: Int, parentLine: Int, occurrence: Int, refHash: UInt64, status: NoteTask.Status,
         priority: NoteTask.Priority, days: (Int32, Int32, Int32, Int32, Int32, Int32), encodedWords: UnsafeRawBufferPointer) {
        self.note = note
        self.encodedWords = encodedWords
        self.refHash = refHash
        line32 = Int32(clamping: line)
        parentLine32 = Int32(clamping: parentLine)
        occurrence32 = Int32(clamping: occurrence)
        self.days = days
        self.status = status
        self.priority = priority
    }

    /// 1-based line of the task in the note's file.
    package var line: Int { Int(line32) }

    /// Where the words are, for fetching them into the cache ahead of reading them.
    package var wordsAddress: UnsafeRawPointer? { encodedWords.baseAddress }

    package subscript(field: NoteTask.DateField) -> TaskDate? {
        let day = withUnsafeBytes(of: days) { $0.load(fromByteOffset: field.code * 4, as: Int32.self) }
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

extension TaskRecord {
    /// The line of the task it is a subtask of.
    package var parentLine: Int? { parentLine32 == 0 ? nil : Int(parentLine32) }
    /// See `NoteTask.occurrence`.
    package var occurrence: Int { Int(occurrence32) }
}
