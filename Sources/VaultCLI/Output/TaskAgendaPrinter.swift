import VaultKit
import VaultPlatform

/// Prints the agenda, a line per task: `  [ ] words #category ⏫ 📅 date 🔁 rule  path:line · REF`,
/// categories in their icon and colour, overdue dates in red.
///
/// Lines are written as bytes, in chunks formatted on all cores and printed in order:
/// `vault tasks` on a large vault prints hundreds of thousands of lines, and building a
/// string per line cost more than reading the tasks.
struct TaskAgendaPrinter: Sendable {
    let terminal: Terminal
    let agenda: TaskAgenda
    let config: VaultConfig

    /// Begins writing out each note's path for lines about as many as the notes or more,
    /// on another core (while the caller works out the agenda): a note's tasks are
    /// scattered through the agenda, and reading each line's path from its note (a
    /// retain, a jump in memory, an escape) was a third of printing 450,000 lines.
    func paths(of notes: [String], lines: Int) -> Pending<PrintedPaths?> {
        let needed = lines > 0 && lines >= notes.count / 2
        return Pending { needed ? PrintedPaths(notes, escape: TerminalText.appendEscaped) : nil }
    }

    /// Each note's path as a JSON string, made on another core as `paths(of:lines:)` makes
    /// the shown ones: every task of the JSON agenda names its note.
    func jsonPaths(of notes: [String]) -> Pending<PrintedPaths> {
        Pending { PrintedPaths(notes, escape: JSONBytes.appendString(validUTF8:to:)) }
    }

    /// Prints `groups` as one JSON array of tasks (`TaskJSON`), the notes' paths from
    /// `paths`: formatted in chunks on all cores, each chunk's objects written straight
    /// into one buffer (no writer bookkeeping per value), and printed in order.
    func printJSON(_ groups: [TaskAgenda.Positions], of tasks: [TaskRecord], paths pending: Pending<PrintedPaths>) {
        let positions = groups.count == 1 ? groups[0].positions : groups.flatMap(\.positions)
        let paths = pending.value
        terminal.write("[")
        ParallelChunks.run(count: positions.count, chunk: 4096, format: { [agenda] range -> FormattedLines in
            var writer = TaskRecordJSON(capacity: range.count * 320)
            tasks.withUnsafeBufferPointer { tasks in
                paths.withShownPaths { path in
                    PositionsWithLookahead(tasksAhead: 8, wordsAhead: 4).forEach(range, of: positions, in: tasks, paths: path) { index, task in
                        if index > 0 { writer.out.append(UInt8(ascii: ",")) }
                        writer.append(task, note: path(task.note), bucket: agenda.bucket(of: task))
                    }
                }
            }
            return FormattedLines(&writer.out)
        }, emit: { terminal.write(&$0.out) })
        terminal.write("]\n")
    }

    /// Prints `groups`, the lines' paths from `paths` (made for `notes`, the notes' paths)
    /// if written out.
    func print(_ groups: [TaskAgenda.Positions], of tasks: [TaskRecord], in notes: [String], paths pending: Pending<PrintedPaths?>) {
        let paths = pending.value
        for (number, group) in groups.enumerated() {
            terminal.write((number > 0 ? "\n" : "") + terminal.bold(TerminalText.escaped(group.heading)) + "\n")
            let positions = group.positions
            ParallelChunks.run(count: positions.count, chunk: 8192, format: { [self] range -> FormattedLines in
                var writer = LineWriter(terminal: terminal, agenda: agenda, config: config)
                // Through a buffer: the array's subscript copies each task.
                tasks.withUnsafeBufferPointer { tasks in
                    guard let paths else {
                        for index in range {
                            let task = tasks[positions[index]]
                            writer.line(task, path: notes[task.note])
                        }
                        return
                    }
                    paths.withShownPaths { shownPath in
                        PositionsWithLookahead(tasksAhead: 16, wordsAhead: 8).forEach(range, of: positions, in: tasks, paths: shownPath) { _, task in
                            writer.line(task, shownPath: shownPath(task.note))
                        }
                    }
                }
                return FormattedLines(&writer.out)
            }, emit: { terminal.write(&$0.out) })
        }
    }
}

