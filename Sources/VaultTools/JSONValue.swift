import Foundation

/// A JSON value, as an assistant's tools take their arguments and give their answers: the
/// tools' code needs no protocol library, so that only `vault-mcp` links one
/// (docs/architecture.md, "Two executables").
///
/// It reads and writes JSON as the MCP SDK's `Value` does, except that a string stays a
/// string: the SDK reads one that parses as a data URL as bytes (`ExactArguments` in
/// VaultMCP keeps the arguments of a call from the SDK's reading).
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The flag, when the value is one (and not a number).
    package var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The number, when the value is a whole one that JSON wrote without a fraction.
    package var intValue: Int? { if case .int(let value) = self { value } else { nil } }
    /// The number, when the value has a fraction or an exponent, or is past `Int`.
    package var doubleValue: Double? { if case .double(let value) = self { value } else { nil } }
    /// The text, when the value is a string.
    package var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The items, when the value is an array.
    package var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    /// The members, when the value is an object.
    package var objectValue: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }

    /// The value as JSON text, keys sorted and slashes as they are: the text copy of an
    /// answer, and what its size is counted on.
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

extension JSONValue: Codable {
    /// Reads a JSON value as the SDK's `Value` does: null, a flag, a whole number, any
    /// other number, a string, an array, an object, in that order.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value as the JSON it was read from (a whole number without a fraction).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(nilLiteral: ()) { self = .null }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
