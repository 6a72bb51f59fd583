/// The text of a query as characters, with the line and column of each, so that errors
/// can point at a place.
struct QuerySource {
    let characters: [Character]
    private let lines: [String]
    private let lineOf: [Int]
    private let columnOf: [Int]

    init(_ text: String) {
        characters = Array(text)
        var lines: [String] = []
        var current = ""
        var lineOf: [Int] = []
        var columnOf: [Int] = []
        lineOf.reserveCapacity(characters.count)
        columnOf.reserveCapacity(characters.count)
        var line = 1
        var column = 1
        for character in characters {
            lineOf.append(line)
            columnOf.append(column)
            if character.isNewline {
                lines.append(current)
                current = ""
                line += 1
                column = 1
            } else {
                current.append(character)
                column += 1
            }
        }
        lines.append(current)
        self.lines = lines
        self.lineOf = lineOf
        self.columnOf = columnOf
    }

    var count: Int { characters.count }

    /// The 1-based line and column of the character at `index`. The end of the query
    /// (`index == count`) is just after its last non-blank character, so that a missing
    /// `)` is shown on the line where the query stops.
    func position(of index: Int) -> (line: Int, column: Int) {
        if index < count { return (lineOf[index], columnOf[index]) }
        guard let last = characters.lastIndex(where: { !$0.isWhitespace }) else { return (1, 1) }
        return (lineOf[last], columnOf[last] + 1)
    }

    /// An error pointing at the character at `index`.
    func error(_ message: String, at index: Int) -> QueryError {
        let (line, column) = position(of: index)
        return QueryError(message: message, line: line, column: column, sourceLine: lines[line - 1])
    }

    /// `1:5`, for messages that refer to another place.
    func place(of index: Int) -> String {
        let (line, column) = position(of: index)
        return "\(line):\(column)"
    }
}
