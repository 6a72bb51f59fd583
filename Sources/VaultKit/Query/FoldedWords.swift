/// The words of a text as a word search sees it: the text folded scalar by scalar exactly
/// as `TextMatcher` folds it, cut into the longest runs of word scalars (letters and
/// digits).
///
/// This is what lets a word index answer `TextMatcher`'s substring searches exactly: a
/// needle made only of word scalars that occurs in the folded text lies inside one run,
/// so the notes holding it are those holding a word it is part of. Marks that fold to
/// nothing (combining accents) do not cut a word, as they do not stop a match.
enum FoldedWords {
    /// True for the folded scalars a word is made of.
    @inline(__always)
    static func isWordScalar(_ value: UInt32) -> Bool {
        if value < 0x80 { return value &- 0x61 < 26 || value &- 0x30 < 10 }
        guard value != 0xFFFD, let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Calls `body` with the folded UTF-8 of each word of the UTF-8 `text` (invalid
    /// sequences read as U+FFFD, as `TextMatcher` reads them; it ends a word).
    static func forEach(in text: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var reader = Reader(text)
        var word: [UInt8] = []
        word.reserveCapacity(64)
        while reader.next(into: &word) { word.withUnsafeBufferPointer(body) }
    }

    /// The words of a UTF-8 text one at a time, as `forEach` hands them: for a caller that
    /// keeps state of its own per word, which a closure would have to capture (and check
    /// for exclusive access at every word).
    struct Reader {
        private let text: UnsafeRawBufferPointer
        private var index = 0
        /// What a scalar folded to, and how much of it is read: a fold may end one word
        /// and start another.
        private var folded = FoldedScalar.empty
        private var foldedPosition = 0

        init(_ text: UnsafeRawBufferPointer) {
            self.text = text
        }

        /// Where the next word's folded UTF-8 is (`nextWord`).
        enum Found {
            /// A run of the text itself: ASCII small letters and digits, folded as they are.
            case text(Range<Int>)
            /// In the scratch array.
            case word
        }

        /// The next word, found in the text itself when it is a run of ASCII small letters
        /// and digits (most words: nothing is copied), else put in `word`; nil when there
        /// is none.
        @inline(__always)
        mutating func nextWord(scratch word: inout [UInt8]) -> Found? {
            if foldedPosition >= folded.count, let base = text.baseAddress {
                @inline(__always) func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }
                while index < text.count {
                    let next = byte(index)
                    if next >= 0x80 || next &- 0x61 < 26 || next &- 0x30 < 10 || next &- 0x41 < 26 { break }
                    index += 1
                }
                guard index < text.count else { return nil }
                var end = index
                while end < text.count, byte(end) &- 0x61 < 26 || byte(end) &- 0x30 < 10 { end += 1 }
                // Ended by the text's end or by ASCII that is no letter: the word is the run.
                if end > index, end == text.count || (byte(end) < 0x80 && byte(end) &- 0x41 >= 26) {
                    defer { index = end }
                    return .text(index..<end)
                }
            }
            return next(into: &word) ? .word : nil
        }

        /// Puts the next word's folded UTF-8 in `word`; false when there is none.
        @inline(__always)
        mutating func next(into word: inout [UInt8]) -> Bool {
            word.removeAll(keepingCapacity: true)
            while true {
                while foldedPosition < folded.count {
                    let value = folded[foldedPosition]
                    foldedPosition += 1
                    if FoldedWords.isWordScalar(value), let scalar = Unicode.Scalar(value) {
                        word.append(contentsOf: String(Character(scalar)).utf8)
                    } else if !word.isEmpty {
                        return true
                    }
                }
                guard index < text.count, let base = text.baseAddress else { return !word.isEmpty }
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                if byte < 0x80 {
                    // A run of ASCII letters and digits is appended at once (folded after):
                    // byte by byte, appending was most of a build's time.
                    var end = index
                    var hasUpper = false
                    while end < text.count {
                        let next = base.load(fromByteOffset: end, as: UInt8.self)
                        if next &- 0x61 < 26 || next &- 0x30 < 10 {
                            end += 1
                        } else if next &- 0x41 < 26 {
                            hasUpper = true
                            end += 1
                        } else {
                            break
                        }
                    }
                    if end > index {
                        let start = word.count
                        word.append(contentsOf: UnsafeRawBufferPointer(start: base + index, count: end - index))
                        if hasUpper { FoldedWords.lowercaseASCII(&word, from: start) }
                        index = end
                        continue
                    }
                    index += 1
                    if !word.isEmpty { return true }
                    continue
                }
                let (scalar, length) = FoldedWords.decode(text, at: index)
                index += length
                folded = TextFolding.fold(scalar)
                foldedPosition = 0
            }
        }
    }

    /// Folds the ASCII capitals of `word` from `start` on.
    @inline(__always)
    fileprivate static func lowercaseASCII(_ word: inout [UInt8], from start: Int) {
        word.withUnsafeMutableBufferPointer { bytes in
            for index in start..<bytes.count where bytes[index] &- 0x41 < 26 { bytes[index] |= 0x20 }
        }
    }

    /// The folded needle's longest runs of word scalars, as UTF-8, and whether the needle
    /// is one run and nothing else (then a word index decides it without the text).
    static func runs(of needle: [UInt32]) -> (runs: [[UInt8]], isOneWord: Bool) {
        var runs: [[UInt8]] = []
        var current: [UInt8] = []
        var cut = false
        for value in needle {
            if isWordScalar(value), let scalar = Unicode.Scalar(value) {
                current.append(contentsOf: String(Character(scalar)).utf8)
            } else {
                cut = true
                if !current.isEmpty { runs.append(current) }
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return (runs, !cut && runs.count == 1)
    }

    /// Decodes the UTF-8 sequence at `index` (not ASCII) as `TextMatcher` does.
    fileprivate static func decode(_ text: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int) {
        guard let base = text.baseAddress else { return (0xFFFD, 1) }
        return UTF8Scalar.decode(base, count: text.count, at: index)
    }
}
