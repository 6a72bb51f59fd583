import VaultPlatform

/// JSON strings written straight into a `ByteOutput`, as `JSONWriter` writes them, for
/// outputs of hundreds of thousands of values whose shape is known (the JSON agenda):
/// no comma stack, no bookkeeping per value.
package enum JSONBytes {
    /// `"…"` around `utf8`, escaped as `JSONWriter.string(_:)` escapes a string (`"`,
    /// `\\` and control characters); `utf8` is known to be UTF-8: a Swift string's, or a
    /// task record's words, checked when the record was made.
    package static func appendString(validUTF8 utf8: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = nextEscaped(in: utf8, from: 0)
        while index < utf8.count {
            out.append(UnsafeRawBufferPointer(rebasing: utf8[runStart..<index]))
            withUnsafeBytes(of: escape(utf8[index])) { out.append(UnsafeRawBufferPointer(rebasing: $0[..<Int($0[7])])) }
            runStart = index + 1
            index = nextEscaped(in: utf8, from: runStart)
        }
        out.append(UnsafeRawBufferPointer(rebasing: utf8[runStart...]))
        out.append(UInt8(ascii: "\""))
    }

    /// How a JSON string writes `byte` (`"`, `\\` or a control character): the bytes of
    /// the escape from the lowest, and their count in the highest byte.
    static func escape(_ byte: UInt8) -> UInt64 {
        func packed(_ text: StaticString) -> UInt64 {
            text.withUTF8Buffer { bytes in
                bytes.enumerated().reduce(UInt64(bytes.count) << 56) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            }
        }
        switch byte {
        case UInt8(ascii: "\""): return packed("\\\"")
        case UInt8(ascii: "\\"): return packed("\\\\")
        case UInt8(ascii: "\n"): return packed("\\n")
        case UInt8(ascii: "\r"): return packed("\\r")
        case UInt8(ascii: "\t"): return packed("\\t")
        default:
            let hex: (UInt8) -> UInt64 = { UInt64($0 < 10 ? UInt8(ascii: "0") + $0 : UInt8(ascii: "a") + $0 - 10) }
            let digits = hex(byte >> 4) << 32 | hex(byte & 0xF) << 40
            return packed("\\u00") & (1 << 32 - 1) | digits | 6 << 56
        }
    }

    /// The index of the first byte from `start` that a JSON string escapes (`"`, `\\`, below
    /// 0x20), or the end: eight bytes at a time while none of them is one, as strings of
    /// text mostly have none (a large agenda escapes a hundred megabytes).
    static func nextEscaped(in utf8: UnsafeRawBufferPointer, from start: Int) -> Int {
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
