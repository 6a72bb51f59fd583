import Foundation

/// A malformed query, with the place it went wrong.
///
/// `errorDescription` is one line, `query:LINE:COLUMN: message`; `rendered` adds the query
/// line and a caret under the place, the way compilers show errors:
///
/// ```
/// query:1:22: expected ')' to close '(' at 1:1
///   (tag:work OR tag:home
///                        ^
/// ```
///
/// Lines and columns are 1-based; a column counts characters (grapheme clusters).
public struct QueryError: LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, lowercase, without the location.
    public var message: String
    /// 1-based line in the query.
    public var line: Int
    /// 1-based column in the query, in characters.
    public var column: Int
    /// The text of the query line the error is on, for the caret display.
    public var sourceLine: String

    public init(message: String, line: Int, column: Int, sourceLine: String) {
        self.message = message
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
    }

    /// `query:1:22: expected ')' to close '(' at 1:1`.
    public var errorDescription: String? { "query:\(line):\(column): \(message)" }

    public var description: String { errorDescription ?? message }

    /// The two lines under the message: the query line, indented by two spaces, and a
    /// caret under the column. Tabs before the column are kept so that the caret lines up.
    public var caretDisplay: String {
        var padding = ""
        for (offset, character) in sourceLine.enumerated() where offset < column - 1 {
            padding.append(character == "\t" ? "\t" : " ")
        }
        // The column may be one past the end of the line (a missing ')' at the end).
        if column - 1 > sourceLine.count {
            padding += String(repeating: " ", count: column - 1 - sourceLine.count)
        }
        return "  " + sourceLine + "\n" + "  " + padding + "^"
    }

    /// The full three-line display: `errorDescription`, then `caretDisplay`.
    public var rendered: String { description + "\n" + caretDisplay }
}
