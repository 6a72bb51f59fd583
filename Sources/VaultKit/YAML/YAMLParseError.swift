/// libyaml's complaint about a document, with the place it points at.
public struct YAMLParseError: Error, Sendable, Equatable {
    /// What libyaml said, e.g. "did not find expected ',' or ']'".
    public var message: String
    /// 0-based line in the parsed text.
    public var line: Int
    /// 0-based column (characters) in the parsed text.
    public var column: Int
    /// Where the construct being parsed started (0-based), when libyaml says.
    public var context: (line: Int, column: Int)?

    public static func == (a: YAMLParseError, b: YAMLParseError) -> Bool {
        a.message == b.message && a.line == b.line && a.column == b.column
            && a.context?.line == b.context?.line && a.context?.column == b.context?.column
    }
}
