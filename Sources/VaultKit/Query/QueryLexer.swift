/// A token of the query language.
struct QueryToken: Equatable {
    enum Kind: Equatable {
        case openParen, closeParen
        /// The upper-case operator words; `and`, `or`, `not` are ordinary words.
        case and, or, not
        /// `-` directly in front of a term.
        case minus
        case word(String)
        case phrase(String)
        /// `name:value`, the name as written. `valueStart` is the index of the value's
        /// first character (after the opening quote of a quoted value).
        case field(name: String, value: String, valueStart: Int, quoted: Bool)
        /// `#value`.
        case hashTag(value: String, valueStart: Int, quoted: Bool)
        /// `@name` or `@"name with spaces"`: a saved search.
        case saved(name: String)
        /// `[key]` or `[key:value]`; `valueStart` is the index of the value's first
        /// character (the `]` for none).
        case property(key: String, value: String?, valueStart: Int)
        case end
    }

    var kind: Kind
    /// Index of the token's first character in the query.
    var start: Int
}

/// Splits a query into tokens, one at a time, so that the parser reports the leftmost
/// problem first.
///
/// A word runs until whitespace, a parenthesis or a quote. A word whose part before the
/// first `:` is made of ASCII letters is a field (`tag:work`); other words with a colon
/// (`10:30`) are text. Inside quotes, `\"` is a quote and `\\` a backslash.
struct QueryLexer {
    let source: QuerySource
    private var index = 0

    init(source: QuerySource) {
        self.source = source
    }

    private var characters: [Character] { source.characters }

    mutating func next() throws(QueryError) -> QueryToken {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        let start = index
        guard index < characters.count else { return QueryToken(kind: .end, start: start) }
        switch characters[index] {
        case "(":
            index += 1
            return QueryToken(kind: .openParen, start: start)
        case ")":
            index += 1
            return QueryToken(kind: .closeParen, start: start)
        case "\"":
            let text = try quoted(what: "phrase")
            return QueryToken(kind: .phrase(text), start: start)
        case "-":
            index += 1
            // `- word` is more likely a typo or a dash in text than a negation; say so
            // rather than guess. (`-` at the end or before `)` is the parser's to report.)
            if index < characters.count, characters[index].isWhitespace {
                throw source.error("expected a term directly after '-' (no space)", at: index)
            }
            return QueryToken(kind: .minus, start: start)
        case "@":
            index += 1
            guard index < characters.count, !Self.endsWord(characters[index]) || characters[index] == "\"" else {
                throw source.error("expected the name of a saved search after '@'", at: index)
            }
            let name = characters[index] == "\"" ? try quoted(what: "name") : word()
            return QueryToken(kind: .saved(name: name), start: start)
        case "[" where index + 1 < characters.count && characters[index + 1] != "[":
            return try property(at: start)
        case "#":
            index += 1
            guard index < characters.count, !Self.endsWord(characters[index]) || characters[index] == "\"" else {
                throw source.error("expected a tag name after '#'", at: index)
            }
            if characters[index] == "\"" {
                let valueStart = index + 1
                let value = try quoted(what: "tag")
                return QueryToken(kind: .hashTag(value: value, valueStart: valueStart, quoted: true), start: start)
            }
            let valueStart = index
            return QueryToken(kind: .hashTag(value: word(), valueStart: valueStart, quoted: false), start: start)
        default:
            let text = word()
            switch text {
            case "AND": return QueryToken(kind: .and, start: start)
            case "OR": return QueryToken(kind: .or, start: start)
            case "NOT": return QueryToken(kind: .not, start: start)
            default: break
            }
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex,
                  text[..<colon].allSatisfy({ $0.isASCII && $0.isLetter }) else {
                return QueryToken(kind: .word(text), start: start)
            }
            let name = String(text[..<colon])
            let value = String(text[text.index(after: colon)...])
            let valueStart = start + name.count + 1
            if value.isEmpty, index < characters.count, characters[index] == "\"" {
                let quotedValue = try quoted(what: "value")
                return QueryToken(kind: .field(name: name, value: quotedValue, valueStart: valueStart + 1, quoted: true), start: start)
            }
            return QueryToken(kind: .field(name: name, value: value, valueStart: valueStart, quoted: false), start: start)
        }
    }

    /// `[key]`, `[key:value]` or `[key:"quoted value"]`, from the `[` at `start`.
    private mutating func property(at start: Int) throws(QueryError) -> QueryToken {
        index += 1
        var key = ""
        while index < characters.count, characters[index] != ":", characters[index] != "]" {
            key.append(characters[index])
            index += 1
        }
        key = key.trimmingCharacters(in: .whitespaces)
        guard index < characters.count else { throw source.error("expected ']' to close '[' at \(source.place(of: start))", at: index) }
        if key.isEmpty { throw source.error("expected a property name after '['", at: start + 1) }
        if characters[index] == "]" {
            index += 1
            return QueryToken(kind: .property(key: key, value: nil, valueStart: index - 1), start: start)
        }
        index += 1
        let valueStart = index
        var value = ""
        while index < characters.count, characters[index] != "]" {
            if characters[index] == "\"" {
                value += try quoted(what: "value")
            } else {
                value.append(characters[index])
                index += 1
            }
        }
        guard index < characters.count else { throw source.error("expected ']' to close '[' at \(source.place(of: start))", at: index) }
        index += 1
        return QueryToken(kind: .property(key: key, value: value, valueStart: valueStart), start: start)
    }

    /// Whitespace, parentheses and quotes end a word.
    private static func endsWord(_ character: Character) -> Bool {
        character.isWhitespace || character == "(" || character == ")" || character == "\""
    }

    private mutating func word() -> String {
        let start = index
        while index < characters.count, !Self.endsWord(characters[index]) { index += 1 }
        return String(characters[start..<index])
    }

    /// Reads a quoted string starting at the opening quote under `index`.
    private mutating func quoted(what: String) throws(QueryError) -> String {
        let open = index
        index += 1
        var text = ""
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, characters[index + 1] == "\"" || characters[index + 1] == "\\" {
                text.append(characters[index + 1])
                index += 2
            } else if character == "\"" {
                index += 1
                return text
            } else {
                text.append(character)
                index += 1
            }
        }
        throw source.error("expected '\"' to close the \(what) opened at \(source.place(of: open))", at: characters.count)
    }
}
