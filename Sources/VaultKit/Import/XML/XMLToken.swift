/// One piece of an XML document as `XMLTokenizer` reads it.
enum XMLToken: Sendable, Equatable {
    /// `<name a="1">`, or `<name/>` when `selfClosing`.
    case start(name: String, attributes: [XMLAttribute], selfClosing: Bool)
    case end(name: String)
    /// Character data with its references decoded, or a CDATA section as it is.
    case text(String)
}

/// An attribute of a start tag, its value decoded.
struct XMLAttribute: Sendable, Equatable {
    var name: String
    var value: String
}

extension Array where Element == XMLAttribute {
    /// The value of the attribute `name`, nil when the tag has none.
    subscript(name: String) -> String? {
        first { $0.name == name }?.value
    }
}
