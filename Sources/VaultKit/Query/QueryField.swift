/// A field of the query language, declared once: its name, the spellings people bring from
/// front matter or other tools, how its value is read, and its line in `vault help search`.
/// The parser, its "did you mean" suggestions and the help all read `QueryField.all`.
public struct QueryField: Sendable {
    /// What is wrong with a value, and the character offset in it to point at.
    public struct Failure: Error, Equatable {
        public var message: String
        public var offset: Int
    }

    /// The name before the colon, lower-case.
    public let name: String
    /// Spellings that are not fields, with what to suggest instead (`sortdate` → `date`).
    let aliases: [String: String]
    /// How the field is written in help (`tag:x or #x`), and what it matches.
    public let form: String, meaning: String
    /// Reads a value (not empty) into a term.
    let read: @Sendable (String) throws(Failure) -> QueryTerm

    /// Every field, in the order suggestions prefer them and the help lists them.
    public static let all: [QueryField] = [tag, folder, title, state, links] + QueryTerm.DateField.allCases.map(date)
        + [.due, .scheduled, .done].map(taskDate) + [priority, status, task]

    /// The field called `name` (any case).
    public static func named(_ name: String) -> QueryField? {
        let key = name.lowercased()
        return all.first { $0.name == key }
    }

    // MARK: The fields

    static let tag = QueryField(
        name: "tag", aliases: ["tags": "tag"],
        form: "tag:x or #x", meaning: "the note has tag x or a tag below it (x/...)"
    ) { value throws(Failure) in
        try QueryTerm.tag(named: value)
    }

    static let folder = QueryField(
        name: "folder", aliases: ["path": "folder", "dir": "folder"],
        form: "folder:x", meaning: "in folder x or its subfolders; folder:x/y the subfolder; folder:/ the root"
    ) { value throws(Failure) in
        // `folder:/` is the root; `folder:/Work/` is `folder:Work`.
        let components = value.split(separator: "/", omittingEmptySubsequences: true)
        if let hidden = components.first(where: { $0.hasPrefix(".") }) {
            throw Failure(message: "invalid folder '\(value)': '\(hidden)' starts with '.', and such directories are not part of the vault", offset: 0)
        }
        return .folder(components.joined(separator: "/"))
    }

    static let title = QueryField(
        name: "title", aliases: [:],
        form: "title:x", meaning: "the title contains x (ignoring case and accents)"
    ) { value in
        // `title:shop*`, a prefix as a word is written, already matches as `title:shop`.
        let prefix = value.reversed().drop { $0 == "*" }.reversed()
        return .title(prefix.isEmpty ? value : String(prefix))
    }

    static let state = QueryField(
        name: "is", aliases: ["pinned": "is:pinned", "unsorted": "is:unsorted", "untagged": "is:untagged"],
        form: "is:STATE", meaning: "is:pinned, is:unsorted, is:untagged, is:orphan (no link to or from another note)"
    ) { value throws(Failure) in
        guard let state = QueryTerm.State(rawValue: value.lowercased()) else {
            let names = QueryTerm.State.allCases.map(\.rawValue)
            let hint = EditDistance.nearest(to: value.lowercased(), in: names).map { "did you mean '\($0)'?" }
                ?? "expected " + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            throw Failure(message: "unknown value '\(value)' for 'is:' (\(hint))", offset: 0)
        }
        return .state(state)
    }

    static let links = QueryField(
        name: "links", aliases: ["link": "links", "linksto": "links", "backlinks": "links"],
        form: "links:x", meaning: "links to note x (its name, path or title)"
    ) { value in .links(value) }

    static func date(_ field: QueryTerm.DateField) -> QueryField {
        let meaning = field == .sortDate ? "the sort date (sortDate)" : "the \(field.rawValue) date"
        return QueryField(
            name: field.rawValue, aliases: field == .sortDate ? ["sortdate": "date"] : [:],
            form: "\(field.rawValue):DATE", meaning: "\(meaning): 2026, 2026-11, 2026-11-20, >, >=, <, <=, a..b, today, yesterday, 7d, 4w, 6m, 1y"
        ) { value throws(Failure) in
            .date(field, try QueryDateParser.parse(value))
        }
    }

