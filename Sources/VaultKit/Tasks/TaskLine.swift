/// Reads one line as a task: the list marker, the checkbox and the fields on the line
/// (emoji signs of the Tasks plugin, Dataview `[key:: value]` and `(key:: value)`), as
/// that plugin writes them.
///
/// As the plugin does, the emoji fields are read from the end of the line back to the
/// first words: a date in the middle of the words is words. A `^block-id` at the very end
/// is the line's own, not a word. Dataview's fields are read wherever they are, as
/// Dataview reads them. A task may stand in a quote or callout (`> - [ ] …`).
///
/// A field whose value is not a date is reported with its column and left in the text,
/// never guessed.
struct TaskLine {
    /// The line's indentation (a tab counts 4), for nesting.
    var indent: Int
    var task: NoteTask
    /// Malformed values: 1-based column and message.
    var problems: [(column: Int, message: String)] = []
    /// The line's Unicode scalars; the places below index into them.
    let scalars: [Unicode.Scalar]
    /// Where the status character between the brackets is.
    let checkbox: Int
    /// Where each field that was read is written: from its sign (or `[`) to the end of its
    /// value (or `]`), and its value alone, for edits that change only that value.
    var fields = FieldSpans()
    /// Date fields whose value does not read (`📅 2026-13-01`), where they are written: a
    /// new date replaces such a field rather than adding a second one.
    var malformed = FieldSpans()
    /// Each `#tag` on the line, with `#`.
    var tags: [(name: String, range: Range<Int>)] = []

    /// Where the description ends: at the first field, or the end of the line.
    var descriptionEnd: Int { fields.values.map(\.whole.lowerBound).min() ?? scalars.count }

    /// A field of the line that an edit can change.
    enum Field: Hashable {
        case date(NoteTask.DateField)
        case priority
        case recurrence
        /// 🏁: what becomes of the task when it is done (`keep`, `delete`).
        case onCompletion
        /// 🆔 and ⛔: the task's id, and the ids of the tasks it waits for.
        case id, dependsOn
        /// `^block-id` at the end of the line.
        case blockID

        /// Its slot in `FieldSpans`.
        var slot: Int {
            switch self {
            case .date(let field): return field.code
            case .priority: return 6
            case .recurrence: return 7
            case .onCompletion: return 8
            case .id: return 9
            case .dependsOn: return 10
            case .blockID: return 11
            }
        }
    }

    /// Where the fields of a line are: a slot each, in place, as a vault has hundreds of
    /// thousands of task lines and a dictionary per line was most of the time reading them.
    struct FieldSpans {
        typealias Span = (whole: Range<Int>, value: Range<Int>)
        private var spans = InlineArray<12, Span?>(repeating: nil)

        subscript(field: Field) -> Span? {
            get { spans[field.slot] }
            set { spans[field.slot] = newValue }
        }

        /// The spans that are set.
        var values: [Span] { (0..<12).compactMap { spans[$0] } }
    }

    /// What a sign on the line is.
    private enum Sign {
        case date(NoteTask.DateField)
        case priority(NoteTask.Priority)
        case recurrence
        case onCompletion, id, dependsOn
    }

    /// What the task asks to become of it when done: `🏁 delete` removes it.
    var onCompletion: String? {
        fields[.onCompletion].map { String(String.UnicodeScalarView(scalars[$0.value])).lowercased() }
    }

    /// 📅 📆 🗓 ⏳ ⌛ 🛫 ➕ ✅ ❌, 🔺 ⏫ 🔼 🔽 ⏬, 🔁, 🏁 🆔 ⛔; nil for any other character.
    /// (The plugin reads 📆 and 🗓 as due, ⌛ as scheduled, and writes 📅 and ⏳.)
    private static func sign(_ scalar: Unicode.Scalar) -> Sign? {
        switch scalar.value {
        case 0x1F3C1: return .onCompletion
        case 0x1F194: return .id
        case 0x26D4: return .dependsOn
        case 0x1F4C5, 0x1F4C6, 0x1F5D3: return .date(.due)
        case 0x23F3, 0x231B: return .date(.scheduled)
        case 0x1F6EB: return .date(.start)
        case 0x2795: return .date(.created)
        case 0x2705: return .date(.done)
        case 0x274C: return .date(.cancelled)
        case 0x1F53A: return .priority(.highest)
        case 0x23EB: return .priority(.high)
        case 0x1F53C: return .priority(.medium)
        case 0x1F53D: return .priority(.low)
        case 0x23EC: return .priority(.lowest)
        case 0x1F501: return .recurrence
        default: return nil
        }
    }

