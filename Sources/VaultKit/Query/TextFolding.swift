import Foundation
import Synchronization

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

/// The folds of the Basic Multilingual Plane, computed a page of 256 scalars at a time,
/// the first time a search meets a scalar of that page.
///
/// Computing a fold needs `String` case mapping and normalisation, far too slow to do for
/// every character of every note; the table makes it one read. Built whole, it cost 130 M
/// instructions (13–30 ms) the first time a command met any non-ASCII character (a word
/// search with notes changed since the index: the other core waited on it meanwhile); a
/// note's non-ASCII characters are mostly of a page or two (Latin-1, punctuation), 0.5 M
/// instructions each. A page is filled under a lock and then marked ready (release), and a
/// lookup reads a page only once it sees the mark (acquire): never a page half filled.
final class FoldTable: Sendable {
    static let shared = FoldTable()

    /// Per BMP scalar: its fold, meaningful once its page is marked ready. Never freed
    /// (the table lives as long as the process).
    private nonisolated(unsafe) let folds: UnsafeMutablePointer<FoldedScalar>
    /// Bit `page & 63` of `ready[page >> 6]`: page `page` is filled.
    private let ready0 = Atomic<UInt64>(0), ready1 = Atomic<UInt64>(0), ready2 = Atomic<UInt64>(0), ready3 = Atomic<UInt64>(0)
    private let filling = Mutex(())

    private init() {
        // Left uninitialised: a page is written whole before it is marked ready, and the
        // pages never met are never touched (nor, being large, backed by memory).
        folds = .allocate(capacity: 0x1_0000)
    }

    @inline(__always)
    private func readyWord(_ page: UInt32) -> UInt64 {
        switch page >> 6 {
        case 0: return ready0.load(ordering: .acquiring)
        case 1: return ready1.load(ordering: .acquiring)
        case 2: return ready2.load(ordering: .acquiring)
        default: return ready3.load(ordering: .acquiring)
        }
    }

    @inline(__always)
    func lookup(_ value: UInt32) -> FoldedScalar {
        let page = value >> 8
        if readyWord(page) & (1 << UInt64(page & 63)) == 0 { fill(page) }
        return folds[Int(value)]
    }

    /// Computes page `page`, unless another thread did meanwhile.
    @inline(never)
    private func fill(_ page: UInt32) {
        filling.withLock { _ in
            let bit: UInt64 = 1 << UInt64(page & 63)
            guard readyWord(page) & bit == 0 else { return }
            for value in page << 8..<(page + 1) << 8 {
                (folds + Int(value)).initialize(to: Self.computeFold(value))
            }
            switch page >> 6 {
            case 0: ready0.bitwiseOr(bit, ordering: .releasing)
            case 1: ready1.bitwiseOr(bit, ordering: .releasing)
            case 2: ready2.bitwiseOr(bit, ordering: .releasing)
            default: ready3.bitwiseOr(bit, ordering: .releasing)
            }
        }
    }

    /// The fold of the BMP scalar `value`, from Unicode data.
    private static func computeFold(_ value: UInt32) -> FoldedScalar {
        // Blocks that neither case-map nor decompose: CJK ideographs, Yi, surrogates,
        // private use. Hangul syllables decompose, but algorithmically (below).
        if value < 0x80 || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xA000...0xA4CF).contains(value) || (0xD800...0xF8FF).contains(value) {
            return value < 0x80 && value &- 0x41 < 26 ? FoldedScalar(value | 0x20) : FoldedScalar(value)
        }
        if (0xAC00...0xD7A3).contains(value) { return FoldedScalar(hangulJamo(value)) }
        guard let scalar = Unicode.Scalar(value) else { return FoldedScalar(value) }
        let folded = TextFolding.computeFold(scalar)
        return folded.count == 1 ? FoldedScalar(folded[0]) : FoldedScalar(folded)
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
