import Foundation

/// A front-matter value as given (`true`, `2026-12-01`, `3`, `[a, b]`, `"3"`): read as the
/// YAML it would be in the file, and written as it was given, so that what a reader of the
/// file gets is what was meant. One line, one value: a scalar, or a flow list or mapping.
public struct PropertyValue: Sendable, Equatable {
    /// What the value reads as.
    public enum Kind: String, Sendable {
        case string, bool, number, date, null, list, mapping
    }

    /// The YAML text written after `key: `.
    public let yaml: String
    public let kind: Kind
    /// The items of a list of scalars (what `tags` takes); nil for any other value.
    public let items: [String]?

    /// Reads `text`, the value of `key`.
    public static func read(_ text: String, key: String) throws(VaultError) -> PropertyValue {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { throw .invalidPropertyValue(key: key, value: text, reason: "it is empty: remove the key instead") }
        guard !trimmed.contains(where: \.isNewline) else { throw .invalidPropertyValue(key: key, value: text, reason: "it is more than one line") }
        let bytes = Array(trimmed.utf8)
        let parsed: Result<YAMLNode?, YAMLParseError> = bytes.withUnsafeBytes { raw in
            do throws(YAMLParseError) { return .success(try YAMLReader.parse(raw)) } catch { return .failure(error) }
        }
        guard case .success(let parsed) = parsed else {
            if case .failure(let error) = parsed { throw .invalidPropertyValue(key: key, value: text, reason: error.message) }
            throw .invalidPropertyValue(key: key, value: text, reason: "it does not read")
        }
        guard let node = parsed else { throw .invalidPropertyValue(key: key, value: text, reason: "it reads as nothing") }
        switch node.kind {
        case .scalar(let scalar, let style, let tag):
            guard tag == nil else { throw .invalidPropertyValue(key: key, value: text, reason: "a tagged value (!…) is not written by vault") }
            return PropertyValue(yaml: trimmed, kind: style == .plain ? plainKind(scalar) : .string, items: nil)
        case .sequence(let items, let flow):
            guard flow else { throw .invalidPropertyValue(key: key, value: text, reason: "a list is written [a, b] on one line") }
            let scalars = items.compactMap(\.scalar)
            return PropertyValue(yaml: trimmed, kind: .list, items: scalars.count == items.count ? scalars : nil)
        case .mapping(_, let flow):
            guard flow else { throw .invalidPropertyValue(key: key, value: text, reason: "it reads as a key and a value; quote it to keep it one string") }
            return PropertyValue(yaml: trimmed, kind: .mapping, items: nil)
        default:
            throw .invalidPropertyValue(key: key, value: text, reason: "an alias is not written by vault")
        }
    }

    /// A list of strings, each written as YAML writes it in a flow list.
    public static func list(_ items: [String]) -> PropertyValue {
        PropertyValue(yaml: "[" + items.map { YAMLScalarWriter.render($0, in: .flow) }.joined(separator: ", ") + "]", kind: .list, items: items)
    }

    /// How YAML reads an unquoted scalar.
    private static func plainKind(_ text: String) -> Kind {
        if ["", "~", "null", "Null", "NULL"].contains(text) { return .null }
        if YAMLBool.value(of: text) != nil { return .bool }
        if Int(text) != nil || Double(text) != nil { return .number }
        let utf8 = Array(text.utf8)
        if utf8.count >= 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
           utf8.prefix(10).enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || (0x30...0x39).contains($0.element) }) {
            return .date
        }
        return .string
    }

    /// The flag a bool value holds.
    public var flag: Bool? { kind == .bool ? YAMLBool.value(of: yaml) : nil }
}
