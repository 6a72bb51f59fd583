/// A recursive-descent parser for the query language:
///
/// ```
/// query   := or
/// or      := and ( "OR" and )*
/// and     := unary ( [ "AND" ] unary )*        adjacency means AND
/// unary   := ( "NOT" | "-" ) unary | primary
/// primary := "(" query ")" | field ":" value | "#" tag | "@" name | word | '"' phrase '"'
/// ```
///
/// Precedence is `NOT` > `AND` > `OR`. Every error names what was expected and where.
/// `@name` stands for the saved search of that name, parsed in its place as if
/// parenthesised.
struct QueryParser {
    private var lexer: QueryLexer
    private var lookahead: QueryToken?
    private var depth = 0
    private var source: QuerySource { lexer.source }
    private let saved: SavedSearches
    /// The saved searches being expanded, outermost first: one that names itself, directly
    /// or through others, is a cycle.
    private let expanding: [String]
    /// The query text the saved searches of this query have expanded to so far, shared by
    /// every parser of the query.
    private let expanded: ExpandedText

    /// A count shared by the parsers of one query.
    final class ExpandedText {
        var characters = 0
    }

    /// Saved searches expand to at most this much query text: one that names another twice,
    /// which names another twice, doubles at each step, and a synced config can bring them.
    static let maximumExpansion = 100_000
    private static let expansionRefusal = "saved searches expand to more than \(maximumExpansion) characters of query"

    /// Parentheses and negations nest at most this deep, so that a pathological query
    /// cannot exhaust the stack.
    static let maximumDepth = 100

    /// Parses `text` into a syntax tree.
    static func parse(_ text: String, saved: SavedSearches = SavedSearches(), expanding: [String] = [],
                      expanded: ExpandedText = ExpandedText()) throws(QueryError) -> QueryExpression {
        var parser = QueryParser(lexer: QueryLexer(source: QuerySource(text)), saved: saved, expanding: expanding, expanded: expanded)
        let first = try parser.peek()
        if first.kind == .end {
            throw parser.source.error("empty query", at: 0)
        }
        let expression = try parser.parseOr(after: nil)
        let token = try parser.peek()
        guard token.kind == .end else {
            // `parseOr` stops only at the end, or at a `)` nothing opened.
            throw parser.source.error("unexpected ')' without a matching '('", at: token.start)
        }
        return expression
    }

    private init(lexer: QueryLexer, saved: SavedSearches, expanding: [String], expanded: ExpandedText) {
        self.lexer = lexer
        self.saved = saved
        self.expanding = expanding
        self.expanded = expanded
    }

    // MARK: Tokens

    private mutating func peek() throws(QueryError) -> QueryToken {
        if let lookahead { return lookahead }
        let token = try lexer.next()
        lookahead = token
        return token
    }

    @discardableResult
    private mutating func advance() throws(QueryError) -> QueryToken {
        let token = try peek()
        lookahead = nil
        return token
    }

    // MARK: Grammar

