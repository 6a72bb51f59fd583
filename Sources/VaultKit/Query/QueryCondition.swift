import Foundation

/// A query compiled for evaluation: `and`/`or` chains flattened, the operands of each
/// ordered cheapest first, names turned into comparison keys and words into matchers.
///
/// Ordering the operands is what makes short-circuit evaluation test the front matter
/// before the text: `#work cafe` looks for `cafe` only in notes tagged `work`.
indirect enum QueryCondition: Sendable {
    case all([QueryCondition])
    case any([QueryCondition])
    case not(QueryCondition)
    case tag(NamePattern)
    /// A folder and its subfolders.
    case folder(NamePattern)
    /// Notes directly at the vault root.
    case root
    case title(TextMatcher)
    /// A word or phrase, in the title or the text.
    case text(TextMatcher)
    case pinned
    case unsorted
    case untagged
    /// A date condition as written, before it is resolved against a clock.
    case date(QueryTerm.DateField, QueryDateCondition)
    /// A date condition resolved to instants.
    case dateBounds(QueryTerm.DateField, DateBounds)
    /// A task's date as written (nil: none), and resolved.
    case taskDate(NoteTask.DateField, QueryDateCondition?)
    case taskDateBounds(NoteTask.DateField, DayBounds?)
    case priority(QueryTerm.PriorityComparison, NoteTask.Priority)
    case status(NoteTask.Status)
    /// A task of that status (nil: any).
    case hasTask(NoteTask.Status?)
    /// `links:` and `is:orphan` before a `LinkGraph` decides them (they match nothing).
    case linksTo(String)
    case orphan
    /// The notes at these paths: a link term decided by the vault's links.
    case paths(Set<String>)
    /// A front-matter key, or one of its values.
    case property(PropertyMatcher)

    init(_ expression: QueryExpression) {
        switch expression {
        case .and(let operands):
            self = .all(Self.ordered(operands.flatMap { operand -> [QueryCondition] in
                let condition = QueryCondition(operand)
                if case .all(let inner) = condition { return inner }
                return [condition]
            }))
        case .or(let operands):
            self = .any(Self.ordered(operands.flatMap { operand -> [QueryCondition] in
                let condition = QueryCondition(operand)
                if case .any(let inner) = condition { return inner }
                return [condition]
            }))
        case .not(let operand):
            let condition = QueryCondition(operand)
            if case .not(let inner) = condition {
                self = inner
            } else {
                self = .not(condition)
            }
        case .term(let term):
            switch term {
            case .word(let text), .phrase(let text): self = .text(TextMatcher(text))
            case .tag(let name): self = .tag(NamePattern(name))
            case .folder(let path): self = path.isEmpty ? .root : .folder(NamePattern(path))
            case .title(let text): self = .title(TextMatcher(text))
            case .state(.pinned): self = .pinned
            case .state(.unsorted): self = .unsorted
            case .state(.untagged): self = .untagged
            case .state(.orphan): self = .orphan
            case .links(let note): self = .linksTo(note)
            case .date(let field, let condition): self = .date(field, condition)
            case .taskDate(let field, let condition): self = .taskDate(field, condition)
            case .priority(let comparison, let priority): self = .priority(comparison, priority)
            case .status(let status): self = .status(status)
            case .task(let status): self = .hasTask(status)
            case .property(let key, let comparison, let value): self = .property(PropertyMatcher(key: key, comparison: comparison, value: value))
            }
        }
    }

    /// Stable sort by cost, so that equal-cost operands keep the user's order.
    private static func ordered(_ conditions: [QueryCondition]) -> [QueryCondition] {
        conditions.enumerated()
            .sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }
            .map(\.element)
    }

    /// A rough cost: flags and dates, then names, then the title, then the whole text.
    var cost: Int {
        switch self {
        case .all(let operands), .any(let operands): return operands.map(\.cost).max() ?? 0
        case .not(let operand): return operand.cost
        case .pinned, .unsorted, .untagged, .root, .date, .dateBounds, .linksTo, .orphan, .paths: return 0
        case .tag, .folder, .property: return 1
        case .title: return 2
        case .text: return 3
        case .taskDate, .taskDateBounds, .priority, .status, .hasTask: return 4
        }
    }

    var hasDates: Bool {
        switch self {
        case .all(let operands), .any(let operands): return operands.contains { $0.hasDates }
        case .not(let operand): return operand.hasDates
        case .date, .taskDate: return true
        default: return false
        }
    }

    var needsLinks: Bool {
        switch self {
        case .all(let operands), .any(let operands): return operands.contains { $0.needsLinks }
        case .not(let operand): return operand.needsLinks
        case .linksTo, .orphan: return true
        default: return false
        }
    }

    /// The same condition with its link terms decided by `graph`.
    func linked(_ graph: LinkGraph) -> QueryCondition {
        switch self {
        case .all(let operands): return .all(operands.map { $0.linked(graph) })
        case .any(let operands): return .any(operands.map { $0.linked(graph) })
        case .not(let operand): return .not(operand.linked(graph))
        case .linksTo(let name): return .paths(graph.sources(linkingTo: name))
        case .orphan: return .paths(graph.orphans)
        default: return self
        }
    }

    /// The same condition with its dates resolved at `now` in `timeZone`.
    func resolved(now: Date, timeZone: TimeZone) -> QueryCondition {
        switch self {
        case .all(let operands): return .all(operands.map { $0.resolved(now: now, timeZone: timeZone) })
        case .any(let operands): return .any(operands.map { $0.resolved(now: now, timeZone: timeZone) })
        case .not(let operand): return .not(operand.resolved(now: now, timeZone: timeZone))
        case .date(let field, let condition): return .dateBounds(field, condition.bounds(now: now, timeZone: timeZone))
        case .taskDate(let field, let condition): return .taskDateBounds(field, condition?.dayBounds(now: now, timeZone: timeZone))
        default: return self
        }
    }

    // MARK: Evaluation

    /// The outcome from the note's metadata alone: nil when it depends on a word or phrase
    /// (three-valued logic: `false AND unknown` is false, `true OR unknown` is true).
    /// `text` may settle a word or phrase without the text (false: certainly absent).
    func decide(_ note: Note, text: (TextMatcher) -> Bool? = { _ in nil }) -> Bool? {
        decide { term in
            switch term {
            case .text(let matcher): return text(matcher)
            case .taskDate, .taskDateBounds, .priority, .status, .hasTask: return nil
            default: return term.matchesMetadata(note)
            }
        }
    }

    /// The outcome from the words alone, before the note is made (its fields unknown):
    /// what `text` settles where the other terms cannot change it (`false AND unknown`).
    func decideWords(_ text: (TextMatcher) -> Bool?) -> Bool? {
        decide { term in
            if case .text(let matcher) = term { return text(matcher) }
            return nil
        }
    }

    /// The three-valued outcome of the `and`, `or` and `not` over what `term` says of
    /// each other term (nil: unknown).
    private func decide(_ term: (QueryCondition) -> Bool?) -> Bool? {
        switch self {
        case .all(let operands):
            var unknown = false
            for operand in operands {
                switch operand.decide(term) {
                case false?: return false
                case nil: unknown = true
                case true?: continue
                }
            }
            return unknown ? nil : true
        case .any(let operands):
            var unknown = false
            for operand in operands {
                switch operand.decide(term) {
                case true?: return true
                case nil: unknown = true
                case false?: continue
                }
            }
            return unknown ? nil : false
        case .not(let operand):
            return operand.decide(term).map { !$0 }
        default:
            return term(self)
        }
    }

    /// The outcome with the text: operands are tried cheapest first and evaluation stops
    /// as soon as the outcome is known, so a text is scanned only when it matters.
    func evaluate(_ note: Note, text: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .all(let operands):
            return operands.allSatisfy { $0.evaluate(note, text: text) }
        case .any(let operands):
            return operands.contains { $0.evaluate(note, text: text) }
        case .not(let operand):
            return !operand.evaluate(note, text: text)
        case .text(let matcher):
            return matcher.matches(note, text: text)
        case .taskDate, .taskDateBounds, .priority, .status, .hasTask:
            // Of a note: one of its tasks matches (only open ones, for due dates and
            // priorities, as the agenda shows them).
            let openOnly: Bool
            switch self {
            case .taskDate(.due, _), .taskDateBounds(.due, _), .priority: openOnly = true
            default: openOnly = false
            }
            return TaskReader.tasks(in: text, path: note.path).tasks.contains { task in
                (!openOnly || task.status.isOpen) && matches(task)
            }
        default:
            return matchesMetadata(note)
        }
    }

    /// The outcome for one task of `note`: words are looked for in the task's text, tags
    /// among its categories and then its note's tags, the other note fields in its note.
    func evaluate(_ task: NoteTask, of note: Note) -> Bool {
        switch self {
        case .all(let operands):
            return operands.allSatisfy { $0.evaluate(task, of: note) }
        case .any(let operands):
            return operands.contains { $0.evaluate(task, of: note) }
        case .not(let operand):
            return !operand.evaluate(task, of: note)
        case .text(let matcher):
            return matcher.matches(task.text)
        case .tag(let pattern):
            func matches(_ tag: String) -> Bool {
                var name = tag
                return name.withUTF8 { pattern.matches(UnsafeRawBufferPointer($0)) }
            }
            if task.categories.contains(where: matches) { return true }
            // The note's tags, but those written only on other tasks' lines.
            let taskOnly = note[NoteTaskOnlyTags.self]
            guard !taskOnly.isEmpty else { return matchesMetadata(note) }
            let others = Set(taskOnly.map(TagName.key))
            return note.tags.contains { !others.contains(TagName.key($0)) && matches($0) }
        case .taskDate, .taskDateBounds, .priority, .status, .hasTask:
            return matches(task)
        default:
            return matchesMetadata(note)
        }
    }

    /// A task leaf on `task`.
    private func matches(_ task: NoteTask) -> Bool {
        func inDay(_ date: TaskDate?, _ bounds: DayBounds?) -> Bool {
            guard let bounds else { return date == nil }
            guard let date else { return false }
            return bounds.contains(date.dayNumber)
        }
        switch self {
        case .taskDateBounds(let field, let bounds):
            return inDay(task[field], bounds)
        case .taskDate(let field, let condition):
            return inDay(task[field], condition?.dayBounds(now: Date(), timeZone: .current))
        case .priority(let comparison, let priority):
            // More important is greater: `>=medium` is medium, high and highest.
            return comparison.holds(-task.priority.code, -priority.code)
        case .status(let status):
            return task.status == status
        case .hasTask(let status):
            return status.map { $0 == task.status } ?? true
        default:
            return false
        }
    }

    /// A leaf that needs only the note's metadata.
    private func matchesMetadata(_ note: Note) -> Bool {
        switch self {
        case .tag(let pattern):
            var found = false
            note.forEachTag { tag in found = found || pattern.matches(tag) }
            return found
        case .folder(let pattern):
            return pattern.matchesFolder(ofPath: note.path)
        case .root:
            return !note.path.utf8.contains(UInt8(ascii: "/"))
        case .title(let matcher):
            return note.withTitleBytes(matcher.matches)
        case .pinned:
            return note.pinned
        case .unsorted:
            return note.isUnsorted
        case .untagged:
            var tagged = false
            note.forEachTag { _ in tagged = true }
            return !tagged
        case .dateBounds(let field, let bounds):
            return bounds.contains(Self.date(field, of: note))
        case .date(let field, let condition):
            // Unresolved dates are resolved by the evaluator; this is a fallback with the
            // current clock, so that a condition is never silently true.
            return condition.bounds(now: Date(), timeZone: .current).contains(Self.date(field, of: note))
        case .paths(let paths):
            return paths.contains(note.path)
        case .property(let matcher):
            return matcher.matches(note)
        case .linksTo, .orphan:
            return false
        case .all, .any, .not, .text, .taskDate, .taskDateBounds, .priority, .status, .hasTask:
            return evaluate(note, text: UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    private static func date(_ field: QueryTerm.DateField, of note: Note) -> Date {
        switch field {
        case .created: return note.created
        case .modified: return note.modified
        case .sortDate: return note.sortDate
        }
    }
}

/// A tag or folder name from a query, compared the way the vault compares them:
/// case-insensitively after NFC normalisation, matching itself and anything below it
/// (`project` matches `project/alpha`; `Work` matches `Work/Projects`).
struct NamePattern: Sendable, Equatable {
    /// `TagName.key` of the name.
    let key: String
    /// The key's bytes when it is ASCII, for comparing without building strings.
    private let asciiKey: [UInt8]?

    init(_ name: String) {
        key = TagName.key(name)
        asciiKey = key.utf8.allSatisfy { $0 < 0x80 } ? Array(key.utf8) : nil
    }

    /// True when the tag spelled by the UTF-8 bytes `tag` is the name or below it.
    func matches(_ tag: UnsafeRawBufferPointer) -> Bool {
        if let asciiKey, let result = Self.asciiPrefixMatch(tag, key: asciiKey, requireSeparator: false) {
            return result
        }
        return TagName.isSelfOrDescendant(TagName.key(String(decoding: tag, as: UTF8.self)), of: key)
    }

    /// True when the note at `path` is in the folder or below it.
    func matchesFolder(ofPath path: String) -> Bool {
        // `Work/a.md` is in `Work` exactly when the path starts with `Work/`.
        if let asciiKey, let result = Self.asciiPrefixMatch(path, key: asciiKey, requireSeparator: true) {
            return result
        }
        guard let slash = path.lastIndex(of: "/") else { return false }
        return TagName.isSelfOrDescendant(TagName.key(String(path[..<slash])), of: key)
    }

    /// Compares the start of `text` with an ASCII `key`, ignoring ASCII case, and checks
    /// that `/` (or, unless `requireSeparator`, the end) follows. Nil when a non-ASCII
    /// byte is in the way: only full case mapping can tell then (the Kelvin sign `K`
    /// lower-cases to `k`).
    private static func asciiPrefixMatch(_ text: String, key: [UInt8], requireSeparator: Bool) -> Bool? {
        let result = text.utf8.withContiguousStorageIfAvailable {
            asciiPrefixMatch(UnsafeRawBufferPointer($0), key: key, requireSeparator: requireSeparator)
        }
        return result ?? nil
    }

    private static func asciiPrefixMatch(_ bytes: UnsafeRawBufferPointer, key: [UInt8], requireSeparator: Bool) -> Bool? {
        var index = 0
        while index < key.count {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            let lower = byte &- 0x41 < 26 ? byte | 0x20 : byte
            if lower != key[index] { return false }
            index += 1
        }
        if index == bytes.count { return !requireSeparator }
        if bytes[index] >= 0x80 { return nil }
        return bytes[index] == UInt8(ascii: "/")
    }
}
