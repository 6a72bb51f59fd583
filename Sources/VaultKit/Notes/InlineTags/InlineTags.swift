import VaultPlatform

/// Finds the inline `#tags` of a note's body, as Obsidian reads them: a `#` at the start
/// of a line or after whitespace, followed by letters (any script), digits, `_`, `-`, `/`
/// and other symbols such as emoji, up to the first space or punctuation; not all digits
/// (`#1984` is no tag); outside fenced and indented code, code spans, wiki links
/// (`[[Note#Heading]]`), link destinations (`[a](b.md#c)`), comments (`<!-- -->`,
/// `%% %%`) and math blocks (`$$ $$`). A heading's `# ` is no
/// tag (a tag needs a name), a `#tag` in its text is. A URL's `#fragment` follows no
/// whitespace, so it is never one.
///
/// Runs on every note a scan reads: on bytes, and a body without `#` costs one search.
enum InlineTags {
    /// Every inline tag of `text` (a note's body), in order; ranges are offsets in `text`.
    static func occurrences(in text: UnsafeRawBufferPointer) -> [InlineTag] {
        guard var nextHash = firstIndex(of: hash, in: text, from: 0) else { return [] }
        var found: [InlineTag] = []
        var fences = FencedCode()
        var blocks = IndentedCode()
        var hidden = HiddenText()
        var lineStart = 0
        while lineStart < text.count {
            let lineEnd = firstIndex(of: 0x0A, in: text, from: lineStart) ?? text.count
            let line = UnsafeRawBufferPointer(rebasing: text[lineStart..<lineEnd])
            let content = unquoted(line)
            // Lines before the next `#` are read only for where code, comments and math
            // start and end.
            if !hidden.isOpen, fences.read(content, quoted: content.count != line.count) {
                blocks.fence()
            } else if !fences.isOpen, !blocks.isCode(line) {
                let hiddenRanges = hidden.read(line)
                if nextHash < lineEnd {
                    let first = found.count
                    scan(line, offset: lineStart, into: &found)
                    if !hiddenRanges.isEmpty {
                        found[first...].removeAll { tag in hiddenRanges.contains { $0.contains(tag.range.lowerBound - lineStart) } }
                    }
                    if found.count > first, isTask(content) {
                        for index in first..<found.count { found[index].onTaskLine = true }
                    }
                }
            }
            lineStart = lineEnd + 1
            if nextHash < lineStart {
                guard let next = firstIndex(of: hash, in: text, from: lineStart) else { break }
                nextHash = next
            }
        }
        return found
    }

