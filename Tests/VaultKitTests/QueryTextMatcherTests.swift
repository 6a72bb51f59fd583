import Foundation
import Testing
@testable import VaultKit

/// Substring search over UTF-8 bytes, ignoring case and diacritics.
@Suite("Query text matching")
struct QueryTextMatcherTests {
    private func finds(_ needle: String, in haystack: String) -> Bool {
        TextMatcher(needle).matches(haystack)
    }

    private func finds(_ needle: String, inBytes bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { TextMatcher(needle).matches($0) }
    }

    @Test("case, diacritics and normalisation forms", arguments: [
        ("cafe", "Café"), ("cafe", "CAFÉ"), ("cafe", "Cafe\u{301}"), ("cafe", "CAFE\u{301}"),
        ("café", "cafe"), ("cafe\u{301}", "CAFÉ"), ("CAFÉ", "un cafe\u{301} noir"), ("Ça", "ca va"),
        ("resume", "Résumé"), ("naive", "NAÏVE"), ("uber", "Über"), ("angstrom", "\u{212B}NGSTROM"),
        ("ἀλήθεια", "ΑΛΗΘΕΙΑ"), ("λογος", "ΛΌΓΟΣ"), ("λόγος", "λογοσ"),
        ("ёлка", "ЕЛКА"), ("елка", "Ёлка"), ("straße", "STRASSE"), ("strasse", "Straße"), ("s", "ß"),
        ("ﬁle", "FILE"), ("file", "ﬁle"), ("i", "İstanbul"), ("kelvin", "\u{212A}ELVIN"),
        ("한국", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}"), ("\u{1112}\u{1161}\u{11AB}", "대한민국"),
        ("日本", "これは日本語です"), ("🙂", "hi 🙂 there"), ("tiếng việt", "TIẾNG VIỆT"), ("tieng viet", "Tiếng Việt"),
    ])
    func folds(_ needle: String, _ haystack: String) {
        #expect(finds(needle, in: haystack))
    }

    @Test("what is not found", arguments: [
        ("cafe", "caf"), ("cafe", "cafa"), ("café", "coffee"), ("ab", "a b"), ("a b", "a  b"), ("a b", "a\nb"),
        ("日本", "日 本"), ("x", ""), ("abc", "ab"), ("ss", "s"), ("한", "하"), ("🙂", "🙃"),
    ])
    func misses(_ needle: String, _ haystack: String) {
        #expect(!finds(needle, in: haystack))
    }

    @Test("an empty needle is found everywhere")
    func emptyNeedle() {
        #expect(TextMatcher("").matches(""))
        #expect(TextMatcher("\u{301}").isEmpty)
        #expect(TextMatcher("\u{301}").matches("x"))
    }

    @Test("needles starting with punctuation, digits and spaces")
    func punctuation() {
        #expect(finds("#tag", in: "text #Tag here"))
        #expect(!finds("#tag", in: "text tag here"))
        #expect(finds("(x)", in: "a (X) b"))
        #expect(finds("2026-11", in: "on 2026-11-20"))
        #expect(finds(" b", in: "a b"))
        #expect(finds("@", in: "a`@"))
        #expect(!finds("@", in: "a`"))  // '`' is '@' with bit 0x20 set: not a letter, no case
        #expect(finds("[", in: "{["))
        #expect(!finds("[", in: "{"))
    }

    @Test("malformed UTF-8 never crashes and never matches across")
    func malformed() {
        #expect(finds("ab", inBytes: [0xFF, 0x61, 0x62]))
        #expect(finds("ab", inBytes: [0x61, 0x62, 0xC3]))
        #expect(!finds("ab", inBytes: [0x61, 0xC3, 0x62]))
        #expect(finds("\u{FFFD}", inBytes: [0x61, 0xE2, 0x28, 0xA1]))
        #expect(!finds("é", inBytes: [0xC3]))
        #expect(finds("é", inBytes: [0xC3, 0xA9]))
        #expect(!finds("a", inBytes: [0xED, 0xA0, 0x80]))  // an encoded surrogate
        #expect(!finds("x", inBytes: [0xF4, 0x90, 0x80, 0x80]))  // beyond U+10FFFF
        #expect(!finds("x", inBytes: []))
    }

