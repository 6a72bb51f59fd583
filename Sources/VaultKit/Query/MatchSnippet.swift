import Foundation

/// A search result's context: the part of a note's body around the first place that holds
/// one of the query's words or phrases (outside a NOT, as relevance ranks them), with where
/// each of them is in it, for a list to show the match highlighted (the web page's list).
/// Found as a reader sees them: case and diacritics aside, inside a longer word too (`budg`
/// in "budget"), as the search finds them.
public struct MatchSnippet: Sendable, Equatable {
    /// The context, on one line (the body's line breaks and runs of spaces are one space),
    /// with "…" where it was cut.
    public let text: String
    /// Each match in `text` as UTF-16 offsets (what a JavaScript string counts), in order,
    /// overlapping ones merged.
    public let ranges: [Range<Int>]

    /// About how many characters of context come before the first match, and in all.
    static let before = 40
    static let length = 140

    /// The snippet of `body` for `query`; nil when the query has no words or the body holds
    /// none of them (the title matched, or a field).
    public init?(query: Query, body: String) {
        var words: [String] = []
        RelevanceRanking.collect(query.expression, into: &words)
        words = words.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !words.isEmpty else { return nil }
        let flat = body.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        guard let first = words.compactMap({ flat.range(of: $0, options: options)?.lowerBound }).min() else { return nil }
        var start = flat.index(first, offsetBy: -Self.before, limitedBy: flat.startIndex) ?? flat.startIndex
        // Cut at a word: the context starts after a space, not inside a word.
        if start > flat.startIndex, let space = flat[start..<first].firstIndex(of: " ") { start = flat.index(after: space) }
        let end = flat.index(start, offsetBy: Self.length, limitedBy: flat.endIndex) ?? flat.endIndex
        let text = (start > flat.startIndex ? "…" : "") + flat[start..<end] + (end < flat.endIndex ? "…" : "")
        var found: [Range<Int>] = []
        for word in words {
            var from = text.startIndex
            while from < text.endIndex, let range = text.range(of: word, options: options, range: from..<text.endIndex) {
                let location = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
                found.append(location..<(location + text.utf16.distance(from: range.lowerBound, to: range.upperBound)))
                from = range.upperBound
            }
        }
        var merged: [Range<Int>] = []
        for range in found.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.text = text
        self.ranges = merged
    }
}
