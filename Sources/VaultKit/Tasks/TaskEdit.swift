/// Applies task changes to a note's bytes: finds the task by its REF in the file as it is
/// now (never another line, whatever moved), changes only that task's line (its block,
/// for a removal, and one new line above it for a recurring task's next occurrence), and
/// keeps the file's line endings.
struct TaskEdit {
    /// The note's bytes after the edit.
    var bytes: [UInt8]
    let path: String
    let today: TaskDate

    /// What happened to the task: its line after the change (nil when removed) and the
    /// next occurrence a recurring task spawned.
    struct Outcome {
        /// The task as it was in the file.
        var before: NoteTask
        var task: NoteTask?
        var next: NoteTask?
    }

    /// Changes the task whose `fullRef` is `ref`. Throws `.staleTask` when no task of the file has it.
    mutating func apply(_ changes: [TaskChange], toTask ref: String) throws(VaultError) -> Outcome {
        guard let line = lineOfTask(ref) else { throw .staleTask(ref: String(ref.prefix(7)), path: path) }
        return try apply(changes, toTaskAt: line, ref: ref)
    }

    /// The line of the task whose `fullRef` is `ref` in the bytes as they are now.
    func lineOfTask(_ ref: String) -> Int? {
        bytes.withUnsafeBytes { TaskReader.tasks(in: $0, path: path).tasks }.first { $0.fullRef == ref }?.line
    }

