/// libyaml's complaint about a document, with the place it points at.
public struct YAMLParseError: Error, Sendable, Equatable {
    /// What libyaml said, e.g. "did not find expected ',' or ']'".
    public var message: String
    /// 0-based line in the parsed text.
    public var line: Int
    /// 0-based column (characters) in the parsed text.
    public var column: Int
}
