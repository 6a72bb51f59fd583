import VaultPlatform

/// Text from notes made safe to print on a terminal: a title holding `ESC ] 0; … BEL`
/// would retitle the user's window, a bare carriage return would hide what came before.
///
/// Control characters (C0 but tab, DEL, C1) are shown in caret notation as `cat -v` shows
/// them (`^[`, `^M`, `^?`); C1 characters as `<U+009B>`. JSON output and `--raw` carry the
/// text unchanged; this is for what people read.
enum TerminalText {
    /// `text` with its control characters made visible; `keepingLineBreaks` keeps `\n` and
    /// `\r\n` (a note's body, printed by `show`).
    static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.utf8.contains(where: mayNeedEscaping) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            switch scalar.value {
            case 0x09:
                result.unicodeScalars.append(scalar)
            case 0x0A where keepingLineBreaks, 0x0D where keepingLineBreaks && next == "\n":
                result.unicodeScalars.append(scalar)
            case 0x00..<0x20:
                result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F:
                result += "^?"
            case 0x80..<0xA0:
                result += "<U+00" + String(scalar.value, radix: 16, uppercase: true) + ">"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Appends the UTF-8 text `bytes` as `escaped` prints it, making no string unless a
    /// byte may need escaping (a list of 100,000 notes).
    static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        guard mayNeedEscaping(bytes) else { return out.append(contentsOf: bytes) }
        var text = escaped(String(decoding: bytes, as: UTF8.self))
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        guard mayNeedEscaping(bytes) else { return out.append(bytes) }
        out.append(escaped(String(decoding: bytes, as: UTF8.self)))
    }

    /// True when a byte of `bytes` may need escaping; eight bytes at a time, as every title,
    /// path and task of a listing is looked at.
    static func mayNeedEscaping(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        // A byte below 0x20, or equal to 0x7F or 0xC2 (zero once xor-ed with it), sets its
        // high bit in `found`; no byte that is none of them does.
        func found(at offset: Int) -> Bool {
            let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let del = word ^ (ones &* 0x7F), c2 = word ^ (ones &* 0xC2)
            return (((word &- ones &* 0x20) & ~word) | ((del &- ones) & ~del) | ((c2 &- ones) & ~c2)) & (ones &* 0x80) != 0
        }
        var start = 0
        while start + 8 <= bytes.count {
            if found(at: start) { return true }
            start += 8
        }
        // The last bytes in the word that ends with them, when there are eight: looking
        // again at bytes already looked at changes nothing.
        if start < bytes.count, bytes.count >= 8 { return found(at: bytes.count - 8) }
        return UnsafeRawBufferPointer(rebasing: bytes[start...]).contains(where: mayNeedEscaping)
    }

    /// C0, DEL, and the first byte of every C1 character (and of other U+0080–U+00BF).
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2
    }
}
