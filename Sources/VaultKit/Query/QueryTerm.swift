import Foundation

/// One condition of a query: a field, a tag, or text to find.
public enum QueryTerm: Sendable, Equatable, CustomStringConvertible {
    /// A bare word: found in the title or the body, ignoring case and diacritics.
    case word(String)
    /// A quoted phrase: found like a word, as the exact sequence of folded characters.
    case phrase(String)
    /// `tag:x` or `#x`: the note has tag `x` or a tag below it (`x/...`).
    case tag(String)
    /// `folder:x`: the note is in folder `x` or below it. The path has no leading or
    /// trailing `/`; the empty string is the vault root (`folder:/`), which matches only
    /// the notes directly in it.
    case folder(String)
    /// `title:x`: the title contains `x`, ignoring case and diacritics.
    case title(String)
    /// `is:pinned`, `is:unsorted`, `is:untagged`.
    case state(State)
    /// `created:`, `modified:`, `date:` (the sort date).
    case date(DateField, QueryDateCondition)
    /// `due:`, `scheduled:`, `done:`: a task's date, or with nil (`none`) its absence.
    /// Of a note: it has an open task (any task, for `done:`) with such a date.
    case taskDate(NoteTask.DateField, QueryDateCondition?)
    /// `priority:high`, `priority:>=medium` (more important is greater).
    case priority(PriorityComparison, NoteTask.Priority)
    /// `status:todo|doing|done|cancelled`; of a note, it has such a task.
    case status(NoteTask.Status)
    /// `task:todo|doing|done|cancelled|any`: a note with such a task (nil: any).
    case task(NoteTask.Status?)
    /// `links:NOTE`: the note links to NOTE (a name or path as a wiki link gives it, or a title).
    case links(String)
    /// `[key]` (nil value: the note has the key) or `[key:value]`, `[key:>=value]`: a
    /// front-matter key no field reads, compared as `PropertyMatcher` says.
    case property(String, PriorityComparison, String?)

    /// How `priority:` and `[key:value]` compare.
    public enum PriorityComparison: String, Sendable, CaseIterable {
        case equal = "", greater = ">", greaterOrEqual = ">=", less = "<", lessOrEqual = "<="

        /// True when `have` stands to `want` as this comparison asks.
        func holds<T: Comparable>(_ have: T, _ want: T) -> Bool {
            switch self {
            case .equal: return have == want
            case .greater: return have > want
            case .greaterOrEqual: return have >= want
            case .less: return have < want
            case .lessOrEqual: return have <= want
            }
        }
    }

    /// The values of `is:`; an orphan has no link to another note and none from one.
    public enum State: String, Sendable, CaseIterable {
        case pinned, unsorted, untagged, orphan
    }

    /// The note dates a query can test.
    public enum DateField: String, Sendable, CaseIterable {
        case created, modified
        /// `date:` is the sort date, the one month-grouped lists file a note under.
        case sortDate = "date"
    }

    /// True for the terms that need the note's text: words, phrases and its tasks.
    public var needsText: Bool {
        switch self {
        case .word, .phrase, .taskDate, .priority, .status, .task: return true
        default: return false
        }
    }

    /// True for the terms decided by the links of the whole vault.
    public var needsLinks: Bool {
        switch self {
        case .links, .state(.orphan): return true
        default: return false
        }
    }

    /// True for the terms about a task rather than a note.
    public var isAboutTasks: Bool {
        switch self {
        case .taskDate, .priority, .status, .task: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .word(let word):
            return QueryTerm.needsQuotes(word) ? QueryTerm.quoted(word) : word
        case .phrase(let phrase):
            return QueryTerm.quoted(phrase)
        case .tag(let tag):
            return "tag:" + QueryTerm.value(tag)
        case .folder(let folder):
            return "folder:" + (folder.isEmpty ? "/" : QueryTerm.value(folder))
        case .title(let title):
            return "title:" + QueryTerm.value(title)
        case .state(let state):
            return "is:" + state.rawValue
        case .date(let field, let condition):
            return field.rawValue + ":" + condition.description
        case .taskDate(let field, let condition):
            return field.rawValue + ":" + (condition?.description ?? "none")
        case .priority(let comparison, let priority):
            return "priority:" + comparison.rawValue + priority.rawValue
        case .status(let status):
            return "status:" + status.rawValue
        case .task(let status):
            return "task:" + (status?.rawValue ?? "any")
        case .links(let note):
            return "links:" + QueryTerm.value(note)
        case .property(let key, let comparison, let value):
            return "[" + key + (value.map { ":" + comparison.rawValue + ($0.contains("]") || $0.first == "\"" ? QueryTerm.quoted($0) : $0) } ?? "") + "]"
        }
    }

    private static func value(_ text: String) -> String {
        text.contains(where: { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "\"" }) ? quoted(text) : text
    }

    /// A word that would not read back as the same word.
    private static func needsQuotes(_ word: String) -> Bool {
        ["AND", "OR", "NOT"].contains(word) || word.first == "-" || word.first == "#"
            || word.contains(where: { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "\"" })
            || word.firstIndex(of: ":").map { colon in
                colon != word.startIndex && word[..<colon].allSatisfy { $0.isASCII && $0.isLetter }
            } == true
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
