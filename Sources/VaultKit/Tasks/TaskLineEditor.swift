/// Changes one task line as the Tasks plugin would, touching only the characters the
/// change is about: a status is one character, a date replaces only the date, a new field
/// goes at the end of the line (before a `^block-id`), a removed field takes its space
/// with it. Everything else on the line stays as written.
struct TaskLineEditor {
    private var scalars: [Unicode.Scalar] {
        didSet {
            // No edit touches the list marker or the brackets, so the line stays a task.
            let reread = TaskLine(text, path: "", number: 0)
            assert(reread != nil, "an edit made '\(text)' no task")
            if let reread { parsed = reread }
        }
    }
    /// The line as it reads now.
    private(set) var parsed: TaskLine

    /// Nil when `line` is not a task.
    init?(_ line: String) {
        guard let parsed = TaskLine(line, path: "", number: 0) else { return nil }
        self.parsed = parsed
        scalars = parsed.scalars
    }

    var text: String { String(String.UnicodeScalarView(scalars)) }

    mutating func setStatus(_ status: NoteTask.Status) {
        let character: Unicode.Scalar
        switch status {
        case .todo: character = " "
        case .doing: character = "/"
        case .done: character = "x"
        case .cancelled: character = "-"
        }
        let line = parsed
        if line.task.status != status { scalars[line.checkbox] = character }
    }

    /// Sets, replaces or (with nil) removes a date; a date of that kind written so that it
    /// does not read is the one replaced or removed.
    mutating func set(_ field: NoteTask.DateField, to date: TaskDate?) {
        let line = parsed
        let existing = line.fields[.date(field)] ?? line.malformed[.date(field)]
        switch (existing, date) {
        case (let span?, let date?):
            scalars.replaceSubrange(span.value, with: date.description.unicodeScalars)
        case (let span?, nil):
            remove(span.whole)
        case (nil, let date?):
            append(usesDataview ? "[\(field.dataviewKey):: \(date)]" : "\(Character(field.sign)) \(date)")
        case (nil, nil):
            break
        }
    }

    mutating func set(_ priority: NoteTask.Priority) {
        let line = parsed
        guard line.task.priority != priority else { return }
        if let span = line.fields[.priority] {
            if priority == .normal {
                remove(span.whole)
            } else if scalars[span.whole.lowerBound] == "[" {
                scalars.replaceSubrange(span.value, with: priority.rawValue.unicodeScalars)
            } else {
                scalars.replaceSubrange(span.whole, with: (priority.sign ?? "").unicodeScalars)
            }
        } else if let sign = priority.sign {
            append(usesDataview ? "[priority:: \(priority.rawValue)]" : sign)
        }
    }

    /// Removes `field` (and the space before it) when the line has it.
    mutating func remove(_ field: TaskLine.Field) {
        if let span = parsed.fields[field] { remove(span.whole) }
    }

    /// Adds `#category` after the description, unless the line has it already.
    mutating func add(category: String) {
        let line = parsed
        guard !line.tags.contains(where: { TagName.key($0.name) == TagName.key(category) }) else { return }
        var at = line.descriptionEnd
        while at > line.checkbox + 2, scalars[at - 1] == " " { at -= 1 }
        scalars.insert(contentsOf: " #\(category)".unicodeScalars, at: at)
    }

    mutating func remove(category: String) {
        for tag in parsed.tags.reversed() where TagName.key(tag.name) == TagName.key(category) { remove(tag.range) }
    }

    /// Replaces the description (the words before the first field); the `#categories` in
    /// it stay, after the new words.
    mutating func setDescription(_ words: String) {
        let line = parsed
        var start = line.checkbox + 2
        while start < line.descriptionEnd, scalars[start] == " " { start += 1 }
        var end = line.descriptionEnd
        while end > start, scalars[end - 1] == " " { end -= 1 }
        let kept = line.tags.filter { $0.range.lowerBound >= start && $0.range.upperBound <= end }
            .map { "#" + $0.name }.filter { tag in !words.split(separator: " ").contains { $0 == tag } }
        var replacement = ([words] + kept).joined(separator: " ")
        // `- [ ]` alone, or a field right after the words, needs a space to stay apart.
        if scalars[start - 1] != " " { replacement = " " + replacement }
        if end < scalars.count, scalars[end] != " " { replacement += " " }
        scalars.replaceSubrange(start..<end, with: replacement.unicodeScalars)
    }

    /// True when the line writes its fields as Dataview does (`[due:: …]`): new fields
    /// follow its style.
    private var usesDataview: Bool {
        parsed.fields.values.contains { scalars[$0.whole.lowerBound] == "[" }
    }

    /// Appends ` text` at the end of the line, before trailing spaces and a block link.
    private mutating func append(_ text: String) {
        var end = scalars.count
        while end > 0, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        // `^abc-1` at the end names the block; it stays last, as the plugin keeps it.
        var caret = end
        while caret > 0, scalars[caret - 1].properties.isAlphabetic || ("0"..."9").contains(scalars[caret - 1]) || scalars[caret - 1] == "-" { caret -= 1 }
        if caret > 1, caret < end, scalars[caret - 1] == "^", scalars[caret - 2] == " " { end = caret - 2 }
        scalars.insert(contentsOf: (" " + text).unicodeScalars, at: end)
    }

    /// Removes `range` and the space before it.
    private mutating func remove(_ range: Range<Int>) {
        var lower = range.lowerBound
        if lower > 0, scalars[lower - 1] == " " { lower -= 1 }
        scalars.removeSubrange(lower..<range.upperBound)
    }
}
