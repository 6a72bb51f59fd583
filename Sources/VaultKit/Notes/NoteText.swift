/// Derives a note's title and snippet from its body (DESIGN 1.2): a first line that is a
/// heading is the title, as in a note `vault` made; the lines after the title are the
/// preview, as Apple Notes shows a note.
///
/// This runs for every note on every command, so it works on UTF-8 bytes and builds
/// one `String` per result rather than one per line.
enum NoteText {
    /// The longest snippet, in characters, before it is cut at a word boundary.
    static let snippetLength = 100

    struct Derived {
        /// The first non-blank line without its markers when it is a heading, else nil:
        /// the title of a note without a `title` key. A paragraph, an image or a link there
        /// is no title (Obsidian names such a note by its file).
        var heading: String?
        var snippet: String
    }

    /// Reads the first lines of `body`; the first line is not repeated in the snippet
    /// when it is the title (`titleKey`, else a heading, else `fileName`).
    static func derive(from body: UnsafeRawBufferPointer, titleKey: String?, fileName: String) -> Derived {
        var heading: String?
        var sawFirstLine = false
        var snippet: [UInt8] = []
        var characters = 0
        var lines = 0
        var snippetLines = 0
        var fences = FencedCode()
        var blocks = IndentedCode()
        var lineStart = 0
        // A note's preview comes from its first lines; stop looking after 200 of them.
        while lineStart < body.count, lines < 200, snippetLines < 2, characters <= snippetLength {
            let lineEnd = firstIndex(of: UInt8(ascii: "\n"), in: body, from: lineStart) ?? body.count
            let raw = UnsafeRawBufferPointer(rebasing: body[lineStart..<lineEnd])
            var line = trimmed(body, lineStart..<lineEnd)
            lineStart = lineEnd + 1
            let wasInFence = fences.isOpen
            if fences.read(raw, quoted: false) {
                // A note that begins with code has no heading for a title.
                sawFirstLine = true
                blocks.fence()
                lines += 1
                continue
            }
            let isCode = wasInFence || blocks.isCode(raw)
            guard !line.isEmpty else { continue }
            lines += 1
            if !sawFirstLine {
                sawFirstLine = true
                let textRange = isCode ? line : stripHeading(body, line)
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: body[textRange]), as: UTF8.self)
                // An empty heading (`#` alone) names nothing: the file does.
                if textRange != line, !textRange.isEmpty {
                    heading = String(decoding: UnsafeRawBufferPointer(rebasing: body[textRange.lowerBound..<nameEnd(of: textRange, in: body)]), as: UTF8.self)
                }
                if titleKey.map({ text == $0 }) ?? (heading != nil || text == fileName) { continue }
            }
            let before = snippet.count
            if !snippet.isEmpty { snippet.append(UInt8(ascii: " ")) }
            if isCode {
                snippet.append(contentsOf: body[line])
            } else {
                line = stripBlockMarkers(body, line)
                appendInline(body, line, to: &snippet)
            }
            if snippet.count == before + 1 {
                snippet.removeLast()  // Nothing but markers.
            } else if snippet.count > before {
                snippetLines += 1
            }
            characters = snippet.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }
        return Derived(heading: heading, snippet: cut(snippet))
    }

    /// Where the title `derive` takes from `body` stands: the range of its text, and
    /// whether its line is a heading (`# Title`); code (fenced or indented) is no heading.
    /// Nil when the body has no line but blank ones.
    static func firstLine(in body: UnsafeRawBufferPointer) -> (text: Range<Int>, isHeading: Bool)? {
        var lineStart = 0
        while lineStart < body.count {
            let lineEnd = firstIndex(of: UInt8(ascii: "\n"), in: body, from: lineStart) ?? body.count
            let raw = UnsafeRawBufferPointer(rebasing: body[lineStart..<lineEnd])
            let line = trimmed(body, lineStart..<lineEnd)
            var blocks = IndentedCode()
            let isCode = CodeFence(raw) != nil || blocks.isCode(raw)
            lineStart = lineEnd + 1
            guard !line.isEmpty else { continue }
            let text = isCode ? line : stripHeading(body, line)
            return (text, text != line)
        }
        return nil
    }

    /// Where the name ends in a heading's `text`: before the inline tags and the block id
    /// (`^id`) that end it, which mark the heading rather than name it (the title leaves
    /// them out, a rename keeps them). A heading of nothing else is all name.
    static func nameEnd(of text: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Int {
        let heading = UnsafeRawBufferPointer(rebasing: bytes[text])
        let tags = Set(InlineTags.occurrences(in: heading).map(\.range))
        var end = heading.count
        var isLast = true
        while end > 0 {
            var start = end
            while start > 0, !heading[start - 1].isASCIIWhitespace { start -= 1 }
            let token = start..<end
            let isBlockID = isLast && token.count > 1 && heading[start] == UInt8(ascii: "^")
                && heading[(start + 1)..<end].allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
            guard isBlockID || tags.contains(token) else { break }
            isLast = false
            end = start
            while end > 0, heading[end - 1].isASCIIWhitespace { end -= 1 }
        }
        return end == 0 ? text.upperBound : text.lowerBound + end
    }

    /// `## Title ##` → `Title` (as a byte range of `bytes`).
    static func stripHeading(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> Range<Int> {
        var start = line.lowerBound
        while start < line.upperBound, bytes[start] == UInt8(ascii: "#") { start += 1 }
        guard start > line.lowerBound else { return line }
        // `#tag` at the start of a line is text, not a heading.
        guard start == line.upperBound || bytes[start] == 0x20 || bytes[start] == 0x09 else { return line }
        // A closing run of `#` counts only after a space (`# C#` is "C#", CommonMark 4.2).
        var end = line.upperBound
        while end > start, bytes[end - 1] == UInt8(ascii: "#") { end -= 1 }
        if end < line.upperBound, end > start, !bytes[end - 1].isASCIIWhitespace { end = line.upperBound }
        return trimmed(bytes, start..<end)
    }

    /// `title` as one line: a title shows as one heading and names one file, so each
    /// line break or tab between its words is one space (`"a\nb"` is `a b`).
    public static func oneLine(_ title: String) -> String {
        title.split { $0.isNewline || $0 == "\t" }.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `title` without `marks` (a heading's tags and block id, as `nameEnd` leaves them, a
    /// space first) when it ends with them: a title typed as the heading reads is its name.
    static func name(_ title: String, withoutMarks marks: String) -> String {
        !marks.isEmpty && title.hasSuffix(marks) && title.count > marks.count ? String(title.dropLast(marks.count)) : title
    }

    /// The title a first line gives as a heading: `## Title #tag ##` → `Title` (the text
    /// of a line that is no heading, as it is).
    static func headingTitle(_ line: String) -> String {
        var line = line
        return line.withUTF8 { utf8 in
            let raw = UnsafeRawBufferPointer(utf8)
            let text = stripHeading(raw, 0..<raw.count)
            let end = text.count == raw.count ? text.upperBound : nameEnd(of: text, in: raw)
            return String(decoding: UnsafeRawBufferPointer(rebasing: raw[text.lowerBound..<end]), as: UTF8.self)
        }
    }

    /// Drops headings, quotes, list bullets, numbered items and task boxes.
    private static func stripBlockMarkers(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> Range<Int> {
        var line = line
        var changed = true
        while changed, !line.isEmpty {
            changed = false
            let first = bytes[line.lowerBound]
            var skip = 0
            if first == UInt8(ascii: "#") || first == UInt8(ascii: ">") {
                while line.lowerBound + skip < line.upperBound, bytes[line.lowerBound + skip] == first { skip += 1 }
                // `#tag` is text; a heading's marker is followed by a space.
                if first == UInt8(ascii: "#"), line.lowerBound + skip < line.upperBound, !bytes[line.lowerBound + skip].isASCIIWhitespace { skip = 0 }
            } else if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
                if line.count > 1, bytes[line.lowerBound + 1] == 0x20 { skip = 2 }
            } else if first == UInt8(ascii: "["), line.count >= 4, bytes[line.lowerBound + 2] == UInt8(ascii: "]"),
                      bytes[line.lowerBound + 3] == 0x20, [0x20, UInt8(ascii: "x"), UInt8(ascii: "X")].contains(bytes[line.lowerBound + 1]) {
                skip = 4
            } else if (0x30...0x39).contains(first) {
                var index = line.lowerBound
                while index < line.upperBound, (0x30...0x39).contains(bytes[index]) { index += 1 }
                if index + 1 < line.upperBound, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")"),
                   bytes[index + 1] == 0x20 {
                    skip = index + 2 - line.lowerBound
                }
            }
            if skip > 0 {
                line = trimmed(bytes, (line.lowerBound + skip)..<line.upperBound)
                changed = true
            }
        }
        // A horizontal rule or a setext underline is no text.
        if bytes[line].allSatisfy({ [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "="), 0x20].contains($0) }) {
            return line.lowerBound..<line.lowerBound
        }
        return line
    }

    /// Appends `line` without emphasis and code markers, links reduced to their text.
    private static func appendInline(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>, to out: inout [UInt8]) {
        var index = line.lowerBound
        while index < line.upperBound {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "`"), UInt8(ascii: "~"):
                break
            case UInt8(ascii: "_"):
                // Kept inside a word (snake_case), dropped as emphasis.
                if let previous = out.last, previous >= 0x80 || isAlphanumeric(previous) { out.append(byte) }
            case UInt8(ascii: "!") where index + 1 < line.upperBound && bytes[index + 1] == UInt8(ascii: "["):
                break
            case UInt8(ascii: "["):
                // [text](url) → text
                if let close = firstIndex(of: UInt8(ascii: "]"), in: bytes, from: index + 1), close + 1 < line.upperBound,
                   bytes[close + 1] == UInt8(ascii: "("),
                   let paren = firstIndex(of: UInt8(ascii: ")"), in: bytes, from: close + 2), paren < line.upperBound {
                    appendInline(bytes, (index + 1)..<close, to: &out)
                    index = paren + 1
                    continue
                }
                out.append(byte)
            default:
                out.append(byte)
            }
            index += 1
        }
        while out.last == 0x20 { out.removeLast() }
    }

    /// Cuts the snippet at about `snippetLength` characters on a word boundary.
    static func cut(_ bytes: [UInt8]) -> String {
        var characters = 0
        var limit = bytes.count
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            if characters == snippetLength {
                limit = offset
                break
            }
            characters += 1
        }
        guard limit < bytes.count else { return String(decoding: bytes, as: UTF8.self) }
        var cutPoint = limit
        if let space = bytes[..<limit].lastIndex(of: 0x20), space > 0 { cutPoint = space }
        while cutPoint > 0, bytes[cutPoint - 1] == 0x20 { cutPoint -= 1 }
        return String(decoding: bytes[..<cutPoint], as: UTF8.self) + "…"
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, bytes[start].isASCIIWhitespace { start += 1 }
        while end > start, bytes[end - 1].isASCIIWhitespace { end -= 1 }
        return start..<end
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}

extension StringProtocol {
    /// The string without leading and trailing whitespace.
    func trimmingSpaces() -> String {
        // Most strings have nothing to trim; don't pay for Unicode properties then.
        if let first = utf8.first, let last = utf8.reversed().first, first > 0x20, last > 0x20, first < 0x80, last < 0x80 {
            return String(self)
        }
        let start = firstIndex(where: { !$0.isWhitespace }) ?? endIndex
        let end = self[start...].lastIndex(where: { !$0.isWhitespace }).map { index(after: $0) } ?? start
        return String(self[start..<end])
    }
}
