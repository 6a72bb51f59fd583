import VaultPlatform

/// Finds a word or phrase in UTF-8 text as a substring, ignoring case and diacritics,
/// in any Unicode normalisation form (see `TextFolding`).
///
/// The needle is folded once; the text is folded on the fly, scalar by scalar, and only
/// where a match could start. Text is never turned into `String`s: notes are searched as
/// the bytes the scanner read. Pure-ASCII stretches are examined sixteen bytes at a time
/// (SSE2, in `CSystemShims`), then eight, for the needle's first letter (in either case)
/// and, when that letter is common, a rarer one at its distance; a non-ASCII byte (which might fold to a needle letter, as
/// `É` folds to `e`) sends its neighbourhood through the scalar-by-scalar path.
public struct TextMatcher: Sendable, Equatable {
    /// The folded needle, as scalar values.
    let needle: [UInt32]

    /// A matcher for `text` (a word or phrase as the user typed it).
    public init(_ text: String) {
        needle = TextFolding.fold(text)
    }

    /// True when the folded needle is empty (a needle of combining marks only): it
    /// occurs in every text.
    public var isEmpty: Bool { needle.isEmpty }

    /// True when the needle occurs in `text`.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(UnsafeRawBufferPointer($0)) }
    }

    /// True when the needle occurs in `note`'s title or in `text`, its searchable text (as
    /// a query's word or phrase term is decided).
    func matches(_ note: Note, text: UnsafeRawBufferPointer) -> Bool {
        note.withTitleBytes(matches) || matches(text)
    }

    /// True when the needle occurs in the UTF-8 bytes `text` (invalid sequences are
    /// read as U+FFFD and never match a needle without one).
    public func matches(_ text: UnsafeRawBufferPointer) -> Bool {
        guard let first = needle.first else { return true }
        guard let base = text.baseAddress, !text.isEmpty else { return false }
        return needle.withUnsafeBufferPointer { needle in
            let scan = Scan(base: base, count: text.count, needle: needle)
            return first < 0x80 ? scan.findASCIIFirst(first) : scan.findNonASCIIFirst(first)
        }
    }
}

/// One search of a needle in one text.
private struct Scan {
    let base: UnsafeRawPointer
    let count: Int
    let needle: UnsafeBufferPointer<UInt32>

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    private func byte(_ index: Int) -> UInt8 {
        base.load(fromByteOffset: index, as: UInt8.self)
    }

