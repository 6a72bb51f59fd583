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
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
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
}
