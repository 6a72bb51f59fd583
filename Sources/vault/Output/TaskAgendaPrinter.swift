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

    func print(_ groups: [TaskAgenda.Positions], of tasks: [TaskRecord], in notes: [Note]) {
        for (number, group) in groups.enumerated() {
            terminal.write((number > 0 ? "\n" : "") + terminal.bold(TerminalText.escaped(group.heading)) + "\n")
            let positions = group.positions
            ParallelChunks.run(count: positions.count, chunk: 8192, format: { [self] range -> [UInt8] in
                var writer = LineWriter(terminal: terminal, agenda: agenda, config: config)
                // Through a buffer: the array's subscript copies each task.
                tasks.withUnsafeBufferPointer { tasks in
                    for index in range {
                        let task = tasks[positions[index]]
                        writer.line(task, path: notes[task.note].path)
                    }
                }
                return writer.out
            }, emit: terminal.write)
        }
    }
}

/// Formats task lines into bytes.
private struct LineWriter {
    let terminal: Terminal
    let agenda: TaskAgenda
    let config: VaultConfig
    var out: [UInt8] = []
    /// Each category's look, worked out once.
    private var looks: [String: [UInt8]] = [:]

    init(terminal: Terminal, agenda: TaskAgenda, config: VaultConfig) {
        self.terminal = terminal
        self.agenda = agenda
        self.config = config
        out.reserveCapacity(1 << 20)
    }

    mutating func line(_ task: TaskRecord, path: String) {
        let words = task.words
        append("  ")
        switch task.status {
        case .todo: append("[ ]")
        case .doing: append("[/]")
        case .done: append("[x]")
        case .cancelled: append("[-]")
        }
        if words.categories.isEmpty {
            if !words.text.isEmpty { append(" ") }
            text(words.text)
        } else if words.text.allSatisfy({ $0 < 0x80 }) {
            // The words keep their #categories where they were written.
            for word in words.text.split(separator: UInt8(ascii: " ")) {
                append(" ")
                if word.first == UInt8(ascii: "#"), words.hasCategory(word.dropFirst()) {
                    out += look(String(decoding: word.dropFirst(), as: UTF8.self))
                } else {
                    text(UnsafeRawBufferPointer(rebasing: word))
                }
            }
        } else {
            // As strings: `é` written as one character or as `e` and an accent is the same
            // category, and an accent after a space belongs to the word before.
            let categories = words.categories.values
            for word in String(decoding: words.text, as: UTF8.self).split(separator: " ") {
                append(" ")
                let category = String(word.dropFirst())
                if word.first == "#", categories.contains(category) {
                    out += look(category)
                } else {
                    var word = String(word)
                    word.withUTF8 { text(UnsafeRawBufferPointer($0)) }
                }
            }
        }
        if let sign = task.priority.sign { append(" " + sign) }
        if let due = task.due {
            append(" ")
            let overdue = agenda.bucket(of: task) == .overdue
            if overdue, terminal.colored { append("\u{1B}[31m") }
            append("📅 ")
            due.appendDescription(to: &out)
            if overdue, terminal.colored { append("\u{1B}[0m") }
        }
        if let recurrence = words.recurrence {
            append(" 🔁 ")
            text(recurrence)
        }
        append("  ")
        if terminal.colored { append("\u{1B}[2m") }
        var path = path
        path.withUTF8 { text(UnsafeRawBufferPointer($0)) }
        out.append(UInt8(ascii: ":"))
        number(task.line)
        append(" · ")
        hex(task.refHash, digits: 7)
        if terminal.colored { append("\u{1B}[0m") }
        out.append(0x0A)
    }

    private mutating func look(_ category: String) -> [UInt8] {
        if let known = looks[category] { return known }
        let style = config.style(ofCategory: category)
        let shown = Array(terminal.paint((style.icon.map { TerminalText.escaped($0) + " " } ?? "") + "#" + TerminalText.escaped(category), style.color).utf8)
        looks[category] = shown
        return shown
    }

    /// Text from a note, its control characters made visible.
    private mutating func text(_ bytes: UnsafeRawBufferPointer) {
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) {
            append(TerminalText.escaped(String(decoding: bytes, as: UTF8.self)))
        } else {
            out.append(contentsOf: bytes)
        }
    }

    private mutating func append(_ value: String) {
        var value = value
        value.withUTF8 { out.append(contentsOf: $0) }
    }

    /// The first `digits` hex digits of the 16 of `value`: a REF.
    private mutating func hex(_ value: UInt64, digits: Int) {
        for position in 0..<digits {
            let nibble = UInt8((value >> UInt64(60 - 4 * position)) & 0xF)
            out.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }

    private mutating func number(_ value: Int) {
        if value >= 10 { number(value / 10) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
