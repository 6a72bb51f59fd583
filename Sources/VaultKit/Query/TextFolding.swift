import Foundation

/// Folds Unicode scalars for search: case and diacritics are ignored, and every
/// normalisation form folds to the same scalars.
///
/// The fold of one scalar is `lowercase(uppercase(s))` (close to full case folding:
/// `ß` → `ss`, `ς` → `σ`, `ﬁ` → `fi`), then its canonical decomposition (NFD), with the
/// combining diacritical marks removed. Applied to every scalar of a text, this makes
/// `Café`, `CAFÉ` and `Cafe\u{0301}` all fold to `cafe`.
///
/// Only the combining *diacritical* blocks are removed (U+0300–U+036F, U+1AB0–U+1AFF,
/// U+1DC0–U+1DFF, U+20D0–U+20FF, U+FE20–U+FE2F): the vowel signs of Indic scripts and the
/// kana voicing marks are letters in all but name, and dropping them would make a search
/// for one word find many others.
enum TextFolding {
    /// The folded form of `text` as scalar values.
    static func fold(_ text: String) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let folded = fold(scalar.value)
            for index in 0..<folded.count { result.append(folded[index]) }
        }
        return result
    }

    /// The fold of the scalar `value`: zero to three scalars.
    @inline(__always)
    static func fold(_ value: UInt32) -> FoldedScalar {
        if value < 0x80 {
            // ASCII: only the upper-case letters change.
            return FoldedScalar(value &- 0x41 < 26 ? value | 0x20 : value)
        }
        if value < 0x1_0000 {
            return FoldTable.shared.lookup(value)
        }
        return foldSupplementary(value)
    }

    /// Beyond the Basic Multilingual Plane, emoji and most scripts have neither case nor
    /// canonical decompositions; the few 256-scalar pages that do are folded on the spot
    /// (slowly, but these scripts are rare in notes).
    private static func foldSupplementary(_ value: UInt32) -> FoldedScalar {
        switch value >> 8 {
        case 0x104, 0x105, 0x10C, 0x10D, 0x110, 0x111, 0x113, 0x114, 0x115, 0x118, 0x119,
             0x16E, 0x1D1, 0x1E9, 0x2F8, 0x2F9, 0x2FA:
            guard let scalar = Unicode.Scalar(value) else { return FoldedScalar(value) }
            return FoldedScalar(computeFold(scalar))
        default:
            return FoldedScalar(value)
        }
    }

    /// The fold computed from Unicode data, used to build the table.
    static func computeFold(_ scalar: Unicode.Scalar) -> [UInt32] {
        let cased = String(scalar).uppercased().lowercased()
        return cased.decomposedStringWithCanonicalMapping.unicodeScalars
            .map(\.value)
            .filter { !isDiacriticalMark($0) }
    }

    /// True for the combining marks that folding removes.
    @inline(__always)
    static func isDiacriticalMark(_ value: UInt32) -> Bool {
        (0x300...0x36F).contains(value) || (0x1AB0...0x1AFF).contains(value)
            || (0x1DC0...0x1DFF).contains(value) || (0x20D0...0x20FF).contains(value)
            || (0xFE20...0xFE2F).contains(value)
    }
}

/// The fold of one scalar, held inline: no scalar folds to more than three
/// (`ﬃ` → `ffi`, a Hangul syllable → its three jamo).
struct FoldedScalar: Equatable {
    var count: Int
    private var s0: UInt32 = 0, s1: UInt32 = 0, s2: UInt32 = 0

    /// The fold of a combining mark: nothing.
    static let empty = FoldedScalar(count: 0)

    @inline(__always)
    init(_ value: UInt32) {
        count = 1
        s0 = value
    }

    private init(count: Int) {
        self.count = count
    }

    init(_ values: [UInt32]) {
        count = min(values.count, 3)
        if count > 0 { s0 = values[0] }
        if count > 1 { s1 = values[1] }
        if count > 2 { s2 = values[2] }
    }

    @inline(__always)
    subscript(index: Int) -> UInt32 {
        switch index {
        case 0: return s0
        case 1: return s1
        default: return s2
        }
    }
}

/// The precomputed folds of the Basic Multilingual Plane.
///
/// Computing a fold needs `String` case mapping and normalisation, far too slow to do for
/// every character of every note; the table makes it one array read. It is built once per
/// process (about 13 ms), and only when a search meets a non-ASCII character.
final class FoldTable: Sendable {
    static let shared = FoldTable()

    /// Per BMP scalar: its one-scalar fold, `dropped`, or `multiple | index` into `multiples`.
    private let entries: [UInt32]
    private let multiples: [FoldedScalar]

    private static let dropped: UInt32 = 0xFFFF_FFFF
    private static let multiple: UInt32 = 0x8000_0000

    private init() {
        var entries = [UInt32](repeating: 0, count: 0x1_0000)
        var multiples: [FoldedScalar] = []
        for value in UInt32(0)..<0x1_0000 {
            entries[Int(value)] = value
            // Blocks that neither case-map nor decompose: CJK ideographs, Yi, surrogates,
            // private use. Hangul syllables decompose, but algorithmically (below).
            if value < 0x80 || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
                || (0xA000...0xA4CF).contains(value) || (0xD800...0xF8FF).contains(value) {
                continue
            }
            let folded: [UInt32]
            if (0xAC00...0xD7A3).contains(value) {
                folded = Self.hangulJamo(value)
            } else if let scalar = Unicode.Scalar(value) {
                folded = TextFolding.computeFold(scalar)
            } else {
                continue
            }
            switch folded.count {
            case 0:
                entries[Int(value)] = Self.dropped
            case 1:
                entries[Int(value)] = folded[0]
            default:
                entries[Int(value)] = Self.multiple | UInt32(multiples.count)
                multiples.append(FoldedScalar(folded))
            }
        }
        self.entries = entries
        self.multiples = multiples
    }

    @inline(__always)
    func lookup(_ value: UInt32) -> FoldedScalar {
        let entry = entries[Int(value)]
        if entry & Self.multiple == 0 { return FoldedScalar(entry) }
        if entry == Self.dropped { return .empty }
        return multiples[Int(entry & ~Self.multiple)]
    }

    /// The canonical decomposition of a Hangul syllable (Unicode §3.12).
    private static func hangulJamo(_ value: UInt32) -> [UInt32] {
        let index = value - 0xAC00
        let leading = 0x1100 + index / (21 * 28)
        let vowel = 0x1161 + (index % (21 * 28)) / 28
        let trailing = index % 28
        return trailing == 0 ? [leading, vowel] : [leading, vowel, 0x11A7 + trailing]
    }
}
