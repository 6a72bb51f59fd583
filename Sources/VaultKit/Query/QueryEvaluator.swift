/// A query bound to a clock and a time zone, ready to test many notes.
///
/// Its dates are resolved once, when it is made; it is `Sendable`, and its methods can be
/// called from the scanner's worker threads. A scan filter asks `matchesWithoutText`
/// first, and reads the note's text for `matches` only when that returns nil:
///
/// ```swift
/// let evaluator = try Query.parse("#work cafe").evaluator(context: QueryContext())
/// let filter = ScanFilter(decide: evaluator.matchesWithoutText, matches: evaluator.matches)
/// ```
public struct QueryEvaluator: Sendable {
    let condition: QueryCondition

    /// True when the outcome can depend on the note's text (a word or phrase term).
    public let needsText: Bool

    init(condition: QueryCondition, needsText: Bool) {
        self.condition = condition
        self.needsText = needsText
    }

    /// True when `note` matches. `text` is the note's searchable text (its body, or the
    /// whole file when the front matter is missing or broken), as UTF-8 bytes.
    ///
    /// The metadata terms are evaluated first; the text is scanned only when the outcome
    /// still depends on a word or phrase, and then only for the terms that decide it.
    public func matches(_ note: Note, text: UnsafeRawBufferPointer) -> Bool {
        if let decided = condition.decide(note) { return decided }
        return condition.evaluate(note, text: text)
    }

    /// The outcome from the note's metadata (tags, folder, title, flags, dates) alone, or
    /// nil when a word or phrase must be looked for in the text to decide.
    public func matchesWithoutText(_ note: Note) -> Bool? {
        condition.decide(note)
    }

    /// True when `task`, of `note`, matches, as `vault tasks QUERY` reads a query: words
    /// in the task's text, `#tag` among its categories or its note's tags, task fields on
    /// the task, the other fields on its note.
    public func matches(_ task: NoteTask, of note: Note) -> Bool {
        condition.evaluate(task, of: note)
    }
}
