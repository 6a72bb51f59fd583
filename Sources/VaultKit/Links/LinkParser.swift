import Foundation

/// Finds the links of a note's text: wiki links, embeds, Markdown links to relative paths
/// and reference definitions (`[r]: Note.md`), outside code blocks (fenced, in a quote or
/// callout too, and indented) and code spans; an escaped `\[` starts none, and URLs
/// (`https:`, `mailto:`) and same-page anchors are not links to notes. In the front matter,
/// a wiki link in a quoted value is a link (`related: "[[Plan]]"`, `up: ["[[Plan]]"]`), as
/// Obsidian reads properties.
public enum LinkParser {
    /// The links in the file `bytes`, in order.
    public static func links(in bytes: UnsafeRawBufferPointer) -> [NoteLink] {
        var start = 0
        var links: [NoteLink] = []
        if case .block(let block) = FrontMatterBlock.locate(in: bytes) {
            start = block.bodyStart
            propertyLinks(in: UnsafeRawBufferPointer(rebasing: bytes[..<start]), into: &links)
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
        }
        var number = 1
        for index in 0..<start where bytes[index] == 0x0A { number += 1 }
        var fences = FencedCode()
        var blocks = IndentedCode()
        var hidden = HiddenText()
        var afterBlank = true
        var lineStart = start
        while lineStart < bytes.count {
            let lineEnd = firstIndex(of: 0x0A, in: bytes, from: lineStart) ?? bytes.count
            let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            let content = unquoted(line)
            let quoted = content.count != line.count
            let blank = !line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
            var startsBlock = blank
            if !hidden.isOpen, fences.read(content, quoted: quoted) {
                blocks.fence()
                startsBlock = true
            } else if !fences.isOpen, !blocks.isCode(line) {
                let hiddenRanges = hidden.read(line)
                if firstIndex(of: bracket, in: line, from: 0) != nil {
                    let first = links.count
                    if let definition = afterBlank ? referenceDefinition(line) : nil {
                        if let target = definition.target {
                            links.append(NoteLink(kind: .markdown, target: target, heading: definition.heading, line: number, column: 1 + definition.indent,
                                                  targetRange: (lineStart + definition.range.lowerBound)..<(lineStart + definition.range.upperBound)))
                        }
                    } else {
                        scan(line, offset: lineStart, number: number, into: &links)
                    }
                    if !hiddenRanges.isEmpty {
                        links[first...].removeAll { link in hiddenRanges.contains { $0.contains(link.targetRange.lowerBound - lineStart) } }
                    }
                }
            }
            // A definition starts a paragraph: it cannot interrupt one (CommonMark 4.7), but
            // may follow a heading or a fence.
            afterBlank = startsBlock || isHeading(content) || (afterBlank && referenceDefinition(line) != nil)
            lineStart = lineEnd + 1
            number += 1
        }
        return links
    }

    /// The wiki links inside quoted values of the front matter `block` (its bytes up to the
    /// body): `"[[Plan]]"` or `'[[Plan|shown]]'`, alone or in a list. An unquoted `[[Plan]]`
    /// is a YAML list in a list, not a link, in Obsidian too.
    private static func propertyLinks(in block: UnsafeRawBufferPointer, into links: inout [NoteLink]) {
        guard block.count > 4, firstIndex(of: bracket, in: block, from: 0) != nil else { return }
        var lineStart = 0
        var number = 1
        while lineStart < block.count {
            let lineEnd = firstIndex(of: 0x0A, in: block, from: lineStart) ?? block.count
            let line = UnsafeRawBufferPointer(rebasing: block[lineStart..<lineEnd])
            var quote: UInt8?
            var index = 0
            var counted = (byte: 0, column: 1)
            while index < line.count {
                let byte = line[index]
                if let open = quote {
                    if byte == backslash, open == UInt8(ascii: "\"") {
                        index += 2
                        continue
                    }
                    if byte == open {
                        quote = nil
                    } else if byte == bracket, index + 1 < line.count, line[index + 1] == bracket,
                              let link = wiki(line, at: index, embed: false) {
                        counted.column += String(decoding: UnsafeRawBufferPointer(rebasing: line[counted.byte..<index]), as: UTF8.self).count
                        counted.byte = index
                        links.append(NoteLink(kind: .wiki, target: link.target, heading: link.heading, line: number, column: counted.column,
                                              targetRange: (lineStart + link.range.lowerBound)..<(lineStart + link.range.upperBound)))
                        index = link.end
                        continue
                    }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "#") {
                    break  // A comment.
                }
                index += 1
            }
            lineStart = lineEnd + 1
            number += 1
        }
    }

