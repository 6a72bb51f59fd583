/// A small streaming JSON writer over UTF-8 bytes: `Codable` would build an intermediate
/// tree per note, which shows on 100,000-note listings.
public struct JSONWriter {
    /// The UTF-8 JSON written so far.
    public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]
    private var pendingKey = false

    public init() {
        bytes.reserveCapacity(1 << 16)
    }

    /// A writer for the next elements of an array written elsewhere (in pieces, in
    /// parallel): values are separated by commas, with one before the first when
    /// `continuingArray` says elements came before.
    public init(continuingArray: Bool) {
        self.init()
        needsComma = [continuingArray]
    }

    /// The JSON written so far, as a string.
    public var output: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func beginObject() { raw(UInt8(ascii: "{")); needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); bytes.append(UInt8(ascii: "}")) }
    public mutating func beginArray() { raw(UInt8(ascii: "[")); needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); bytes.append(UInt8(ascii: "]")) }

    /// A key known when the program is written: plain ASCII, appended without escaping.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        pendingKey = true
    }

    public mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        pendingKey = true
    }

    public mutating func string(_ text: String?) {
        guard let text else { return null() }
        separate()
        appendString(text)
    }

    public mutating func number(_ value: Int) {
        separate()
        // Digits written in place: a listing writes a number on every line.
        guard value >= 0 else { return bytes.append(contentsOf: String(value).utf8) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = UInt64(value)
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }
    public mutating func bool(_ flag: Bool) { literal(flag ? "true" : "false") }
    public mutating func null() { literal("null") }

    public mutating func strings(_ items: [String]) {
        beginArray()
        for item in items { string(item) }
        endArray()
    }

    /// An array with one object per item, `fields` writing each object's keys and values.
    public mutating func objects<Items: Sequence>(
        _ items: Items, fields: (inout JSONWriter, Items.Element) -> Void
    ) {
        beginArray()
        for item in items {
            beginObject()
            fields(&self, item)
            endObject()
        }
        endArray()
    }

    /// A string given as its UTF-8 bytes (a cache's), escaped as `string(_:)` escapes; bytes
    /// that are not UTF-8 are written as `String(decoding:as:)` repairs them.
    package mutating func string(utf8 text: UnsafeRawBufferPointer) {
        separate()
        if text.contains(where: { $0 >= 0x80 }), String(validating: text, as: UTF8.self) == nil {
            return appendString(String(decoding: text, as: UTF8.self))
        }
        appendEscaped(text)
    }

    /// The first `digits` hexadecimal digits of `value` written out to sixteen, as a string:
    /// a task's REF (`NoteTask.ref`).
    package mutating func hex(_ value: UInt64, digits: Int) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for index in 0..<digits {
            let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(index))) & 0xF
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A date as `YYYY-MM-DD` (its `description`), or null.
    package mutating func date(_ date: TaskDate?) {
        guard let date else { return null() }
        separate()
        bytes.append(UInt8(ascii: "\""))
        date.withDescription { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Takes the bytes written so far, to stream large outputs.
    public mutating func flush() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    private mutating func raw(_ byte: UInt8) {
        separate()
        bytes.append(byte)
    }

    private mutating func literal(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func separate() {
        if pendingKey {
            pendingKey = false
        } else if needsComma[needsComma.count - 1] {
            bytes.append(UInt8(ascii: ","))
        }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func appendString(_ text: String) {
        var text = text
        text.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0)) }
    }

    /// `"…"` around `utf8`, with `"`, `\\` and control characters escaped.
    private mutating func appendEscaped(_ utf8: UnsafeRawBufferPointer) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = Self.nextEscaped(in: utf8, from: 0)
        while index < utf8.count {
            let byte = utf8[index]
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index + 1
            index = Self.nextEscaped(in: utf8, from: runStart)
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// The index of the first byte from `start` that a JSON string escapes (`"`, `\\`, below
    /// 0x20), or the end: eight bytes at a time while none of them is one, as strings of
    /// text mostly have none (a large agenda escapes a hundred megabytes).
    private static func nextEscaped(in utf8: UnsafeRawBufferPointer, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = start
        while index + 8 <= utf8.count {
            let word = utf8.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            // A byte below 0x20, or one equal to `"` or `\\`, sets its high bit here.
            let found = ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if found & (ones &* 0x80) != 0 { break }
            index += 8
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return index
    }
}