    /// The task on `line` (without its line break), or nil when it is not one.
    init?(_ line: String, path: String, number: Int) {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        // A quote or callout: its `>` marks (each after at most three spaces, with the
        // space after it) come before the list item, whose indentation is counted after them.
        while true {
            var probe = index
            while probe < min(index + 3, scalars.count), scalars[probe] == " " { probe += 1 }
            guard probe < scalars.count, scalars[probe] == ">" else { break }
            index = probe + 1
            if index < scalars.count, scalars[index] == " " { index += 1 }
        }
        var indent = 0
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" {
            indent += scalars[index] == "\t" ? 4 : 1
            index += 1
        }
        guard index < scalars.count else { return nil }
        // The list marker: -, * or +, or a number with . or ).
        if ["-", "*", "+"].contains(scalars[index]) {
            index += 1
        } else {
            let digits = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            guard index > digits, index - digits <= 9, index < scalars.count, scalars[index] == "." || scalars[index] == ")" else { return nil }
            index += 1
        }
        guard index + 3 < scalars.count || (index + 3 == scalars.count),
              index < scalars.count, scalars[index] == " " else { return nil }
        while index < scalars.count, scalars[index] == " " { index += 1 }
        guard index + 2 < scalars.count, scalars[index] == "[", scalars[index + 2] == "]",
              index + 3 == scalars.count || scalars[index + 3] == " " || scalars[index + 3] == "\t" else { return nil }
        self.indent = indent
        self.scalars = scalars
        checkbox = index + 1
        task = NoteTask(path: path, line: number, source: line, text: "", status: NoteTask.Status(checkbox: Character(scalars[index + 1])))
        readFields(from: index + 3)
        task.refHash = NoteTask.refHash(path: path, source: line, occurrence: 0)
    }

    /// Reads the fields and the words after the checkbox at `start`. The emoji fields count
    /// only from the end of the line back to the last words (as the plugin reads them); a
    /// line that has one before its last words is read again with those taken as words.
    private mutating func readFields(from start: Int) {
        let end = readBlockID(from: start)
        let fresh = self
        let reading = readFields(from: start, to: end, signsFrom: start)
        if let firstSign = reading.firstSign, firstSign < reading.lastWords {
            self = fresh
            let again = readFields(from: start, to: end, signsFrom: reading.lastWords)
            keepDateProblems(again.dateProblems, lastWords: again.lastWords)
        } else {
            keepDateProblems(reading.dateProblems, lastWords: reading.lastWords)
        }
    }

    /// Where a `^block-id` at the end of the line begins (the space before it), or the
    /// line's end; the id is recorded as a field, not read as words.
    private mutating func readBlockID(from start: Int) -> Int {
        var end = scalars.count
        while end > start, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        var caret = end
        while caret > start, Self.isBlockIDScalar(scalars[caret - 1]) { caret -= 1 }
        guard caret > start + 1, caret < end, scalars[caret - 1] == "^", scalars[caret - 2] == " " else { return scalars.count }
        fields[.blockID] = ((caret - 1)..<end, caret..<end)
        return caret - 2
    }

    private static func isBlockIDScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    /// A date field whose value does not read: reported where the plugin would read a
    /// field (after the last words), or, among the words, when it looks like a date.
    private typealias DateProblem = (at: Int, column: Int, message: String, looksLikeDate: Bool, field: NoteTask.DateField, span: FieldSpans.Span)

    private mutating func keepDateProblems(_ found: [DateProblem], lastWords: Int) {
        for problem in found where problem.at >= lastWords || problem.looksLikeDate {
            problems.append((problem.column, problem.message))
            if problem.at >= lastWords, malformed[.date(problem.field)] == nil { malformed[.date(problem.field)] = problem.span }
        }
        problems.sort { $0.column < $1.column }
    }

    /// One reading of the line: emoji signs before `signsFrom` are words. Returns where the
    /// first emoji field read is, where the last words end, and the dates that did not read.
    private mutating func readFields(from start: Int, to end: Int, signsFrom: Int) -> (firstSign: Int?, lastWords: Int, dateProblems: [DateProblem]) {
        let scalars = self.scalars
        // The words, as UTF-8: appending bytes is what makes reading 100,000 notes' tasks quick.
        var kept: [UInt8] = []
        kept.reserveCapacity(scalars.count)
        func keep(_ scalar: Unicode.Scalar) {
            if scalar.value < 0x80 {
                kept.append(UInt8(scalar.value))
            } else {
                UTF8.encode(scalar) { kept.append($0) }
            }
        }
        func keep(_ range: Range<Int>) { for index in range { keep(scalars[index]) } }
        var index = start
        var firstSign: Int?
        var lastWords = start
        var dateProblems: [DateProblem] = []
        func column(_ offset: Int) -> Int { String(String.UnicodeScalarView(scalars[0..<offset])).count + 1 }
        func skipSpaces() { while index < end, scalars[index] == " " || scalars[index] == "\u{FE0F}" { index += 1 } }
        func isSign(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x2000 && Self.sign(scalar) != nil }
        /// The id at `index` (letters, digits, `-`, `_`), or with `list` the ids separated by commas.
        func identifiers(list: Bool) -> Range<Int> {
            let valueStart = index
            func isID(_ scalar: Unicode.Scalar) -> Bool { Self.isBlockIDScalar(scalar) || scalar == "_" }
            while index < end, isID(scalars[index]) { index += 1 }
            while list, index > valueStart {
                var probe = index
                while probe < end, scalars[probe] == " " { probe += 1 }
                guard probe < end, scalars[probe] == "," else { break }
                probe += 1
                while probe < end, scalars[probe] == " " { probe += 1 }
                guard probe < end, isID(scalars[probe]) else { break }
                index = probe
                while index < end, isID(scalars[index]) { index += 1 }
            }
            return valueStart..<index
        }
        while index < end {
            let scalar = scalars[index]
            // Most characters are words: ASCII other than `[`, `(` and `#`.
            if scalar.value < 0x80, scalar != "[", scalar != "(", scalar != "#" {
                kept.append(UInt8(scalar.value))
                index += 1
                if scalar != " ", scalar != "\t" { lastWords = index }
                continue
            }
            let sign = scalar.value >= 0x2000 && index >= signsFrom ? Self.sign(scalar) : nil
            if case .date(let field)? = sign {
                let signStart = index
                index += 1
                skipSpaces()
                let valueStart = index
                if let close = Self.placeholderEnd(scalars, at: index, end: end) {
                    // A template's placeholder (Templater's `<% … %>`, `{{date}}`): words to keep,
                    // and no date that failed.
                    index = close
                    keep(signStart..<index)
                    continue
                }
                while index < end, scalars[index] != " ", !isSign(scalars[index]) { index += 1 }
                let value = String(String.UnicodeScalarView(scalars[valueStart..<index]))
                if let parsed = TaskDate(value) {
                    // Written twice, the leftmost counts: the plugin takes fields off the
                    // line's end one by one, each setting the field again.
                    if fields[.date(field)] == nil {
                        task[field] = parsed
                        fields[.date(field)] = (signStart..<index, valueStart..<index)
                    }
                    firstSign = firstSign ?? signStart
                } else {
                    dateProblems.append((signStart, column(valueStart), "malformed \(field.rawValue) date '\(value)' on a task (write YYYY-MM-DD)",
                                         value.first?.isNumber == true, field, (signStart..<index, valueStart..<index)))
                    keep(signStart..<index)
                }
                continue
            }
            if case .recurrence? = sign {
                let signStart = index
                index += 1
                skipSpaces()
                let valueStart = index
                // The rule runs to the next field or tag: `🔁 every week #home`.
                while index < end, !isSign(scalars[index]),
                      !(scalars[index] == "#" && scalars[index - 1] == " "),
                      !((scalars[index] == "[" || scalars[index] == "(") && scalars[index - 1] == " " && Self.dataviewField(scalars, at: index) != nil) { index += 1 }
                var valueEnd = index
                while valueEnd > valueStart, scalars[valueEnd - 1] == " " { valueEnd -= 1 }
                let value = String(String.UnicodeScalarView(scalars[valueStart..<valueEnd]))
                if !value.isEmpty {
                    if fields[.recurrence] == nil {
                        task.recurrence = value
                        fields[.recurrence] = (signStart..<valueEnd, valueStart..<valueEnd)
                    }
                    firstSign = firstSign ?? signStart
                }
                if index < end, scalars[index] == "#" || scalars[index] == "[" || scalars[index] == "(" { kept.append(0x20) }
                continue
            }
            if case .priority(let priority)? = sign {
                let signStart = index
                index += 1
                if index < end, scalars[index] == "\u{FE0F}" { index += 1 }
                if fields[.priority] == nil {
                    task.priority = priority
                    fields[.priority] = (signStart..<index, signStart..<index)
                }
                firstSign = firstSign ?? signStart
                continue
            }
            if let sign {
                // 🏁 keep|delete, 🆔 id, ⛔ id, id: fields the agenda does not show.
                let field: Field
                switch sign {
                case .onCompletion: field = .onCompletion
                case .id: field = .id
                default: field = .dependsOn
                }
                let signStart = index
                index += 1
                skipSpaces()
                let value: Range<Int>
                if field == .onCompletion {
                    let valueStart = index
                    while index < end, scalars[index].properties.isAlphabetic { index += 1 }
                    value = valueStart..<index
                } else {
                    value = identifiers(list: field == .dependsOn)
                }
                if value.isEmpty {
                    // A sign with nothing after it is words.
                    index = signStart + 1
                    keep(scalars[signStart])
                    lastWords = index
                } else {
                    if fields[field] == nil { fields[field] = (signStart..<value.upperBound, value) }
                    firstSign = firstSign ?? signStart
                }
                continue
            }
            if scalar == "[" || scalar == "(", let (fieldEnd, key, value) = Self.dataviewField(scalars, at: index), fieldEnd <= end,
               let field = readDataview(key, String(String.UnicodeScalarView(scalars[value])), column: column(index)) {
                if let field, fields[field] == nil { fields[field] = (index..<fieldEnd, value) }
                index = fieldEnd
                continue
            }
            if scalar == "#", kept.last.map({ $0 == 0x20 || $0 == 0x09 }) ?? true {
                var tagEnd = index + 1
                while tagEnd < end, Self.isTagScalar(scalars[tagEnd]), !isSign(scalars[tagEnd]) { tagEnd += 1 }
                if tagEnd > index + 1 {
                    let tag = String(String.UnicodeScalarView(scalars[(index + 1)..<tagEnd]))
                    if !task.categories.contains(tag) { task.categories.append(tag) }
                    tags.append((tag, index..<tagEnd))
                } else {
                    lastWords = tagEnd
                }
                keep(index..<tagEnd)
                index = tagEnd
                continue
            }
            keep(scalar)
            index += 1
            if scalar != "\u{FE0F}" { lastWords = index }
        }
        // The words, one space between them.
        var text: [UInt8] = []
        text.reserveCapacity(kept.count)
        var pendingSpace = false
        for byte in kept {
            if byte == 0x20 {
                pendingSpace = !text.isEmpty
                continue
            }
            if pendingSpace {
                text.append(0x20)
                pendingSpace = false
            }
            text.append(byte)
        }
        task.text = String(decoding: text, as: UTF8.self)
        return (firstSign, lastWords, dateProblems)
    }

    /// Where a template placeholder at `index` ends (`<% … %>` or `{{ … }}`), nil when
    /// there is none.
    private static func placeholderEnd(_ scalars: [Unicode.Scalar], at index: Int, end: Int) -> Int? {
        guard index + 1 < end else { return nil }
        let close: (Unicode.Scalar, Unicode.Scalar)
        switch (scalars[index], scalars[index + 1]) {
        case ("<", "%"): close = ("%", ">")
        case ("{", "{"): close = ("}", "}")
        default: return nil
        }
        var probe = index + 2
        while probe + 1 < end {
            if scalars[probe] == close.0, scalars[probe + 1] == close.1 { return probe + 2 }
            probe += 1
        }
        return nil
    }

    /// `[key:: value]` or `(key:: value)` at `index`: where it ends, its lower-cased key and
    /// where its value is (without the spaces around it).
    private static func dataviewField(_ scalars: [Unicode.Scalar], at index: Int) -> (end: Int, key: String, value: Range<Int>)? {
        guard let close = scalars[index...].firstIndex(of: scalars[index] == "(" ? ")" : "]") else { return nil }
        guard let separator = (index + 1..<close).first(where: { scalars[$0] == ":" && $0 + 1 < close && scalars[$0 + 1] == ":" }) else { return nil }
        let key = String(String.UnicodeScalarView(scalars[(index + 1)..<separator])).trimmingSpaces().lowercased()
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter }) else { return nil }
        var start = separator + 2
        var end = close
        while start < end, scalars[start] == " " { start += 1 }
        while end > start, scalars[end - 1] == " " { end -= 1 }
        return (close + 1, key, start..<end)
    }

    /// Applies a Dataview field: nil for a key tasks do not have (it stays in the text),
    /// else the field it set (`.some(nil)` when its value could not be read). A field the
    /// line had already (to the left) keeps its value, as with the emoji signs.
    private mutating func readDataview(_ key: String, _ value: String, column: @autoclosure () -> Int) -> Field?? {
        if let field = NoteTask.DateField.allCases.first(where: { $0.dataviewKey == key }) {
            guard let date = TaskDate(value) else {
                problems.append((column(), "malformed \(key) date '\(value)' on a task (write YYYY-MM-DD)"))
                return .some(nil)
            }
            if fields[.date(field)] == nil { task[field] = date }
            return .date(field)
        }
        switch key {
        case "priority":
            guard let priority = NoteTask.Priority(rawValue: value.lowercased()) else {
                problems.append((column(), "unknown priority '\(value)' on a task (highest, high, medium, normal, low, lowest)"))
                return .some(nil)
            }
            if fields[.priority] == nil { task.priority = priority }
            return .priority
        case "repeat":
            if fields[.recurrence] == nil { task.recurrence = value }
            return .recurrence
        // The plugin's Dataview names for 🏁, 🆔 and ⛔ (keys are read lower-cased).
        case "oncompletion" where !value.isEmpty && value.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }):
            return .onCompletion
        case "id" where Self.isIDList(value, single: true):
            return .id
        case "dependson" where Self.isIDList(value, single: false):
            return .dependsOn
        default:
            return nil
        }
    }

    /// True when `value` is a task id (letters, digits, `-`, `_`), or unless `single`,
    /// ids separated by commas, as the plugin's id expressions take them.
    private static func isIDList(_ value: String, single: Bool) -> Bool {
        let ids = single ? [Substring(value)] : value.split(separator: ",", omittingEmptySubsequences: false)
        return ids.allSatisfy { id in
            let id = String(id).trimmingSpaces()
            return !id.isEmpty && id.unicodeScalars.allSatisfy { isBlockIDScalar($0) || $0 == "_" }
        }
    }

    /// A character of a `#tag`, as the plugin's tag expression takes them: anything but
    /// white space and `!@#$%^&*(),.?":{}|<>`, so emoji are part of a tag (`#work🔥`).
    /// A field's sign ends it, as the plugin takes the field off first.
    private static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            return scalar.value > 0x20 && scalar.value != 0x7F && !Self.tagStops.contains(UInt8(scalar.value))
        }
        return !scalar.properties.isWhitespace
    }

    private static let tagStops = Set(#"!@#$%^&*(),.?":{}|<>"#.utf8)
}
