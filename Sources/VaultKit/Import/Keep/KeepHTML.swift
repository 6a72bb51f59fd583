/// The HTML Google Keep writes in `textContentHtml` (when a note has no `textContent`), as
/// Markdown: `<p>` and `<br>` are lines, `<b>`/`<strong>` `**`, `<i>`/`<em>` `*`,
/// `<a href>` a link; other tags (`<span>`, styles) are dropped and their text kept.
/// Character references are decoded: the five of XML, numeric ones and HTML's common named
/// characters; any other `&name;` stays as written. Never fails: it is text to keep, not
/// a document to check.
enum KeepHTML {
    static func markdown(_ html: String) -> String {
        var output = ""
        var links: [(href: String, start: String.Index)] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            output += rest[..<open]
            rest = rest[open...]
            if rest.first == "&" {
                let (text, after) = reference(rest)
                output += text
                rest = after
                continue
            }
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            let closing = tag.hasPrefix("/")
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            switch name {
            case "br": output += "\n"
            case "p" where closing, "div" where closing: output += "\n"
            case "b", "strong": mark("**", closing: closing, in: &output)
            case "i", "em": mark("*", closing: closing, in: &output)
            case "a" where !closing:
                links.append((attribute("href", in: tag).map(decoded) ?? "", output.endIndex))
            case "a":
                guard let link = links.popLast() else { break }
                let text = String(output[link.start...])
                output.removeSubrange(link.start...)
                output += link.href.isEmpty ? text : text == link.href || text.isEmpty ? "<\(link.href)>" : "[\(text)](\(link.href))"
            default: break
            }
        }
        output += rest
        return output
    }

    /// Opens or closes an emphasis: spaces before a closing mark go after it, as Markdown
    /// closes no emphasis after a space.
    private static func mark(_ mark: String, closing: Bool, in output: inout String) {
        guard closing else {
            output += mark
            return
        }
        var spaces = ""
        while output.last == " " {
            output.removeLast()
            spaces += " "
        }
        output += mark + spaces
    }

    /// `name="value"` (or `'value'`) among a tag's attributes.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag
        while let found = rest.range(of: name + "=") {
            let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            rest = rest[found.upperBound...]
            guard before == " ", let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let value = rest.dropFirst().prefix { $0 != quote }
            return String(value)
        }
        return nil
    }

    /// The text `&…;` at the start of `text` stands for, and what follows it.
    private static func reference(_ text: Substring) -> (String, Substring) {
        let body = text.dropFirst().prefix { $0 != ";" && $0 != "&" && $0 != "<" && !$0.isWhitespace }
        guard body.count < 32, body.endIndex < text.endIndex, text[body.endIndex] == ";" else { return ("&", text.dropFirst()) }
        let after = text[text.index(after: body.endIndex)...]
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return (String(text[..<after.startIndex]), after) }
            return (String(Character(scalar)), after)
        }
        let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"][String(body)] ?? XMLTokenizer.htmlCharacters[String(body)]
        return (named ?? String(text[..<after.startIndex]), after)
    }

    private static func decoded(_ text: String) -> String {
        markdown(text)
    }
}
