import Testing
@testable import VaultKit

/// A note's words (`NoteWords`) decide a one-word needle exactly as `TextMatcher` does on
/// its title and text, and the recent word file made from them is the one made from the
/// text: random texts of ASCII, accents (composed and not), ligatures, CRLF, code and
/// comments, against random needles.
@Suite("Note words")
struct NoteWordsTests {
    private static let pieces = [
        "budget", "Budget", "BUDGET", "budgétaire", "bu\u{301}dget", "nobudget", "café", "cafe\u{301}", "CAFÉ", "Straße", "strasse",
        "ﬁle", "file", "naïve", "Ωmega", "日本語", "x1", "10:30", "a.b", "e-mail", "`let budget = 1`", "```\ncode budget\n```",
        "<!-- budget comment -->", "%% hidden budg %%", "[[Budget Plan]]", "- [ ] task budget", "#tag/budget", "\u{FFFD}", "İstanbul",
        "ǅ", "ﬀ", "Ⅻ", "٣", "\u{0}", "\u{7F}",
    ]
    private static let separators = [" ", " ", "\n", "\r\n", "\t", "-", ", ", ". ", "_", "'", "\u{301}", "", "*", "(", ")"]
    private static let needles = [
        "budget", "budg", "udget", "et", "b", "caf", "café", "e", "ss", "straße", "fi", "file", "naive", "omega", "ω", "日本", "本語",
        "x1", "1", "10", "ff", "ı", "i̇", "xii", "3", "let", "code", "comment", "hidden", "plan", "zzz", "dž", "taire", "é",
    ]

    private static func text(_ random: inout QueryRandom) -> String {
        (0..<random.int(in: 0...16)).map { _ in random.element(of: pieces) + random.element(of: separators) }.joined()
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func decideOneWordNeedlesAsTheMatcherDoes(seed: UInt64) {
        var random = QueryRandom(seed: seed)
        for _ in 0..<300 {
            var text = Self.text(&random), title = Self.text(&random)
            let words = text.withUTF8 { text in title.withUTF8 { NoteWords(text: UnsafeRawBufferPointer(text), title: UnsafeRawBufferPointer($0)) } }
            for needle in Self.needles {
                let matcher = TextMatcher(needle)
                let needles = OneWordNeedles([matcher])
                let expected = matcher.matches(text) || matcher.matches(title)
                // A needle that is not one word is not decided; every other is, as the matcher does.
                guard let decided = needles.decide(matcher, in: words) else {
                    #expect(!FoldedWords.runs(of: matcher.needle).isOneWord || matcher.isEmpty, "\(needle)")
                    continue
                }
                #expect(decided == expected, "\(needle) in \(text.debugDescription) / \(title.debugDescription)")
            }
        }
    }

    /// The words replayed into a shard are the words `addWords(of:)` adds from the text.
    @Test(arguments: [21, 22] as [UInt64])
    func makeTheShardTheTextMakes(seed: UInt64) {
        var random = QueryRandom(seed: seed)
        var fromText = WordShard(documents: 0..<40), fromWords = WordShard(documents: 0..<40)
        for document in 0..<40 {
            var text = Self.text(&random), title = Self.text(&random)
            fromText.begin(UInt32(document))
            fromWords.begin(UInt32(document))
            text.withUTF8 { text in
                title.withUTF8 { title in
                    fromText.addWords(of: UnsafeRawBufferPointer(text))
                    fromText.addWords(of: UnsafeRawBufferPointer(title))
                    fromWords.add(NoteWords(text: UnsafeRawBufferPointer(text), title: UnsafeRawBufferPointer(title)))
                }
            }
        }
        #expect(fromText.spellings == fromWords.spellings)
        #expect(fromText.starts == fromWords.starts)
        #expect(fromText.postings.map(\.encoded) == fromWords.postings.map(\.encoded))
        #expect(fromText.pairs == fromWords.pairs)
    }
}
