import Foundation

/// A type whose values a property can hold: it knows its cache coding and its JSON, so a
/// property of such a type declares only how it is read.
package protocol NotePropertyValue: Sendable {
    func encode(to writer: inout ByteWriter)
    static func decode(from reader: inout ByteReader) -> Self?
    /// Moves past an encoded value, checking it, without building it.
    static func skip(_ reader: inout ByteReader) -> Bool
    func writeJSON(to json: inout JSONWriter, timeZone: TimeZone)
}

extension NoteProperty where Value: NotePropertyValue {
    package static func encode(_ value: Value, to writer: inout ByteWriter) { value.encode(to: &writer) }
    package static func decode(from reader: inout ByteReader) -> Value? { Value.decode(from: &reader) }
    package static func skip(_ reader: inout ByteReader) -> Bool { Value.skip(&reader) }
    package static func writeJSON(_ value: Value, to json: inout JSONWriter, timeZone: TimeZone) {
        value.writeJSON(to: &json, timeZone: timeZone)
    }
}

extension String: NotePropertyValue {
    package func encode(to writer: inout ByteWriter) { writer.string(self) }
    package static func decode(from reader: inout ByteReader) -> String? { reader.string() }
    package static func skip(_ reader: inout ByteReader) -> Bool { reader.skipString() }
    package func writeJSON(to json: inout JSONWriter, timeZone: TimeZone) { json.string(self) }
}

extension Bool: NotePropertyValue {
    package func encode(to writer: inout ByteWriter) { writer.bool(self) }
    package static func decode(from reader: inout ByteReader) -> Bool? { reader.bool() }
    package static func skip(_ reader: inout ByteReader) -> Bool { reader.bool() != nil }
    package func writeJSON(to json: inout JSONWriter, timeZone: TimeZone) { json.bool(self) }
}

/// Dates are kept as seconds since 1970 and shown as ISO 8601 in the given time zone.
extension Date: NotePropertyValue {
    package func encode(to writer: inout ByteWriter) { writer.double(timeIntervalSince1970) }
    package static func decode(from reader: inout ByteReader) -> Date? {
        reader.double().flatMap { Self.seconds.contains($0) ? Date(timeIntervalSince1970: $0) : nil }
    }
    package static func skip(_ reader: inout ByteReader) -> Bool { decode(from: &reader) != nil }
    /// Any time a file's stamp can hold (whole seconds fit an Int): a cached date outside
    /// (NaN, say) is damage, refused when the cache loads rather than trapping when the
    /// date is formatted.
    private static let seconds = -1e18...1e18
    package func writeJSON(to json: inout JSONWriter, timeZone: TimeZone) { json.string(NoteDate.format(self, timeZone: timeZone)) }
}

extension Optional: NotePropertyValue where Wrapped: NotePropertyValue {
    package func encode(to writer: inout ByteWriter) {
        writer.bool(self != nil)
        if let value = self { value.encode(to: &writer) }
    }

    package static func decode(from reader: inout ByteReader) -> Wrapped?? {
        guard let present = reader.bool() else { return nil }
        guard present else { return .some(nil) }
        return Wrapped.decode(from: &reader).map { .some($0) }
    }

    package static func skip(_ reader: inout ByteReader) -> Bool {
        guard let present = reader.bool() else { return false }
        return !present || Wrapped.skip(&reader)
    }

    package func writeJSON(to json: inout JSONWriter, timeZone: TimeZone) {
        if let value = self { value.writeJSON(to: &json, timeZone: timeZone) } else { json.null() }
    }
}

/// Lists of at most `maximumCount` items: a larger count is taken for corruption.
extension Array: NotePropertyValue where Element: NotePropertyValue {
    static var maximumCount: Int { 10_000 }

    package func encode(to writer: inout ByteWriter) {
        writer.length(count)
        for item in self { item.encode(to: &writer) }
    }

    package static func decode(from reader: inout ByteReader) -> [Element]? {
        guard let count = reader.length(), count < maximumCount else { return nil }
        var items: [Element] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            guard let item = Element.decode(from: &reader) else { return nil }
            items.append(item)
        }
        return items
    }

    package static func skip(_ reader: inout ByteReader) -> Bool {
        guard let count = reader.length(), count < maximumCount else { return false }
        for _ in 0..<count where !Element.skip(&reader) { return false }
        return true
    }

    package func writeJSON(to json: inout JSONWriter, timeZone: TimeZone) {
        json.beginArray()
        for item in self { item.writeJSON(to: &json, timeZone: timeZone) }
        json.endArray()
    }
}

/// A front-matter error, in JSON as `line:column: message`.
extension FrontMatterError: NotePropertyValue {
    package func encode(to writer: inout ByteWriter) {
        writer.string(message)
        writer.int(Int64(line))
        writer.int(Int64(column))
    }

    package static func decode(from reader: inout ByteReader) -> FrontMatterError? {
        guard let message = reader.string(), let line = reader.int(), let column = reader.int() else { return nil }
        return FrontMatterError(message: message, line: Int(line), column: Int(column))
    }

    package static func skip(_ reader: inout ByteReader) -> Bool {
        reader.skipString() && reader.int() != nil && reader.int() != nil
    }

    package func writeJSON(to json: inout JSONWriter, timeZone: TimeZone) { json.string("\(line):\(column): \(message)") }
}
