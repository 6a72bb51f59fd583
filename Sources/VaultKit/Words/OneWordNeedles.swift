/// What a note's words decide of a query's needles: the needles that are one word
/// (`FoldedWords.runs`), each folded once.
struct OneWordNeedles: Sendable {
    private let needles: [(matcher: TextMatcher, run: [UInt8]?)]

    init(_ matchers: [TextMatcher]) {
        needles = matchers.map { matcher in
            let (runs, isOneWord) = FoldedWords.runs(of: matcher.needle)
            return (matcher, isOneWord ? runs[0] : nil)
        }
    }

    /// True when some needle is one word: the words can decide something.
    var decidesAny: Bool { needles.contains { $0.run != nil || $0.matcher.isEmpty } }

    /// What `words` say of `matcher`: nil when it is not one word (a phrase, punctuation:
    /// the text must be read).
    func decide(_ matcher: TextMatcher, in words: NoteWords) -> Bool? {
        if matcher.isEmpty { return true }
        guard let found = needles.first(where: { $0.matcher == matcher }), let run = found.run else { return nil }
        return words.contains(run)
    }
}