    /// `# Heading` (up to three spaces in, one to six `#`, then a space or the line's end).
    private static func isHeading(_ line: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < min(3, line.count), line[index] == 0x20 { index += 1 }
        let marks = index
        while index < line.count, line[index] == UInt8(ascii: "#") { index += 1 }
        return (1...6).contains(index - marks) && (index == line.count || line[index] == 0x20 || line[index] == 0x09)
    }

    /// `[label]: destination "title"` at the start of a line (up to three spaces in):
    /// where its destination is, and what it leads to (nil for a URL or an anchor).
    private static func referenceDefinition(_ line: UnsafeRawBufferPointer) -> (target: String?, heading: String?, range: Range<Int>, indent: Int)? {
        var index = 0
        while index < min(3, line.count), line[index] == 0x20 { index += 1 }
        guard index < line.count, line[index] == bracket, index + 1 < line.count, line[index + 1] != bracket,
              line[index + 1] != UInt8(ascii: "^") else { return nil }
        let indent = index
        var end = index + 1
        while end < line.count, line[end] != close {
            if line[end] == bracket { return nil }
            if line[end] == backslash { end += 1 }
            end += 1
        }
        guard end + 1 < line.count, end > index + 1, line[end + 1] == UInt8(ascii: ":") else { return nil }
        // The destination is read as a Markdown link's: `](` stands in for `]:` and the
        // line's end for its `)`.
        var destination = Array(line[(end + 2)...])
        while destination.first == 0x20 || destination.first == 0x09 { destination.removeFirst() }
        // `[System.Reflection.Assembly]::Load(…)` is code written in a paragraph, not a definition.
        guard !destination.isEmpty, destination.first != UInt8(ascii: ":") else { return nil }
        let skipped = line.count - (end + 2) - destination.count
        let shifted = [close, UInt8(ascii: "(")] + destination + [UInt8(ascii: ")")]
        return shifted.withUnsafeBytes { raw in
            guard let link = markdown(raw, textEnd: 0) else { return nil }
            let offset = end + 2 + skipped - 2
            return (link.target, link.heading, (link.range.lowerBound + offset)..<(link.range.upperBound + offset), indent)
        }
    }

    private static let bracket = UInt8(ascii: "["), close = UInt8(ascii: "]"), bang = UInt8(ascii: "!")
    private static let backslash = UInt8(ascii: "\\"), backtick = UInt8(ascii: "`")
    /// The longest destination and title of a Markdown link read as one (a path is at most
    /// 4,096 bytes on Linux, and no note's path comes near half of that).
    static let destinationLimit = 2_048

