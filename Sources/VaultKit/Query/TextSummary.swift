/// What a word or phrase search needs to know of a note's text without reading it: a
/// Bloom filter of the trigrams of its folded text and title.
///
/// A server keeps one per note, about one bit per character of the note (a fortieth of
/// the text's size), and reads only the notes whose summary may hold every trigram of a
/// folded needle. A summary never rules out a note that matches: folding is applied to the
/// text exactly as `TextMatcher` applies it, so a folded needle found in the folded text
/// brings all its trigrams. It may let through a note that does not match (a few in a
/// thousand for a word of six letters), which the read then settles. Needles shorter than
/// three folded scalars are not summarised and always need the text.
public struct TextSummary: Sendable {
    private let bits: [UInt64]

    /// Summarises `text` (UTF-8; invalid sequences read as U+FFFD, as `TextMatcher`
    /// reads them) and `title`.
    public init(text: UnsafeRawBufferPointer, title: String) {
        let capacity = text.count + title.utf8.count
        var size = 64
        while size < capacity, size < Self.maximumBits { size <<= 1 }
        var bits = [UInt64](repeating: 0, count: size / 64)
        let mask = UInt32(size - 1)
        bits.withUnsafeMutableBufferPointer { bits in
            var window = TrigramWindow()
            Self.forEachFoldedScalar(text) { window.push($0) { Self.set($0, mask, in: bits) } }
            window = TrigramWindow()
            var title = title
            title.withUTF8 { title in
                Self.forEachFoldedScalar(UnsafeRawBufferPointer(title)) { window.push($0) { Self.set($0, mask, in: bits) } }
            }
        }
        self.bits = bits
    }

    /// False when the text and title certainly do not contain `matcher`'s needle.
    public func mayContain(_ matcher: TextMatcher) -> Bool {
        let needle = matcher.needle
        guard needle.count >= 3, !needle.contains(0xFFFD) else { return true }
        let mask = UInt32(bits.count * 64 - 1)
        var window = TrigramWindow()
        var found = true
        for scalar in needle {
            window.push(scalar) { hash in
                let bit = hash & mask
                if bits[Int(bit >> 6)] & (1 << UInt64(bit & 63)) == 0 { found = false }
            }
            if !found { return false }
        }
        return true
    }

    /// 16 KiB at most: a very long note says "maybe" to most needles, and is read.
    private static let maximumBits = 1 << 17

    @inline(__always)
    private static func set(_ hash: UInt32, _ mask: UInt32, in bits: UnsafeMutableBufferPointer<UInt64>) {
        let bit = hash & mask
        bits[Int(bit >> 6)] |= 1 << UInt64(bit & 63)
    }

    /// Calls `body` with each folded scalar of the UTF-8 `text`.
    private static func forEachFoldedScalar(_ text: UnsafeRawBufferPointer, _ body: (UInt32) -> Void) {
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte < 0x80 {
                body(UInt32(byte) &- 0x41 < 26 ? UInt32(byte) | 0x20 : UInt32(byte))
                index += 1
                continue
            }
            let (value, length) = decodeScalar(text, at: index)
            index += length
            let folded = TextFolding.fold(value)
            for position in 0..<folded.count { body(folded[position]) }
        }
    }

    /// The scalar starting at `index` (not ASCII) and its length; U+FFFD and one byte for
    /// an invalid sequence.
    private static func decodeScalar(_ text: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int) {
        let end = min(text.count, index + 4)
        var iterator = text[index..<end].makeIterator()
        var decoder = Unicode.UTF8()
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
            return (scalar.value, scalar.utf8.count)
        case .emptyInput, .error:
            return (0xFFFD, 1)
        }
    }
}

/// The last three scalars seen, hashed together.
private struct TrigramWindow {
    private var first: UInt32 = 0
    private var second: UInt32 = 0
    private var seen = 0

    @inline(__always)
    mutating func push(_ scalar: UInt32, _ body: (UInt32) -> Void) {
        if seen >= 2 {
            var hash = first &* 0x9E37_79B1 ^ second &* 0x85EB_CA6B ^ scalar &* 0xC2B2_AE35
            hash ^= hash >> 15
            hash &*= 0x2C1B_3C6D
            hash ^= hash >> 12
            body(hash)
        } else {
            seen += 1
        }
        first = second
        second = scalar
    }
}
