import VaultPlatform

/// Finds the tasks of a note: every checkbox list item of its body (in a quote or callout
/// too), outside fenced code blocks and comments (`%%` and HTML), with its subtasks and
/// notes from the indentation under it.
public enum TaskReader {
    /// A comment that goes on over lines: Obsidian's `%%` or HTML's `<!--`.
    private enum Comment { case percent, html }

    /// The tasks in the file `bytes` of the note at `path`, and the task fields that
    /// could not be read, located in the file.
    public static func tasks(in bytes: UnsafeRawBufferPointer, path: String) -> (tasks: [NoteTask], problems: [Diagnostic]) {
        var start = 0
        if case .block(let block) = FrontMatterBlock.locate(in: bytes) {
            start = block.bodyStart
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
        }
        var number = 1
        for index in 0..<start where bytes[index] == UInt8(ascii: "\n") { number += 1 }
        var tasks: [NoteTask] = []
        var problems: [Diagnostic] = []
        // The open tasks above this line, with their indentation: parents of what follows.
        var open: [(indent: Int, index: Int)] = []
        var fences = FencedCode()
        var comment: Comment?
        var lineStart = start
        while lineStart < bytes.count {
            let lineEnd = firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: lineStart) ?? bytes.count
            var end = lineEnd
            if end > lineStart, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end])
            defer {
                lineStart = lineEnd + 1
                number += 1
            }
            let content = unquoted(line)
            let quoted = content.count != line.count
            if fences.read(content, quoted: quoted) || fences.isOpen { continue }
            if let open = comment {
                if Self.ends(open, on: line) { comment = nil }
                continue
            }
            comment = Self.commentLeftOpen(on: line)
            let indent = indentation(content)
            guard indent < content.count else { continue }  // A blank line ends nothing.
            if startsLikeTask(content), let parsed = TaskLine(String(decoding: line, as: UTF8.self), path: path, number: number) {
                while let last = open.last, last.indent >= parsed.indent { open.removeLast() }
                var task = parsed.task
                task.parentLine = open.last.map { tasks[$0.index].line }
                for problem in parsed.problems {
                    problems.append(Diagnostic(path: path, line: number, column: problem.column, severity: .error, message: problem.message))
                }
                open.append((parsed.indent, tasks.count))
                tasks.append(task)
                continue
            }
            // A line indented under a task is its note; anything else ends the list.
            while let last = open.last, last.indent >= indent { open.removeLast() }
            if let last = open.last {
                tasks[last.index].notes.append(String(decoding: content, as: UTF8.self).trimmingSpaces())
            }
        }
        if tasks.count > 1 {
            // Identical lines have the same first hash (of path and line); a rare collision
            // of two different lines only numbers them, which keeps their REFs apart too.
            // Every one of n identical lines is named by its place among them and by n: when
            // one of them changes (is done), n changes and so does every other one's REF, so
            // that the first line's REF, used again, is stale rather than the second line's.
            var total: [UInt64: Int] = [:]
            for task in tasks { total[task.refHash, default: 0] += 1 }
            var seen: [UInt64: Int] = [:]
            for index in tasks.indices {
                let first = tasks[index].refHash
                guard let count = total[first], count > 1 else { continue }
                let occurrence = seen[first, default: 0]
                seen[first] = occurrence + 1
                tasks[index].occurrence = occurrence
                tasks[index].refHash = NoteTask.refHash(path: path, source: tasks[index].source, occurrence: occurrence, among: count)
            }
        }
        return (tasks, problems)
    }

    /// True when `line`, inside a comment of that kind, ends it.
    private static func ends(_ comment: Comment, on line: UnsafeRawBufferPointer) -> Bool {
        switch comment {
        case .percent: return count("%%", in: line) % 2 == 1
        case .html: return lastIndex(of: "-->", in: line) != nil
        }
    }

    /// The comment a line opens and does not close, if any: an odd number of `%%`, or a
    /// `<!--` with no `-->` after it. Most lines have neither `%` nor `<`.
    private static func commentLeftOpen(on line: UnsafeRawBufferPointer) -> Comment? {
        guard ByteSearch.containsAny(UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: "<"), in: line) else { return nil }
        if count("%%", in: line) % 2 == 1 { return .percent }
        if let open = lastIndex(of: "<!--", in: line), (lastIndex(of: "-->", in: line) ?? -1) < open + 4 { return .html }
        return nil
    }

    /// How many times `pattern` occurs in `line`, not overlapping.
    private static func count(_ pattern: StaticString, in line: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var index = 0
        while let found = find(pattern, in: line, from: index) {
            count += 1
            index = found + pattern.utf8CodeUnitCount
        }
        return count
    }

    private static func lastIndex(of pattern: StaticString, in line: UnsafeRawBufferPointer) -> Int? {
        var last: Int?
        var index = 0
        while let found = find(pattern, in: line, from: index) {
            last = found
            index = found + 1
        }
        return last
    }

    private static func find(_ pattern: StaticString, in line: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let length = pattern.utf8CodeUnitCount
        guard length > 0, line.count >= length else { return nil }
        return pattern.withUTF8Buffer { pattern -> Int? in
            var index = start
            while index + length <= line.count {
                if line[index] == pattern[0], (1..<length).allSatisfy({ line[index + $0] == pattern[$0] }) { return index }
                index += 1
            }
            return nil
        }
    }

    /// True when the line starts as a task does, up to its `[`: indentation, a list marker
    /// and a space. Lines that do not are passed over without making a string of them.
    private static func startsLikeTask(_ line: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        guard index < line.count else { return false }
        switch line[index] {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            index += 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            while index < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index]) { index += 1 }
            guard index < line.count, line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ")") else { return false }
            index += 1
        default:
            return false
        }
        guard index < line.count, line[index] == 0x20 else { return false }
        while index < line.count, line[index] == 0x20 { index += 1 }
        return index < line.count && line[index] == UInt8(ascii: "[")
    }

    /// The spaces and tabs a line starts with (a tab counts 4).
    private static func indentation(_ line: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in line {
            if byte == 0x20 { count += 1 } else if byte == 0x09 { count += 4 } else { break }
        }
        return line.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? line.count : count
    }
}
