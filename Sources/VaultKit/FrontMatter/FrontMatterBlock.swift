/// Where a note's front matter sits in its bytes.
///
/// Front matter is the YAML between a first line `---` and the next line `---` or `...`.
/// Everything here is byte offsets into the whole file, BOM included.
public struct FrontMatterBlock: Sendable, Equatable {
    /// 3 when the file starts with a UTF-8 byte order mark, else 0.
    public var bomLength: Int
    /// The YAML text between the delimiter lines.
    public var yamlRange: Range<Int>
    /// The closing delimiter line, its line break included.
    public var closingLine: Range<Int>
    /// The line break the opening delimiter uses; new lines are written with it.
    public var lineBreak: LineBreak
    /// 0-based line of the file where the YAML text starts (1: the line after `---`).
    public var yamlFirstLine: Int { 1 }

    /// Where the body (text after the closing delimiter) starts.
    public var bodyStart: Int { closingLine.upperBound }

    public enum LineBreak: String, Sendable {
        case lf = "\n"
        case crlf = "\r\n"
    }

    /// How the start of a file relates to front matter.
    public enum Location: Sendable, Equatable {
        /// The file does not open with `---`: it has no front matter.
        case none
        case block(FrontMatterBlock)
        /// The file opens with `---` but no closing line follows.
        case unterminated
        /// The opening line ends in a lone carriage return (classic Mac line ends).
        case carriageReturnOnly
    }

    /// Finds the front matter at the start of `bytes`.
    public static func locate(in bytes: UnsafeRawBufferPointer) -> Location {
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        guard let opening = delimiterLine(in: bytes, from: bom, allowDots: false) else {
            return .none
        }
        guard let breakStart = opening.lineBreakStart else {
            // `---` alone, or `---` followed by a lone CR, at the very end of the file.
            return opening.lone ? .carriageReturnOnly : .unterminated
        }
        let lineBreak: LineBreak = opening.end - breakStart == 2 ? .crlf : .lf
        var lineStart = opening.end
        while lineStart < bytes.count {
            if let closing = delimiterLine(in: bytes, from: lineStart, allowDots: true) {
                return .block(FrontMatterBlock(
                    bomLength: bom,
                    yamlRange: opening.end..<lineStart,
                    closingLine: lineStart..<closing.end,
                    lineBreak: lineBreak
                ))
            }
            guard let newline = firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: lineStart) else { break }
            lineStart = newline + 1
        }
        return .unterminated
    }

    private struct DelimiterLine {
        /// Offset just past the line break (or the end of the file).
        var end: Int
        /// Where the line break starts; nil when the line ends the file.
        var lineBreakStart: Int?
        /// True when the line ends in a carriage return that no line feed follows.
        var lone: Bool
    }

    /// Matches `---` (or `...`) followed by optional spaces or tabs and a line break.
    private static func delimiterLine(in bytes: UnsafeRawBufferPointer, from start: Int, allowDots: Bool) -> DelimiterLine? {
        guard start + 3 <= bytes.count else { return nil }
        let first = bytes[start]
        guard first == UInt8(ascii: "-") || (allowDots && first == UInt8(ascii: ".")),
              bytes[start + 1] == first, bytes[start + 2] == first else { return nil }
        var index = start + 3
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        if index == bytes.count { return DelimiterLine(end: index, lineBreakStart: nil, lone: false) }
        switch bytes[index] {
        case UInt8(ascii: "\n"):
            return DelimiterLine(end: index + 1, lineBreakStart: index, lone: false)
        case UInt8(ascii: "\r"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                return DelimiterLine(end: index + 2, lineBreakStart: index, lone: false)
            }
            return DelimiterLine(end: index + 1, lineBreakStart: nil, lone: true)
        default:
            return nil
        }
    }
}