    /// Changes the task at the 1-based `line`, found by its REF before other tasks of the
    /// note changed (a change to one of several identical lines changes the REFs of the
    /// others). `ref` names it in errors.
    mutating func apply(_ changes: [TaskChange], toTaskAt line: Int, ref: String) throws(VaultError) -> Outcome {
        let lines = Self.lines(of: bytes)
        let found = bytes.withUnsafeBytes { TaskReader.tasks(in: $0, path: path).tasks }
        guard let task = found.first(where: { $0.line == line }), task.line - 1 < lines.count else {
            throw .staleTask(ref: String(ref.prefix(7)), path: path)
        }
        var range = lines[task.line - 1]
        if range.lowerBound == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { range = 3..<max(3, range.upperBound) }
        let ending: [UInt8] = range.upperBound > range.lowerBound && bytes[range.upperBound - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        let content = range.lowerBound..<(ending.count == 2 ? range.upperBound - 1 : range.upperBound)
        guard let original = String(validating: bytes[content], as: UTF8.self), var editor = TaskLineEditor(original) else {
            throw .located(Diagnostic(path: path, line: task.line, severity: .error, message: "the task's line is not valid UTF-8; vault leaves it unchanged"))
        }
        if changes.contains(.remove) {
            let block = Self.block(of: task.line - 1, lines: lines, in: bytes)
            let end = block.upperBound < lines.count ? lines[block.upperBound].lowerBound : bytes.count
            bytes.removeSubrange(range.lowerBound..<end)
            return Outcome(before: task, task: nil, next: nil)
        }
        var next: String?
        var deletedWhenDone = false
        for change in changes {
            if change == .status(.done), editor.parsed.task.status != .done {
                if let rule = editor.parsed.task.recurrence { next = try nextOccurrence(of: editor, rule: rule, line: task.line) }
                deletedWhenDone = editor.parsed.onCompletion == "delete"
            }
            apply(change, to: &editor)
        }
        if deletedWhenDone {
            // `🏁 delete`: the done task goes, and its next occurrence, if any, takes its line.
            if let next {
                bytes.replaceSubrange(content, with: Array(next.utf8))
            } else {
                bytes.removeSubrange(range.lowerBound..<(task.line < lines.count ? lines[task.line].lowerBound : bytes.count))
            }
            let after = bytes.withUnsafeBytes { TaskReader.tasks(in: $0, path: path).tasks }
            return Outcome(before: task, task: nil, next: next == nil ? nil : after.first { $0.line == task.line })
        }
        var replacement = Array(editor.text.utf8)
        var lineNumber = task.line
        if let next {
            replacement = Array(next.utf8) + ending + replacement
            lineNumber += 1
        }
        bytes.replaceSubrange(content, with: replacement)
        // Read again from the whole file, for the REFs the lines have now.
        let after = bytes.withUnsafeBytes { TaskReader.tasks(in: $0, path: path).tasks }
        return Outcome(before: task, task: after.first { $0.line == lineNumber },
                       next: next == nil ? nil : after.first { $0.line == task.line })
    }

    private func apply(_ change: TaskChange, to editor: inout TaskLineEditor) {
        switch change {
        case .status(let status):
            guard editor.parsed.task.status != status else { return }
            editor.setStatus(status)
            // Today's date, over one the line had: the plugin writes the day it was done.
            editor.set(.done, to: status == .done ? today : nil)
            editor.set(.cancelled, to: status == .cancelled ? today : nil)
        case .date(let field, let date):
            editor.set(field, to: date)
        case .priority(let priority):
            editor.set(priority)
        case .addCategory(let name):
            editor.add(category: name)
        case .removeCategory(let name):
            editor.remove(category: name)
        case .text(let words):
            editor.setDescription(words)
        case .remove:
            break
        }
    }

    /// The line of the next occurrence of a recurring task, as the plugin writes it: to
    /// do, without the ids of the done one (`🆔`, `⛔`, `^block-id`), its dates moved by as much as the rule moves the first of due, scheduled and
    /// start (from today for `when done`), created today if it had a created date.
    private func nextOccurrence(of editor: TaskLineEditor, rule text: String, line: Int) throws(VaultError) -> String {
        guard let rule = TaskRecurrence(text) else {
            throw .located(Diagnostic(path: path, line: line, severity: .error,
                                      message: "vault cannot follow the recurrence rule '\(text)', so it would not know the next occurrence; nothing changed"))
        }
        var copy = editor
        let task = editor.parsed.task
        copy.setStatus(.todo)
        copy.set(.done, to: nil)
        copy.set(.cancelled, to: nil)
        // Ids name one task: the next occurrence has none of the done one's (as the plugin does).
        for field in [TaskLine.Field.blockID, .dependsOn, .id] { copy.remove(field) }
        if let reference = task.due ?? task.scheduled ?? task.start {
            // The dates keep their distance from the first of them, which moves to the
            // rule's next date after it (after today, for `when done`).
            guard let next = rule.next(after: rule.whenDone ? today : reference) else {
                throw .located(Diagnostic(path: path, line: line, severity: .error,
                                          message: "the recurrence rule '\(text)' names no day that exists, so there is no next occurrence; nothing changed"))
            }
            let shift = next.dayNumber - reference.dayNumber
            for field in [NoteTask.DateField.start, .scheduled, .due] {
                if let date = task[field] { copy.set(field, to: date.adding(days: shift)) }
            }
        }
        if task.created != nil { copy.set(.created, to: today) }
        return copy.text
    }

    /// Each line's bytes without its `\n`.
    static func lines(of bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(start..<index)
            start = index + 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        return lines
    }

    /// The lines of the task at `index` with its notes and subtasks: those below it that
    /// are indented deeper, up to the last one that is not blank.
    static func block(of index: Int, lines: [Range<Int>], in bytes: [UInt8]) -> Range<Int> {
        func indent(_ range: Range<Int>) -> Int? {
            var count = 0
            for byte in bytes[range] {
                if byte == 0x20 { count += 1 } else if byte == 0x09 { count += 4 } else if byte == 0x0D || byte == 0x0A { return nil } else { return count }
            }
            return nil
        }
        let own = indent(lines[index]) ?? 0
        var last = index
        var next = index + 1
        while next < lines.count {
            if let depth = indent(lines[next]) {
                if depth <= own { break }
                last = next
            }
            next += 1
        }
        return index..<(last + 1)
    }
}
