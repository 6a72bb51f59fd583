/// A node of a YAML document as libyaml reported it, with its place in the source.
///
/// Offsets are byte offsets into the text that was parsed; they are what lets the
/// front-matter editor change one value without touching its neighbours.
public struct YAMLNode: Sendable {
    public enum ScalarStyle: Sendable, Equatable { case plain, singleQuoted, doubleQuoted, literal, folded }

    public enum Kind: Sendable {
        case scalar(String, ScalarStyle, tag: String?)
        case sequence([YAMLNode], flow: Bool)
        case mapping([YAMLPair], flow: Bool)
        case alias
    }

    public var kind: Kind
    /// Byte offset where the node starts (for a block sequence: its first `-`).
    public var start: Int
    /// Byte offset just past the node. Unreliable for block collections, whose end
    /// libyaml places at the next token; use `lastByte` for those.
    public var end: Int
    /// 0-based line of `start`.
    public var line: Int
    /// 0-based column (characters) of `start`.
    public var column: Int

    /// The scalar's text, when the node is a scalar.
    public var scalar: String? {
        if case .scalar(let value, _, _) = kind { return value }
        return nil
    }

    /// True for a plain `null`, `~` or empty scalar: YAML's null.
    public var isNull: Bool {
        guard case .scalar(let value, .plain, let tag) = kind, tag == nil else { return false }
        return value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL"
    }

    /// Byte offset just past the last character that belongs to this node.
    public var contentEnd: Int {
        switch kind {
        case .sequence(let items, false):
            return items.last?.contentEnd ?? end
        case .mapping(let pairs, false):
            return pairs.last?.value.contentEnd ?? end
        default:
            return end
        }
    }
}

/// A key and its value in a YAML mapping.
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode
}
