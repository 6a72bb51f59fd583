/// Derives a note's title and snippet from its body, the way Apple Notes shows a note:
/// the first line is the title, the next lines are the preview.
enum NoteText {
    /// The longest snippet, in characters, before it is cut at a word boundary.
    static let snippetLength = 100

    struct Derived {
        /// The first non-blank line without heading markers, if any.
        var firstLine: String?
        var snippet: String
    }

    /// Reads the first lines of `body`; `skipLine` drops a first line equal to a
    /// front-matter title so that it is not repeated in the snippet.
    static func derive(from body: UnsafeRawBufferPointer, skipLine title: String?) -> Derived {
        var firstLine: String?
        var parts: [String] = []
        var length = 0
        var inCodeFence = false
        var lineStart = 0
        var linesSeen = 0
        // A note's preview comes from its first few lines; stop looking after 200.
        while lineStart < body.count, linesSeen < 200, parts.count < 2, length < snippetLength {
            let lineEnd = firstIndex(of: UInt8(ascii: "\n"), in: body, from: lineStart) ?? body.count
            let line = UnsafeRawBufferPointer(rebasing: body[lineStart..<lineEnd])
            lineStart = lineEnd + 1
            linesSeen += 1
            let text = trimmed(line)
            if text.isEmpty { continue }
            if text.hasPrefix("```") || text.hasPrefix("~~~") {
                inCodeFence.toggle()
                continue
            }
            if firstLine == nil {
                let heading = stripHeading(text)
                firstLine = heading
                if title == nil || title == heading { continue }
            }
            let plain = inCodeFence ? text : stripMarkdown(text)
            if plain.isEmpty { continue }
            parts.append(plain)
            length += plain.count + 1
        }
        return Derived(firstLine: firstLine, snippet: cut(parts.joined(separator: " ")))
    }

    private static func trimmed(_ line: UnsafeRawBufferPointer) -> String {
        var start = 0
        var end = line.count
        while start < end, line[start].isASCIIWhitespace { start += 1 }
        while end > start, line[end - 1].isASCIIWhitespace { end -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    }

    /// `## Title ##` → `Title`.
    static func stripHeading(_ line: String) -> String {
        guard line.hasPrefix("#") else { return line }
        let withoutHashes = line.drop(while: { $0 == "#" })
        // `#tag` at the start of a line is text, not a heading.
        guard withoutHashes.isEmpty || withoutHashes.first == " " || withoutHashes.first == "\t" else { return line }
        var text = withoutHashes.trimmingSpaces()
        while text.hasSuffix("#") { text.removeLast() }
        return text.trimmingSpaces()
    }

    /// Removes block and inline Markdown markers from one line.
    static func stripMarkdown(_ line: String) -> String {
        var text = Substring(line)
        // Block markers: headings, quotes, list bullets, numbered items, task boxes.
        var changed = true
        while changed {
            changed = false
            for marker in ["#", ">", "- ", "* ", "+ ", "[ ] ", "[x] ", "[X] "] where text.hasPrefix(marker) {
                text = text.drop(while: { marker == "#" && $0 == "#" })
                if marker != "#" { text = text.dropFirst(marker.count) }
                text = Substring(text.trimmingSpaces())
                changed = true
            }
            if let dot = text.firstIndex(where: { !$0.isNumber }), dot != text.startIndex,
               text[dot] == "." || text[dot] == ")", text[text.index(after: dot)...].first == " " {
                text = Substring(text[text.index(after: dot)...].trimmingSpaces())
                changed = true
            }
        }
        if text.allSatisfy({ $0 == "-" || $0 == "*" || $0 == "_" || $0 == "=" || $0 == " " }) { return "" }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case "*", "_", "`", "~":
                // Emphasis and code markers; a lone `_` inside a word is kept.
                if character == "_", let previous = result.last, previous.isLetter || previous.isNumber {
                    result.append(character)
                }
            case "!" where text[text.index(after: index)...].first == "[":
                break
            case "[":
                // [text](url) → text
                if let close = text[index...].firstIndex(of: "]"),
                   text[text.index(after: close)...].first == "(",
                   let paren = text[close...].firstIndex(of: ")") {
                    result += text[text.index(after: index)..<close]
                    index = text.index(after: paren)
                    continue
                }
                result.append(character)
            default:
                result.append(character)
            }
            index = text.index(after: index)
        }
        return result.trimmingSpaces()
    }

    /// Cuts `text` at about `snippetLength` characters on a word boundary.
    static func cut(_ text: String) -> String {
        guard text.count > snippetLength else { return text }
        let limit = text.index(text.startIndex, offsetBy: snippetLength)
        let head = text[..<limit]
        let cutPoint = head.lastIndex(of: " ") ?? limit
        return head[..<cutPoint].trimmingSpaces() + "…"
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        let start = firstIndex(where: { !$0.isWhitespace }) ?? endIndex
        let end = self[start...].lastIndex(where: { !$0.isWhitespace }).map { index(after: $0) } ?? start
        return String(self[start..<end])
    }
}