/// Goes through the tasks at `positions` in order, fetching ahead what a line will read:
/// the agenda reaches the tasks, their words and their paths at random, so the task
/// `tasksAhead` lines on, and the words and path `wordsAhead` on (whose task is here by
/// then), are fetched before they are needed.
private struct PositionsWithLookahead {
    let tasksAhead: Int
    let wordsAhead: Int

    /// Calls `body` with each index of `range` and the task of `tasks` at its position in
    /// `positions`; `paths` gives a note's path as it is written.
    @inline(__always)
    func forEach(_ range: Range<Int>, of positions: [Int], in tasks: UnsafeBufferPointer<TaskRecord>,
                 paths: (Int) -> UnsafeRawBufferPointer, _ body: (Int, TaskRecord) -> Void) {
        for index in range {
            if index + tasksAhead < range.upperBound, let base = tasks.baseAddress {
                ByteSearch.prefetch(base + positions[index + tasksAhead])
            }
            if index + wordsAhead < range.upperBound {
                let ahead = tasks[positions[index + wordsAhead]]
                if let words = ahead.wordsAddress { ByteSearch.prefetch(words) }
                if let path = paths(ahead.note).baseAddress { ByteSearch.prefetch(path) }
            }
            body(index, tasks[positions[index]])
        }
    }
}

/// A chunk's lines, handed from the thread that formatted them to the one that prints them
/// as they are: copied into an array, 450,000 lines were 39 MB copied once more.
final class FormattedLines: @unchecked Sendable {
    var out: ByteOutput

    init(_ out: inout ByteOutput) {
        self.out = ByteOutput(capacity: 16)
        swap(&self.out, &out)
    }
}

/// Each note's path as a task line shows it (escaped for the terminal or as a JSON string),
/// one after the other in one buffer.
struct PrintedPaths: Sendable {
    private let bytes: [UInt8]
    /// Where each note's path ends in `bytes`, by position.
    private let ends: [Int]

    init(_ notes: [String], escape: @escaping @Sendable (UnsafeRawBufferPointer, inout ByteOutput) -> Void) {
        let chunks = ParallelChunks.map(count: notes.count, chunk: 4096) { range -> (bytes: [UInt8], ends: [Int]) in
            var out = ByteOutput(capacity: range.count * 64)
            var ends: [Int] = []
            ends.reserveCapacity(range.count)
            notes.withUnsafeBufferPointer { notes in
                for index in range {
                    var path = notes[index]
                    path.withUTF8 { escape(UnsafeRawBufferPointer($0), &out) }
                    ends.append(out.count)
                }
            }
            return (out.bytes, ends)
        }
        var bytes: [UInt8] = []
        var ends: [Int] = []
        bytes.reserveCapacity(chunks.reduce(0) { $0 + $1.bytes.count })
        ends.reserveCapacity(notes.count)
        for chunk in chunks {
            let offset = bytes.count
            bytes += chunk.bytes
            ends += chunk.ends.map { $0 + offset }
        }
        (self.bytes, self.ends) = (bytes, ends)
    }

    /// Calls `body` with a function from a note's position to its path as shown.
    func withShownPaths<Result>(_ body: ((Int) -> UnsafeRawBufferPointer) -> Result) -> Result {
        bytes.withUnsafeBytes { bytes in
            ends.withUnsafeBufferPointer { ends in
                body { note in UnsafeRawBufferPointer(rebasing: bytes[(note == 0 ? 0 : ends[note - 1])..<ends[note]]) }
            }
        }
    }
}

/// Formats task lines into bytes.
private struct LineWriter: ~Copyable {
    let terminal: Terminal
    let agenda: TaskAgenda
    let config: VaultConfig
    var out = ByteOutput(capacity: 1 << 20)
    /// Each category's look, worked out once.
    private var looks: [String: [UInt8]] = [:]
    /// Each priority's sign after a space, by `code`.
    private let signs = NoteTask.Priority.allCases.map { priority in priority.sign.map { Array((" " + $0).utf8) } ?? [] }
    /// The last path written, as written: tasks of one note mostly follow each other.
    private var lastPath: (note: String, shown: [UInt8])?