    /// `after` is the token just before this expression: an operator or `(` (for error
    /// messages), nil at the start of the query.
    private mutating func parseOr(after: QueryToken?) throws(QueryError) -> QueryExpression {
        var operands = [try parseAnd(after: after)]
        while try peek().kind == .or {
            let operatorToken = try advance()
            operands.append(try parseAnd(after: operatorToken))
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    private mutating func parseAnd(after: QueryToken?) throws(QueryError) -> QueryExpression {
        var operands = [try parseUnary(after: after)]
        while true {
            let token = try peek()
            switch token.kind {
            case .and:
                try advance()
                operands.append(try parseUnary(after: token))
            case .word, .phrase, .field, .hashTag, .saved, .property, .openParen, .not, .minus:
                // Adjacency means AND.
                operands.append(try parseUnary(after: nil))
            case .or, .closeParen, .end:
                return operands.count == 1 ? operands[0] : .and(operands)
            }
        }
    }

    private mutating func parseUnary(after: QueryToken?) throws(QueryError) -> QueryExpression {
        let token = try peek()
        guard token.kind == .not || token.kind == .minus else { return try parsePrimary(after: after) }
        try advance()
        try enter(at: token)
        defer { depth -= 1 }
        return .not(try parseUnary(after: token))
    }

    private mutating func parsePrimary(after: QueryToken?) throws(QueryError) -> QueryExpression {
        let token = try advance()
        switch token.kind {
        case .openParen:
            try enter(at: token)
            defer { depth -= 1 }
            if try peek().kind == .closeParen {
                throw source.error("empty parentheses", at: try peek().start)
            }
            let inner = try parseOr(after: token)
            let close = try peek()
            guard close.kind == .closeParen else {
                throw source.error("expected ')' to close '(' at \(source.place(of: token.start))", at: close.start)
            }
            try advance()
            return inner
        case .word(let word):
            // `budg*`, a prefix as other tools spell it, is `budg`: a word already matches
            // where it starts a longer one.
            var prefix = Substring(word)
            while prefix.hasSuffix("*") { prefix = prefix.dropLast() }
            return .term(.word(prefix.isEmpty ? word : String(prefix)))
        case .phrase(let phrase):
            if phrase.isEmpty { throw source.error("empty phrase", at: token.start) }
            return .term(.phrase(phrase))
        case .hashTag(let value, let valueStart, let quoted):
            if value.isEmpty { throw source.error("empty tag name after '#'", at: valueStart - (quoted ? 1 : 0)) }
            return .term(try tag(value, at: valueStart))
        case .field(let name, let value, let valueStart, let quoted):
            return .term(try field(name, value: value, valueStart: valueStart, quoted: quoted, at: token.start))
        case .saved(let name):
            return try savedSearch(name, at: token.start)
        case .property(let key, let value, let valueStart):
            return .term(try property(key, value: value, valueStart: valueStart))
        case .and, .or, .closeParen, .end, .not, .minus:
            throw missingTerm(at: token, after: after)
        }
    }

    /// The error for a token where a term should be.
    private func missingTerm(at token: QueryToken, after: QueryToken?) -> QueryError {
        let found = Self.spelling(token.kind)
        switch after?.kind {
        case .and?, .or?, .not?, .minus?:
            return source.error("expected a term after '\(Self.spelling(after?.kind ?? .end))'", at: token.start)
        case .openParen?:
            if token.kind == .and || token.kind == .or {
                return source.error("expected a term before '\(found)'", at: token.start)
            }
            return source.error("expected a term after '('", at: token.start)
        default:
            if token.kind == .closeParen {
                return source.error("unexpected ')' without a matching '('", at: token.start)
            }
            return source.error("expected a term before '\(found)'", at: token.start)
        }
    }

    private static func spelling(_ kind: QueryToken.Kind) -> String {
        switch kind {
        case .and: return "AND"
        case .or: return "OR"
        case .not: return "NOT"
        case .minus: return "-"
        case .openParen: return "("
        case .closeParen: return ")"
        default: return "end of query"
        }
    }

    private mutating func enter(at token: QueryToken) throws(QueryError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw source.error("the query nests too deeply (more than \(Self.maximumDepth) levels of parentheses and negations)", at: token.start)
        }
    }

    // MARK: Fields

    private func field(_ name: String, value: String, valueStart: Int, quoted: Bool, at start: Int) throws(QueryError) -> QueryTerm {
        guard let field = QueryField.named(name) else {
            throw source.error("unknown field '\(name)' (\(QueryField.suggestion(forField: name.lowercased())))", at: start)
        }
        if value.isEmpty {
            if quoted { throw source.error("empty value for '\(field.name):'", at: valueStart - 1) }
            throw source.error("expected a value after '\(field.name):'", at: valueStart)
        }
        do {
            return try field.read(value)
        } catch {
            throw source.error(error.message, at: valueStart + error.offset)
        }
    }

    /// The saved search `name`, parsed; its errors are said at the `@` that names it.
    private func savedSearch(_ name: String, at start: Int) throws(QueryError) -> QueryExpression {
        guard let entry = saved.entry(named: name) else {
            let near = saved.nearest(to: name).map { "; did you mean '@\($0)'?" } ?? "; to find the text, quote it: \"@\(name)\""
            throw source.error("no saved search '\(name)'" + near, at: start)
        }
        if let first = expanding.firstIndex(where: { $0.lowercased() == entry.name.lowercased() }) {
            let cycle = (expanding[first...] + [entry.name]).joined(separator: " → ")
            throw source.error(first == expanding.count - 1 ? "saved search '\(entry.name)' names itself" : "saved searches name each other in a circle: \(cycle)", at: start)
        }
        if expanding.count >= Self.maximumDepth {
            throw source.error("saved searches name each other too deeply", at: start)
        }
        expanded.characters += entry.query.utf8.count
        if expanded.characters > Self.maximumExpansion {
            throw source.error(Self.expansionRefusal, at: start)
        }
        do {
            return try Self.parse(entry.query, saved: saved, expanding: expanding + [entry.name], expanded: expanded)
        } catch {
            // The bound is the whole query's: said once, at the `@` as typed.
            if error.message.hasPrefix(Self.expansionRefusal) { throw source.error(error.message, at: start) }
            // Said at the `@` of the query as typed, with the saved query's own place.
            let inner = error.message.hasPrefix("saved search") || error.message.hasPrefix("in saved search") ? error.message : "\(error.message) (at \(error.line):\(error.column) of its query)"
            throw source.error("in saved search '\(entry.name)': " + inner, at: start)
        }
    }

    /// `[key:>=value]`: the comparison taken off the value.
    private func property(_ key: String, value: String?, valueStart: Int) throws(QueryError) -> QueryTerm {
        guard var value = value?.trimmingCharacters(in: .whitespaces) else { return .property(key, .equal, nil) }
        var comparison = QueryTerm.PriorityComparison.equal
        for candidate in [QueryTerm.PriorityComparison.greaterOrEqual, .lessOrEqual, .greater, .less] where value.hasPrefix(candidate.rawValue) {
            comparison = candidate
            value.removeFirst(candidate.rawValue.count)
            break
        }
        if value.hasPrefix("=") { value.removeFirst() }
        value = value.trimmingCharacters(in: .whitespaces)
        if value.isEmpty { throw source.error("expected a value after '\(key):'", at: valueStart) }
        return .property(key, comparison, value)
    }

    private func tag(_ value: String, at valueStart: Int) throws(QueryError) -> QueryTerm {
        do {
            return try QueryTerm.tag(named: value)
        } catch {
            throw source.error(error.message, at: valueStart + error.offset)
        }
    }
}
