import VaultPlatform

/// The folded words of one note as a word index holds them (`WordIndexBuild.add`): those
/// of its searchable text, then those of its title, each followed by a zero byte (no word
/// scalar's UTF-8 has one).
///
/// A word search's scan makes them once for a note no word index file describes: they
/// decide the query's one-word needles (`decide`) instead of `TextMatcher` walking the
/// text, and they are what the recent word file is written from (`WordShard.add`), so
/// the text is neither matched nor read for its words a second time.
struct NoteWords: Sendable {
    /// Every word's folded UTF-8 and a zero byte after it.
    private(set) var bytes: [UInt8] = []
    /// Where the title's words start in `bytes`: its first word follows no word.
    private(set) var titleStart = 0

    /// The words of `text` (UTF-8, a note's searchable text) and of `title`.
    init(text: UnsafeRawBufferPointer, title: UnsafeRawBufferPointer) {
        bytes.reserveCapacity(text.count + title.count + 16)
        var scratch: [UInt8] = []
        scratch.reserveCapacity(64)
        append(text, scratch: &scratch)
        titleStart = bytes.count
        append(title, scratch: &scratch)
    }

    /// The words of `note`: of `text`, its searchable text, and of its title.
    init(_ note: Note, text: UnsafeRawBufferPointer) {
        self = note.withTitleBytes { NoteWords(text: text, title: $0) }
    }

    private mutating func append(_ text: UnsafeRawBufferPointer, scratch: inout [UInt8]) {
        var reader = FoldedWords.Reader(text)
        while let found = reader.nextWord(scratch: &scratch) {
            switch found {
            case .text(let run): bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[run]))
            case .word: bytes.append(contentsOf: scratch)
            }
            bytes.append(0)
        }
    }

    /// Calls `body` with each word's folded UTF-8 and whether it is the title's first.
    func forEach(_ body: (UnsafeRawBufferPointer, Bool) -> Void) {
        bytes.withUnsafeBytes { all in
            var start = 0
            var index = 0
            while index < all.count {
                if all[index] == 0 {
                    body(UnsafeRawBufferPointer(rebasing: all[start..<index]), start == titleStart)
                    start = index + 1
                }
                index += 1
            }
        }
    }

    /// Whether the note holds `needle` as a word index would say: true when one of its
    /// words contains the run (the needle's folded UTF-8, word scalars only). For a needle
    /// that is one run and nothing else, that is exactly `TextMatcher`'s answer on the
    /// title and text (`FoldedWords`): a match of such a needle lies inside one word.
    func contains(_ run: [UInt8]) -> Bool {
        guard !run.isEmpty else { return true }
        return bytes.withUnsafeBytes { haystack in
            run.withUnsafeBytes { ByteSearch.firstIndex(of: $0, in: haystack, from: 0) != nil }
        }
    }
}
