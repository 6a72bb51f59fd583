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

    /// Decodes the UTF-8 sequence at `index` (not ASCII) the way `TextMatcher` does: the
    /// scalar and its length; a malformed sequence is U+FFFD, one byte long.
    private static func decode(_ text: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(text[index])
        let replacement: (UInt32, Int) = (0xFFFD, 1)
        func continuation(_ offset: Int) -> UInt32? {
            guard index + offset < text.count else { return nil }
            let value = text[index + offset]
            return value & 0xC0 == 0x80 ? UInt32(value & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let c1 = continuation(1) else { return replacement }
            return ((lead & 0x1F) << 6 | c1, 2)
        case 0xE0...0xEF:
            guard let c1 = continuation(1), let c2 = continuation(2) else { return replacement }
            let value = (lead & 0x0F) << 12 | c1 << 6 | c2
            guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return replacement }
            return (value, 3)
        case 0xF0...0xF4:
            guard let c1 = continuation(1), let c2 = continuation(2), let c3 = continuation(3) else { return replacement }
            let value = (lead & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            guard (0x1_0000...0x10_FFFF).contains(value) else { return replacement }
            return (value, 4)
        default:
            return replacement
        }
    }
}