    /// `- [ ] …`, `* [x] …`, `1. [/] …` at any indentation (the quote markers taken off):
    /// a task's line, as the task reader reads it.
    private static func isTask(_ line: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        guard index < line.count else { return false }
        if line[index] == UInt8(ascii: "-") || line[index] == UInt8(ascii: "*") || line[index] == UInt8(ascii: "+") {
            index += 1
        } else {
            let digits = index
            while index < line.count, index - digits < 9, (0x30...0x39).contains(line[index]) { index += 1 }
            guard index > digits, index < line.count, line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ")") else { return false }
            index += 1
        }
        guard index + 3 < line.count, line[index] == 0x20, line[index + 1] == UInt8(ascii: "["), line[index + 3] == UInt8(ascii: "]") else { return false }
        return index + 4 == line.count || line[index + 4] == 0x20
    }

    /// True when `#name` written in text reads back as the tag `name` (`#v1.0` reads as
    /// `v1`, `#2024` as no tag): what a rename may write where an inline tag stands.
    static func readsBack(_ name: String) -> Bool {
        let written = Array(("#" + name).utf8)
        return written.withUnsafeBytes { occurrences(in: $0).map(\.name) == [name] && occurrences(in: $0).first?.range == 0..<written.count }
    }

    private static let hash = UInt8(ascii: "#")
    private static let backtick = UInt8(ascii: "`")
    private static let backslash = UInt8(ascii: "\\")

    /// The tags of one line (`offset`: where it starts in the text). Linear in the line's
    /// length whatever it holds (a note is untrusted input).
    private static func scan(_ line: UnsafeRawBufferPointer, offset: Int, into found: inout [InlineTag]) {
        var index = 0
        // Lengths of backtick runs with no closing run further on, as `LinkParser` keeps them.
        var unclosedRuns: Set<Int> = []
        while index < line.count {
            let byte = line[index]
            switch byte {
            case backslash:
                index += 2
            case backtick:
                index = endOfCodeSpan(line, at: index, unclosedRuns: &unclosedRuns)
            case UInt8(ascii: "["):
                // `[[target#heading|shown]]`: nothing inside is a tag.
                if index + 1 < line.count, line[index + 1] == UInt8(ascii: "["), let close = closing(line, from: index + 2) {
                    index = close
                } else {
                    index += 1
                }
            case UInt8(ascii: "]"):
                // `](destination)`: a path or URL, where `#` is an anchor.
                index += 1
                if index < line.count, line[index] == UInt8(ascii: "(") {
                    index = endOfDestination(line, from: index + 1)
                }
            case hash:
                guard followsSpace(line, at: index), let end = tagEnd(line, from: index + 1) else {
                    index += 1
                    continue
                }
                if let name = name(UnsafeRawBufferPointer(rebasing: line[(index + 1)..<end])) {
                    found.append(InlineTag(name: name, range: (offset + index)..<(offset + index + 1 + name.utf8.count)))
                }
                index = end
            default:
                index += 1
            }
        }
    }

    /// True when the `#` at `index` starts the line or follows whitespace (a space, a tab,
    /// a no-break or an ideographic space).
    private static func followsSpace(_ line: UnsafeRawBufferPointer, at index: Int) -> Bool {
        if index == 0 { return true }
        let previous = line[index - 1]
        if previous == 0x20 || previous == 0x09 { return true }
        if index >= 2, line[index - 2] == 0xC2, previous == 0xA0 { return true }
        return index >= 3 && line[index - 3] == 0xE3 && line[index - 2] == 0x80 && previous == 0x80
    }

    /// Where the run of tag characters after a `#` ends; nil when there is none.
    private static func tagEnd(_ line: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        while index < line.count {
            let byte = line[index]
            if byte < 0x80 {
                guard isTagByte(byte) else { break }
                index += 1
                continue
            }
            guard let (scalar, length) = decode(line, at: index), isTagScalar(scalar) else { break }
            index += length
        }
        return index > start ? index : nil
    }

    /// The tag a run of tag characters names: without trailing `/`, not all digits, and a
    /// valid tag name (`a//b` is none).
    private static func name(_ run: UnsafeRawBufferPointer) -> String? {
        var end = run.count
        while end > 0, run[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let bytes = UnsafeRawBufferPointer(rebasing: run[..<end])
        // Validated, so that the name's bytes are the text's: a rewrite replaces exactly them.
        guard !bytes.isEmpty, bytes.contains(where: { $0 < 0x30 || $0 > 0x39 }),
              let name = String(validating: bytes, as: UTF8.self) else { return nil }
        return TagName.problem(with: name) == nil ? name : nil
    }

    private static func isTagByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "/"): true
        default: false
        }
    }

    /// Letters, digits, marks and symbols (emoji) of any script; spaces, punctuation and
    /// control characters end a tag (`#tag’s` is `tag`, `#タグ、` is `タグ`).
    private static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .surrogate, .unassigned,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            false
        default:
            true
        }
    }

    /// The scalar starting at `index` and its length in bytes; nil for bytes that are not
    /// UTF-8.
    private static func decode(_ line: UnsafeRawBufferPointer, at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = line[index]
        // No overlong forms (C0, C1, short values) and nothing past U+10FFFF (F5 and up).
        let length = lead >= 0xF5 ? 0 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        guard length > 0, index + length <= line.count else { return nil }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = line[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= smallest else { return nil }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// Past the `]]` that closes a wiki link whose text starts at `start`; nil without one.
    private static func closing(_ line: UnsafeRawBufferPointer, from start: Int) -> Int? {
        // As `LinkParser` reads a wiki link: a `[` before the `]]` ends the search, so that
        // a line of unclosed `[[` is read in one pass.
        var index = start
        while index + 1 < line.count {
            if line[index] == UInt8(ascii: "]"), line[index + 1] == UInt8(ascii: "]") { return index + 2 }
            if line[index] == UInt8(ascii: "[") { return nil }
            index += 1
        }
        return nil
    }

    /// Past a link destination starting at `start` (after its `(`): `<...>` to its `>`,
    /// else to the `)` that balances the `(`; the line's end when none does.
    private static func endOfDestination(_ line: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        if index < line.count, line[index] == UInt8(ascii: "<") {
            while index < line.count, line[index] != UInt8(ascii: ">") { index += 1 }
            return min(index + 1, line.count)
        }
        var depth = 1
        while index < line.count {
            switch line[index] {
            case backslash: index += 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return line.count
    }
}