    static func taskDate(_ field: NoteTask.DateField) -> QueryField {
        let meaning = field == .due ? "an open task due" : "a task \(field.rawValue)"
        return QueryField(
            name: field.rawValue, aliases: [:],
            form: "\(field.rawValue):DATE", meaning: "\(meaning) then (date forms as above, tomorrow, or none)"
        ) { value throws(Failure) in
            .taskDate(field, value.lowercased() == "none" ? nil : try QueryDateParser.parse(value))
        }
    }

    static let priority = QueryField(
        name: "priority", aliases: ["prio": "priority"],
        form: "priority:high", meaning: "a task of that priority (highest, high, medium, normal, low, lowest); >=medium, <high, …"
    ) { value throws(Failure) in
        let comparison = QueryTerm.PriorityComparison.allCases.filter { !$0.rawValue.isEmpty && value.hasPrefix($0.rawValue) }
            .max { $0.rawValue.count < $1.rawValue.count } ?? .equal
        let name = value.dropFirst(comparison.rawValue.count).lowercased()
        return .priority(comparison, try named(name, in: NoteTask.Priority.self, field: "priority", offset: comparison.rawValue.count))
    }

    static let status = QueryField(
        name: "status", aliases: [:],
        form: "status:todo", meaning: "a task to do, doing, done or cancelled"
    ) { value throws(Failure) in
        .status(try named(value.lowercased(), in: NoteTask.Status.self, field: "status", offset: 0))
    }

    static let task = QueryField(
        name: "task", aliases: ["tasks": "task"],
        form: "task:todo", meaning: "a note with a task to do (doing, done, cancelled, any)"
    ) { value throws(Failure) in
        value.lowercased() == "any" ? .task(nil) : .task(try named(value.lowercased(), in: NoteTask.Status.self, field: "task", offset: 0))
    }

    /// The case of `Value` called `name`, or a failure that suggests the nearest.
    private static func named<Value: RawRepresentable & CaseIterable>(_ name: String, in _: Value.Type, field: String, offset: Int) throws(Failure) -> Value
    where Value.RawValue == String {
        if let value = Value(rawValue: name) { return value }
        let names = Value.allCases.map(\.rawValue)
        let hint = EditDistance.nearest(to: name, in: names).map { "did you mean '\($0)'?" } ?? "expected " + names.joined(separator: ", ")
        throw Failure(message: "unknown value '\(name)' for '\(field):' (\(hint))", offset: offset)
    }

    /// The hint after an unknown field: a known spelling's meaning, else the nearest field,
    /// else the list of fields.
    static func suggestion(forField name: String) -> String {
        if let alias = all.lazy.compactMap({ $0.aliases[name] }).first { return "did you mean '\(alias)'?" }
        let names = all.map(\.name)
        if let nearest = EditDistance.nearest(to: name, in: names) { return "did you mean '\(nearest)'?" }
        return "known fields: " + names.joined(separator: ", ") + "; put text that contains ':' in quotes"
    }

    /// Every field's form and meaning, the meanings in one column and wrapped to 76
    /// columns, so that the help reads as a table on any terminal.
    public static var helpText: String {
        // Widths counted in scalars as the text goes: counting a String's characters
        // again for every word was a millisecond of every command's start.
        let indent = (all.map(\.form.unicodeScalars.count).max() ?? 0) + 2
        let margin = String(repeating: " ", count: indent)
        return all.map { field in
            var text = field.form + String(repeating: " ", count: indent - field.form.unicodeScalars.count)
            var width = indent
            for word in field.meaning.split(separator: " ") {
                let count = word.unicodeScalars.count
                if width + 1 + count > 76 {
                    text += "\n" + margin
                    width = indent
                }
                if width != indent {
                    text += " "
                    width += 1
                }
                text += word
                width += count
            }
            return text
        }.joined(separator: "\n")
    }
}

extension QueryTerm {
    /// `tag:x` for a tag as front matter spells it (a leading `#` is dropped there, so
    /// here too); an invalid name is refused.
    public static func tag(named value: String) throws(QueryField.Failure) -> QueryTerm {
        let name = value.hasPrefix("#") ? String(value.dropFirst()) : value
        if let problem = TagName.problem(with: name) {
            throw QueryField.Failure(message: "invalid tag '\(value)': \(problem)", offset: 0)
        }
        return .tag(name)
    }
}
