/// Bear's tags in a note's text, as vault reads tags.
///
/// `#tag` and `#nested/tag` are written as vault writes inline tags and stay as they are;
/// a tag ends where vault's ends (`#中文，标签` is the tag `中文`). Bear's closed form,
/// `#two words#`, would read as `#two` in vault, so it is written `#two-words` (a tag
/// holds no space).
enum BearTags {
    /// The text with every closed multi-word tag (`#two words#`) written as one tag;
    /// fenced code is left as it is.
    static func rewritingClosedTags(_ text: String) -> String {
        guard text.contains("#") else { return text }
        // A `#` at a line's start or after a space, a name that starts and ends with no
        // space or `#`, a closing `#` not followed by a tag character.
        let closed = /(^|[ \t])#([^#\s][^#\n]*[^#\s])#(?=$|[\s.,;:!?)])/
        var fence: String?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let start = line.drop { $0 == " " || $0 == "\t" }
            if let open = fence {
                if start.hasPrefix(open) { fence = nil }
                return String(line)
            }
            if start.hasPrefix("```") || start.hasPrefix("~~~") {
                fence = String(start.prefix(3))
                return String(line)
            }
            guard line.contains("#") else { return String(line) }
            return String(line).replacing(closed) { match in
                String(match.output.1) + "#" + match.output.2.split(whereSeparator: \.isWhitespace).joined(separator: "-")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The tags vault reads in `text`, each once, in order.
    static func names(in text: String) -> [String] {
        let tags = Array(text.utf8).withUnsafeBytes { InlineTags.occurrences(in: $0).map(\.name) }
        var seen: Set<String> = []
        return tags.filter { seen.insert(TagName.key($0)).inserted }
    }
}