    init(terminal: Terminal, agenda: TaskAgenda, config: VaultConfig) {
        self.terminal = terminal
        self.agenda = agenda
        self.config = config
    }

    mutating func line(_ task: TaskRecord, path: String) {
        if lastPath?.note != path {
            var shown = ByteOutput(capacity: path.utf8.count + 16)
            var path = path
            path.withUTF8 { TerminalText.appendEscaped(UnsafeRawBufferPointer($0), to: &shown) }
            lastPath = (path, shown.bytes)
        }
        let shown = lastPath?.shown ?? []
        shown.withUnsafeBytes { line(task, shownPath: $0) }
    }

    /// The line of `task`, whose note's path is shown as `shownPath`.
    mutating func line(_ task: TaskRecord, shownPath: UnsafeRawBufferPointer) {
        let words = task.words
        // The fixed text as `StaticString`s: a literal passed as a `String` was copied out of
        // one (`withUTF8`) three times a line, a twentieth of printing 450,000 lines.
        switch task.status {
        case .todo: out.append("  [ ]" as StaticString)
        case .doing: out.append("  [/]" as StaticString)
        case .done: out.append("  [x]" as StaticString)
        case .cancelled: out.append("  [-]" as StaticString)
        }
        if words.categories.isEmpty {
            if !words.text.isEmpty { out.append(UInt8(ascii: " ")) }
            TerminalText.appendEscaped(words.text, to: &out)
        } else if words.text.allSatisfy({ $0 < 0x80 }) {
            // The words keep their #categories where they were written.
            for word in words.text.split(separator: UInt8(ascii: " ")) {
                out.append(UInt8(ascii: " "))
                if word.first == UInt8(ascii: "#"), words.hasCategory(word.dropFirst()) {
                    out.append(look(String(decoding: word.dropFirst(), as: UTF8.self)))
                } else {
                    TerminalText.appendEscaped(UnsafeRawBufferPointer(rebasing: word), to: &out)
                }
            }
        } else {
            // As strings: `é` written as one character or as `e` and an accent is the same
            // category, and an accent after a space belongs to the word before.
            let categories = words.categories.values
            for word in String(decoding: words.text, as: UTF8.self).split(separator: " ") {
                out.append(UInt8(ascii: " "))
                let category = String(word.dropFirst())
                if word.first == "#", categories.contains(category) {
                    out.append(look(category))
                } else {
                    out.append(TerminalText.escaped(String(word)))
                }
            }
        }
        out.append(signs[task.priority.code])
        if let due = task.due {
            let overdue = agenda.bucket(of: task) == .overdue && terminal.colored
            out.append(overdue ? " \u{1B}[31m📅 " : " 📅 " as StaticString)
            due.appendDescription(to: &out)
            if overdue { out.append("\u{1B}[0m" as StaticString) }
        }
        // When it was done: the list of done tasks is in that order.
        if task.status == .done, let done = task.done {
            out.append(" ✅ " as StaticString)
            done.appendDescription(to: &out)
        }
        if let recurrence = words.recurrence {
            out.append(" 🔁 " as StaticString)
            TerminalText.appendEscaped(recurrence, to: &out)
        }
        out.append(terminal.colored ? "  \u{1B}[2m" : "  " as StaticString)
        out.append(shownPath)
        let (line, refHash) = task.lineAndRefHash
        out.append(UInt8(ascii: ":"))
        out.append(decimal: line)
        out.append(" · " as StaticString)
        out.append(hexDigitsOf: refHash, count: 7)
        if terminal.colored { out.append("\u{1B}[0m" as StaticString) }
        out.append(0x0A)
    }

    private mutating func look(_ category: String) -> [UInt8] {
        if let known = looks[category] { return known }
        let style = config.style(ofCategory: category)
        let shown = Array(terminal.paint((style.icon.map { TerminalText.escaped($0) + " " } ?? "") + "#" + TerminalText.escaped(category), style.color).utf8)
        looks[category] = shown
        return shown
    }
}