    /// The links of one line (`offset`: where it starts in the file). Linear in the line's
    /// length whatever it holds (a note is untrusted input): columns are counted on from
    /// the last link, brackets are matched in one pass, and a run of backticks with no
    /// closing run is remembered as such.
    private static func scan(_ line: UnsafeRawBufferPointer, offset: Int, number: Int, into links: inout [NoteLink]) {
        var index = 0
        // Links come in order: each column is counted from the one before.
        var counted = (byte: 0, column: 1)
        func column(_ at: Int) -> Int {
            counted.column += String(decoding: UnsafeRawBufferPointer(rebasing: line[counted.byte..<at]), as: UTF8.self).count
            counted.byte = at
            return counted.column
        }
        var brackets: Brackets?
        // Lengths of backtick runs that have no closing run further on: none after a later
        // start either, so the search is not made again.
        var unclosedRuns: Set<Int> = []
        while index < line.count {
            let byte = line[index]
            if byte == backslash {
                index += 2
                continue
            }
            if byte == backtick {
                // A code span: to the next run of as many backticks, else the backticks are text.
                var run = index
                while run < line.count, line[run] == backtick { run += 1 }
                let length = run - index
                var search = unclosedRuns.contains(length) ? line.count : run
                var closed: Int?
                while search < line.count {
                    if line[search] == backtick {
                        var end = search
                        while end < line.count, line[end] == backtick { end += 1 }
                        if end - search == length {
                            closed = end
                            break
                        }
                        search = end
                    } else {
                        search += 1
                    }
                }
                if closed == nil { unclosedRuns.insert(length) }
                index = closed ?? run
                continue
            }
            guard byte == bracket else {
                index += 1
                continue
            }
            let embed = index > 0 && line[index - 1] == bang
            let start = embed ? index - 1 : index
            if index + 1 < line.count, line[index + 1] == bracket, let link = wiki(line, at: index, embed: embed) {
                links.append(NoteLink(kind: embed ? .embed : .wiki, target: link.target, heading: link.heading, line: number,
                                      column: column(start), targetRange: (offset + link.range.lowerBound)..<(offset + link.range.upperBound)))
                index = link.end
                continue
            }
            if brackets == nil { brackets = Brackets(line) }
            if let textEnd = brackets?.closing[index], textEnd + 2 <= brackets?.lastParenthesis ?? -1,
               let link = markdown(line, textEnd: textEnd) {
                if let target = link.target {
                    links.append(NoteLink(kind: .markdown, target: target, heading: link.heading, line: number,
                                          column: column(start), targetRange: (offset + link.range.lowerBound)..<(offset + link.range.upperBound)))
                }
                index = link.end
                continue
            }
            index += 1
        }
    }

    /// `[[target#heading|shown]]` at `index`.
    private static func wiki(_ line: UnsafeRawBufferPointer, at index: Int, embed: Bool) -> (target: String, heading: String?, range: Range<Int>, end: Int)? {
        let inner = index + 2
        var end = inner
        while end + 1 < line.count, !(line[end] == close && line[end + 1] == close) {
            if line[end] == bracket { return nil }
            end += 1
        }
        guard end + 1 < line.count else { return nil }
        var targetEnd = inner
        while targetEnd < end, line[targetEnd] != UInt8(ascii: "|"), line[targetEnd] != UInt8(ascii: "#") { targetEnd += 1 }
        /// In a table a link's `|` is written `\|`: the backslash belongs to neither side.
        func beforeEscape(_ end: Int, from start: Int) -> Int {
            end > start && end < line.count && line[end] == UInt8(ascii: "|") && line[end - 1] == backslash ? end - 1 : end
        }
        var headingText: String?
        if targetEnd < end, line[targetEnd] == UInt8(ascii: "#") {
            var headingEnd = targetEnd + 1
            while headingEnd < end, line[headingEnd] != UInt8(ascii: "|") { headingEnd += 1 }
            headingText = String(decoding: UnsafeRawBufferPointer(rebasing: line[(targetEnd + 1)..<beforeEscape(headingEnd, from: targetEnd + 1)]), as: UTF8.self)
        }
        // The target without the spaces around it (`[[ Note ]]`).
        var first = inner
        var last = beforeEscape(targetEnd, from: inner)
        while first < last, line[first] == 0x20 { first += 1 }
        while last > first, line[last - 1] == 0x20 { last -= 1 }
        guard first < last || headingText != nil else { return nil }
        let target = String(decoding: UnsafeRawBufferPointer(rebasing: line[first..<last]), as: UTF8.self)
        // A template's placeholder (`[[<% tp.file.title %>]]`, `[[{{date}}]]`) becomes a link
        // only in the note made from it.
        guard !target.contains("<%"), !target.contains("{{") else { return nil }
        return (target, headingText, first..<last, end + 2)
    }

