/// One UTF-8 sequence decoded in place, as full-text matching (`TextMatcher`) and the word
/// index (`FoldedWords`) read text, so that both fold the same scalars.
enum UTF8Scalar {
    /// The scalar at `index` of the `count` bytes at `base`, and its length in bytes. A
    /// malformed sequence is U+FFFD, one byte long, so decoding always moves on.
    @inline(__always)
    static func decode(_ base: UnsafeRawPointer, count: Int, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(base.load(fromByteOffset: index, as: UInt8.self))
        if lead < 0x80 { return (lead, 1) }
        let replacement: (UInt32, Int) = (0xFFFD, 1)
        @inline(__always) func continuation(_ offset: Int) -> UInt32? {
            guard index + offset < count else { return nil }
            let value = base.load(fromByteOffset: index + offset, as: UInt8.self)
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