    @Test("every offset around the eight-byte blocks", arguments: 0..<40)
    func offsets(_ offset: Int) {
        let filler = String(repeating: "bdfghjkl", count: 6)  // none of the needles' letters
        let prefix = String(filler.prefix(offset))
        for needle in ["xyZ", "É", "q", "cafe"] {
            let haystack = prefix + (needle == "cafe" ? "CAFÉ" : needle.uppercased()) + "!"
            #expect(finds(needle, in: haystack), "\(needle) at \(offset)")
            #expect(!finds(needle + "?", in: haystack), "\(needle)? at \(offset)")
            // Cut just before the end of the needle.
            #expect(!finds(needle, in: String(haystack.dropLast(2))), "\(needle) cut at \(offset)")
        }
    }

    @Test("a partial match does not hide a later one")
    func overlapping() {
        #expect(finds("aab", in: "aaab"))
        #expect(finds("abab", in: "ababab"))
        #expect(finds("ssa", in: "ßsa"))
        #expect(finds("sa", in: "ßa"))
        #expect(finds("e", in: "\u{301}\u{301}E"))
    }

    @Test("agrees with Foundation on random ASCII-heavy text")
    func randomText() {
        var random = QueryRandom(seed: 7)
        let alphabet: [String] = ["a", "b", "A", "é", "É", "e\u{301}", " ", "\n", "ß", "x", "Ω", "ω", "日", "🙂"]
        for _ in 0..<400 {
            let haystack = (0..<random.int(in: 0...40)).map { _ in random.element(of: alphabet) }.joined()
            let needle = (0..<random.int(in: 1...3)).map { _ in random.element(of: alphabet) }.joined()
            #expect(finds(needle, in: haystack) == QueryReference.contains(haystack, needle), "\(needle.debugDescription) in \(haystack.debugDescription)")
        }
    }

    @Test("agrees with Foundation on long needles over mostly-ASCII text (the two-probe path)")
    func randomLongNeedles() {
        var random = QueryRandom(seed: 8)
        let alphabet: [String] = ["t", "h", "e", "T", "H", "E", " ", "m", "M", "x", "é", "É", "e\u{301}", "ß", "ss", "\n"]
        let weights = [8, 6, 8, 2, 2, 2, 6, 3, 1, 2, 1, 1, 1, 1, 1, 1]
        let pool = zip(alphabet, weights).flatMap { Array(repeating: $0.0, count: $0.1) }
        for _ in 0..<600 {
            let haystack = (0..<random.int(in: 0...80)).map { _ in random.element(of: pool) }.joined()
            var needle = (0..<random.int(in: 2...12)).map { _ in random.element(of: pool) }.joined()
            if random.bool(0.5), !haystack.isEmpty {
                // A piece of the haystack itself, so that matches are common.
                let characters = Array(haystack)
                let start = random.int(in: 0...characters.count - 1)
                needle = String(characters[start..<min(characters.count, start + random.int(in: 2...12))])
            }
            #expect(finds(needle, in: haystack) == QueryReference.contains(haystack, needle), "\(needle.debugDescription) in \(haystack.debugDescription)")
        }
    }

    @Test("agrees with Foundation on long mostly-ASCII text (the sixteen-byte block skip)")
    func randomLongText() {
        var random = QueryRandom(seed: 9)
        let alphabet: [String] = ["b", "d", "f", "g", "o", "r", " ", "Z", "z", "a", "n", "\n", "é", "Ä", "ß"]
        let weights = [10, 10, 10, 10, 10, 10, 8, 1, 1, 3, 3, 2, 1, 1, 1]
        let pool = zip(alphabet, weights).flatMap { Array(repeating: $0.0, count: $0.1) }
        for _ in 0..<300 {
            let haystack = (0..<random.int(in: 0...600)).map { _ in random.element(of: pool) }.joined()
            var needle = random.element(of: ["zanzibar", "za", "z", "nab", "ä", "ss", "ba z", "bod"])
            if random.bool(0.5), !haystack.isEmpty {
                let characters = Array(haystack)
                let start = random.int(in: 0...characters.count - 1)
                needle = String(characters[start..<min(characters.count, start + random.int(in: 1...10))])
            }
            #expect(finds(needle, in: haystack) == QueryReference.contains(haystack, needle), "\(needle.debugDescription) in \(haystack.debugDescription)")
        }
    }
}