    /// The needle starts with an ASCII scalar: candidates are that byte in either case
    /// and the lead bytes of non-ASCII scalars.
    ///
    /// Where the text is ASCII, byte offsets in the text are scalar offsets in the needle,
    /// so a second probe can filter the candidates: the rarest of the needle's next eight
    /// scalars, at its offset (`the meeting` probes `t` and the `m` four bytes later).
    /// Blocks with a non-ASCII byte nearby fall back to trying every possible start.
    func findASCIIFirst(_ first: UInt32) -> Bool {
        let firstByte = UInt8(truncatingIfNeeded: first)
        let firstCase = Self.caseBit(firstByte)
        let probe = Self.probeOffset(needle)
        let probeByte = UInt8(truncatingIfNeeded: probe > 0 ? needle[probe] : first)
        let firstPattern = Self.lowBits &* UInt64(firstByte)
        let firstCaseBits = Self.lowBits &* UInt64(firstCase)
        let probePattern = Self.lowBits &* UInt64(probeByte)
        let probeCaseBits = Self.lowBits &* UInt64(Self.caseBit(probeByte))
        var index = 0
        while index < count {
            index = ByteSearch.skipPlainBlocks(base.assumingMemoryBound(to: UInt8.self), from: index, count: count, first: firstByte,
                                               firstCase: firstCase, probe: probeByte, probeCase: Self.caseBit(probeByte), offset: probe)
            // Words up to the end of the block the skip stopped at, then back to blocks.
            let blockEnd = index + 16
            if probe == 0 {
                while index + 8 <= count, index < blockEnd {
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    if word & Self.highBits != 0 { break }
                    var candidates = Self.zeroBytes((word | firstCaseBits) ^ firstPattern)
                    while candidates != 0 {
                        if matchesAt(index + candidates.trailingZeroBitCount / 8, skip: 0) { return true }
                        candidates &= candidates &- 1
                    }
                    index += 8
                }
            } else {
                while index + 8 + probe <= count, index < blockEnd {
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    let probeWord = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index + probe, as: UInt64.self))
                    // The two loads cover index ..< index + probe + 8 (probe <= 8): all
                    // ASCII, or this block takes the slow path below.
                    if (word | probeWord) & Self.highBits != 0 { break }
                    var candidates = Self.zeroBytes((word | firstCaseBits) ^ firstPattern)
                        & Self.zeroBytes((probeWord | probeCaseBits) ^ probePattern)
                    while candidates != 0 {
                        if matchesAt(index + candidates.trailingZeroBitCount / 8, skip: 0) { return true }
                        candidates &= candidates &- 1
                    }
                    index += 8
                }
            }
            // The words covered the block: back to skipping blocks.
            if index >= blockEnd { continue }
            let stop = min(count, index + 8)
            while index < stop {
                let value = byte(index)
                if value < 0x80 {
                    if value | firstCase == firstByte, matchesAt(index, skip: 0) { return true }
                } else if value >= 0xC0, matchesAtScalar(index, first: first) {
                    return true
                }
                index += 1
            }
        }
        return false
    }

    /// The high bit of every zero byte of `word` is set (and perhaps of some bytes above a
    /// zero byte: those candidates are verified like the others). No zero byte is missed.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- lowBits) & ~word & highBits
    }

    /// Folded needles are lower-case, so a letter also matches its upper-case byte:
    /// OR-ing 0x20 maps exactly `A`–`Z` onto `a`–`z` among the bytes that can equal a
    /// lower-case letter, and nothing else onto a letter.
    @inline(__always)
    private static func caseBit(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? 0x20 : 0
    }

    /// The offset (1 to 8) of the needle's rarest ASCII scalar after the first, by English
    /// letter frequencies; 0 for no second probe: when the first scalar is rare enough
    /// alone (the second load would cost more than it saves) or none after it is rarer.
    private static func probeOffset(_ needle: UnsafeBufferPointer<UInt32>) -> Int {
        guard let first = needle.first, first < 0x80, frequency(UInt8(first)) >= 40 else { return 0 }
        var best = 0
        var bestFrequency = frequency(UInt8(first))
        var offset = 1
        while offset <= 8, offset < needle.count, needle[offset] < 0x80 {
            let frequency = Self.frequency(UInt8(needle[offset]))
            if frequency < bestFrequency {
                best = offset
                bestFrequency = frequency
            }
            offset += 1
        }
        return best
    }

    /// How common a (folded) byte is in prose, in tenths of a percent.
    private static func frequency(_ byte: UInt8) -> Int {
        // a to z, English letter frequencies.
        let letters = [82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24, 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1]
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return letters[Int(byte - UInt8(ascii: "a"))]
        case UInt8(ascii: " "): return 150
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "\n"): return 10
        default: return 5
        }
    }

    /// The needle starts with a non-ASCII scalar, which no ASCII byte folds to: only the
    /// lead bytes of non-ASCII scalars are candidates.
    func findNonASCIIFirst(_ first: UInt32) -> Bool {
        var index = 0
        while index < count {
            while index + 8 <= count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & Self.highBits == 0 {
                index += 8
            }
            let stop = min(count, index + 8)
            while index < stop {
                if byte(index) >= 0xC0, matchesAtScalar(index, first: first) { return true }
                index += 1
            }
        }
        return false
    }

    /// Tries a match at each place in the fold of the scalar at `start` that equals the
    /// needle's first scalar (`ß` folds to `ss`: a needle `s` may start at either).
    @inline(__always)
    private func matchesAtScalar(_ start: Int, first: UInt32) -> Bool {
        let (value, _) = decode(at: start)
        let folded = TextFolding.fold(value)
        for skip in 0..<folded.count where folded[skip] == first {
            if matchesAt(start, skip: skip) { return true }
        }
        return false
    }

    /// True when the folded text from the scalar at byte `start`, minus the first `skip`
    /// scalars of its fold, begins with the needle.
    private func matchesAt(_ start: Int, skip: Int) -> Bool {
        var position = start
        var matched = 0
        var folded = next(&position)
        var offset = skip
        while true {
            while offset < folded.count {
                if matched == needle.count { return true }
                if folded[offset] != needle[matched] { return false }
                offset += 1
                matched += 1
            }
            if matched == needle.count { return true }
            if position >= count { return false }
            folded = next(&position)
            offset = 0
        }
    }

    /// The fold of the scalar at `position`, which moves past it.
    @inline(__always)
    private func next(_ position: inout Int) -> FoldedScalar {
        let value = byte(position)
        if value < 0x80 {
            position += 1
            return FoldedScalar(value &- 0x41 < 26 ? UInt32(value | 0x20) : UInt32(value))
        }
        let (scalar, length) = decode(at: position)
        position += length
        return TextFolding.fold(scalar)
    }

    /// Decodes the UTF-8 sequence at `index`: the scalar and its length in bytes.
    @inline(__always)
    private func decode(at index: Int) -> (UInt32, Int) {
        UTF8Scalar.decode(base, count: count, at: index)
    }
}
