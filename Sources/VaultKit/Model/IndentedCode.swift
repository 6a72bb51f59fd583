/// Indented code blocks, line by line: a line indented four spaces (or a tab) after a
/// blank line begins one, unless a list is going on (there it continues a list item);
/// it lasts while lines are blank or indented so.
struct IndentedCode {
    private var inCode = false
    private var afterBlank = true
    private var inList = false

    /// A fence line: what follows it is not after a blank line.
    mutating func fence() {
        afterBlank = false
        inCode = false
    }

    mutating func isCode(_ line: UnsafeRawBufferPointer) -> Bool {
        var index = 0, width = 0
        while index < line.count, width < 4, line[index] == 0x20 || line[index] == 0x09 {
            width += line[index] == 0x09 ? 4 : 1
            index += 1
        }
        let blank = !line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        defer { afterBlank = blank }
        if blank { return inCode }
        if inCode, width >= 4 { return true }
        inCode = width >= 4 && afterBlank && !inList
        if inCode { return true }
        inList = Self.isListItem(UnsafeRawBufferPointer(rebasing: line[index...])) || (inList && width > 0)
        return false
    }

    /// `- `, `* `, `+ ` or `1. ` / `1) ` at the start of what is left of the line.
    private static func isListItem(_ text: UnsafeRawBufferPointer) -> Bool {
        guard let first = text.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return text.count == 1 || text[1] == 0x20 || text[1] == 0x09
        }
        var index = 0
        while index < text.count, index < 9, text[index] >= 0x30, text[index] <= 0x39 { index += 1 }
        guard index > 0, index < text.count, text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ")") else { return false }
        return index + 1 == text.count || text[index + 1] == 0x20
    }
}
