import Foundation

/// A parsed search query: `vault search` runs one over the notes of a vault.
///
/// ```
/// query   := or
/// or      := and ( "OR" and )*
/// and     := unary ( [ "AND" ] unary )*        adjacency means AND
/// unary   := ( "NOT" | "-" ) unary | primary
/// primary := "(" query ")" | field ":" value | "#" tag | word | '"' phrase '"'
/// ```
///
/// Fields: `tag:x` / `#x`, `folder:x` (`folder:/` is the root), `title:x`,
/// `is:pinned|unsorted|untagged`, and `created:`, `modified:`, `date:` (the sort date)
/// with a date value (see `QueryDateCondition`). Words and phrases are found in the title
/// or the text, ignoring case and diacritics (see `TextMatcher`).
public struct Query: Sendable, CustomStringConvertible {
    /// The syntax tree.
    public let expression: QueryExpression
    let condition: QueryCondition

    /// Parses `text`; a malformed query throws an error that points at the place.
    ///
    /// `saved` are the searches an `@name` term may name (`VaultConfig.searches`).
    public static func parse(_ text: String, saved: SavedSearches = SavedSearches()) throws(QueryError) -> Query {
        Query(try QueryParser.parse(text, saved: saved))
    }

    /// A query from a syntax tree built by hand.
    public init(_ expression: QueryExpression) {
        self.expression = expression
        condition = QueryCondition(expression)
    }

    /// True when some term is a word or phrase, so that notes must be matched against
    /// their text; false when the front matter and path decide alone.
    public var needsText: Bool { expression.needsText }

    /// True when a term is decided by the links of the whole vault (`links:`, `is:orphan`):
    /// give the evaluator's context a `LinkGraph` of every note.
    public var needsLinks: Bool { condition.needsLinks }

    /// True when the query says which statuses of tasks it wants (`status:`, `task:`), so
    /// that the agenda does not limit it to open tasks.
    public var choosesTaskStatus: Bool {
        expression.contains { term in
            switch term {
            case .status, .task: return true
            default: return false
            }
        }
    }

    /// The query fully parenthesised, in query syntax.
    public var description: String { expression.description }

    /// The query bound to `context`, with its dates resolved once: use it to test many
    /// notes (as a scanner filter, for instance).
    public func evaluator(context: QueryContext) -> QueryEvaluator {
        var bound = condition.hasDates ? condition.resolved(now: context.now, timeZone: context.timeZone) : condition
        if let links = context.links, needsLinks { bound = bound.linked(links) }
        return QueryEvaluator(condition: bound, needsText: needsText)
    }

    /// True when `note` matches; `text` is its searchable text as UTF-8 (the body, or the
    /// whole file when the front matter is missing or broken). Metadata terms are tested
    /// first and the text is scanned only when the outcome still depends on it.
    ///
    /// This resolves the query's dates at every call; to test many notes, make an
    /// `evaluator(context:)` once.
    public func matches(_ note: Note, text: UnsafeRawBufferPointer, context: QueryContext) -> Bool {
        evaluator(context: context).matches(note, text: text)
    }
}

extension Query {
    /// A filter for `Vault.scan` that reads a note's text only when its fields cannot decide.
    public func scanFilter(context: QueryContext) -> ScanFilter {
        let evaluator = evaluator(context: context)
        return ScanFilter(decide: evaluator.matchesWithoutText, matches: evaluator.matches)
    }
}