    /// What the Markdown links of a line need, found in one pass: where the `]` that closes
    /// each `[` is (brackets nest; `\` escapes the byte after it; a `[` that no `]` closes
    /// has no entry), and the last `)`, after which no link can end.
    private struct Brackets {
        var closing: [Int: Int] = [:]
        var lastParenthesis = -1

        init(_ line: UnsafeRawBufferPointer) {
            var open: [Int] = []
            var index = 0
            while index < line.count {
                switch line[index] {
                case backslash:
                    // An escaped `)` still ends a destination (`[a](notes\)`), as before.
                    if index + 1 < line.count, line[index + 1] == UInt8(ascii: ")") { lastParenthesis = index + 1 }
                    index += 2
                    continue
                case bracket: open.append(index)
                case close: if let start = open.popLast() { closing[start] = index }
                case UInt8(ascii: ")"): lastParenthesis = index
                default: break
                }
                index += 1
            }
        }
    }

    /// Where the `)` that ends a link is, after its destination (ending at `from`): spaces,
    /// then a title in `"…"`, `'…'` or `(…)` or nothing, then spaces. Nil when something
    /// else follows (`[git repo](github repo for the theme)` is no link in CommonMark).
    private static func titleEnd(_ line: UnsafeRawBufferPointer, from: Int, limit: Int) -> Int? {
        var index = from
        while index < limit, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        guard index < limit else { return nil }
        let opener = line[index]
        if opener == UInt8(ascii: ")") { return index }
        let closer: UInt8
        switch opener {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): closer = opener
        case UInt8(ascii: "("): closer = UInt8(ascii: ")")
        default: return nil
        }
        index += 1
        while index < limit, line[index] != closer {
            if line[index] == backslash { index += 1 }
            index += 1
        }
        index += 1
        while index < limit, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        return index < limit && line[index] == UInt8(ascii: ")") ? index : nil
    }

    /// `[text](destination "title")` whose text ends at `textEnd` (its `]`): the target when
    /// it is a relative path (nil for a URL or an anchor), where it is written, and where the
    /// link ends.
    private static func markdown(_ line: UnsafeRawBufferPointer, textEnd: Int) -> (target: String?, heading: String?, range: Range<Int>, end: Int)? {
        guard textEnd + 1 < line.count, line[textEnd + 1] == UInt8(ascii: "(") else { return nil }
        // A destination and its title are looked for within `destinationLimit` bytes (no
        // path is longer): a line of many `[a](b` then costs a bounded search for each.
        let limit = min(line.count, textEnd + 2 + destinationLimit)
        var start = textEnd + 2
        while start < limit, line[start] == 0x20 { start += 1 }
        var end = start
        let angled = start < limit && line[start] == UInt8(ascii: "<")
        if angled {
            start += 1
            end = start
            while end < limit, line[end] != UInt8(ascii: ">") { end += 1 }
            guard end < limit else { return nil }
        } else {
            var parens = 0
            while end < limit, line[end] != 0x20 {
                if line[end] == UInt8(ascii: "(") { parens += 1 }
                if line[end] == UInt8(ascii: ")") {
                    if parens == 0 { break }
                    parens -= 1
                }
                end += 1
            }
        }
        guard let close = titleEnd(line, from: angled ? end + 1 : end, limit: limit) else { return nil }
        let written = String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
        var path = written
        var heading: String?
        if let hash = written.firstIndex(of: "#") {
            path = String(written[..<hash])
            heading = String(written[written.index(after: hash)...])
        }
        let isURL = path.firstIndex(of: ":").map { colon in
            path[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) } && colon != path.startIndex
        } ?? false
        guard !path.isEmpty, !isURL, !path.hasPrefix("//") else { return (nil, nil, start..<end, close + 1) }
        return (path.removingPercentEncoding ?? path, heading?.removingPercentEncoding ?? heading, start..<(path.utf8.count + start), close + 1)
    }
}
