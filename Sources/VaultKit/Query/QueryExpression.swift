/// The syntax tree of a parsed query.
///
/// `and` and `or` hold two or more operands in query order (`a b c` is one `and` of
/// three); parentheses in the query are kept as nesting. `description` prints the tree
/// fully parenthesised, in query syntax: `((tag:work AND NOT is:pinned) OR cafe)`.
public indirect enum QueryExpression: Sendable, Equatable, CustomStringConvertible {
    /// Every operand matches (`a AND b`, or `a b`).
    case and([QueryExpression])
    /// At least one operand matches (`a OR b`).
    case or([QueryExpression])
    /// The operand does not match (`NOT a`, `-a`).
    case not(QueryExpression)
    /// A single condition.
    case term(QueryTerm)

    public var description: String {
        switch self {
        case .and(let operands):
            return "(" + operands.map(\.description).joined(separator: " AND ") + ")"
        case .or(let operands):
            return "(" + operands.map(\.description).joined(separator: " OR ") + ")"
        case .not(let operand):
            return "NOT " + operand.description
        case .term(let term):
            return term.description
        }
    }

    /// True when some term passes `test`.
    public func contains(where test: (QueryTerm) -> Bool) -> Bool {
        switch self {
        case .and(let operands), .or(let operands): return operands.contains { $0.contains(where: test) }
        case .not(let operand): return operand.contains(where: test)
        case .term(let term): return test(term)
        }
    }

    /// True when some term needs the note's text (a word or a phrase).
    public var needsText: Bool {
        switch self {
        case .and(let operands), .or(let operands):
            return operands.contains { $0.needsText }
        case .not(let operand):
            return operand.needsText
        case .term(let term):
            return term.needsText
        }
    }
}
