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
        var word: [UInt8] = []
        word.reserveCapacity(64)
        var index = 0
        let count = text.count
        @inline(__always) func end() {
            guard !word.isEmpty else { return }
            word.withUnsafeBufferPointer(body)
            word.removeAll(keepingCapacity: true)
        }
        while index < count {
            let byte = text[index]
            if byte < 0x80 {
                let value = UInt32(byte) &- 0x41 < 26 ? byte | 0x20 : byte
                if isWordScalar(UInt32(value)) { word.append(value) } else { end() }
                index += 1
                continue
            }
            let (scalar, length) = decode(text, at: index)
            index += length
            let folded = TextFolding.fold(scalar)
            for position in 0..<folded.count {
                let value = folded[position]
                if isWordScalar(value), let scalar = Unicode.Scalar(value) {
                    word.append(contentsOf: String(Character(scalar)).utf8)
                } else {
                    end()
                }
            }
        }
        end()
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
    private static func decode(_ text: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int) {
        guard let base = text.baseAddress else { return (0xFFFD, 1) }
        return UTF8Scalar.decode(base, count: text.count, at: index)
    }
}
