import Foundation

/// A note's place in list order as one integer: pinned notes first, then the newest date.
///
/// Sorting 100,000 notes compares about 1.7 million times; comparing two integers instead
/// of a flag and then two dates made the sort of `vault tasks` and of the month list three
/// times faster. The key is coarser than the order (the date loses its last bit to make
/// room for the flag), so it decides only when keys differ: notes with equal keys are
/// ordered by the whole comparison, dates, titles and paths.
struct ListOrderKey: Comparable {
    let value: UInt64

    init(pinned: Bool, date: Date) {
        // A double's bits, made to sort as the number does: negative ones reversed.
        let bits = date.timeIntervalSince1970.bitPattern
        let ascending = bits >> 63 == 1 ? ~bits : bits | 1 << 63
        value = (pinned ? 0 : 1 << 63) | (~ascending >> 1)
    }

    static func < (a: ListOrderKey, b: ListOrderKey) -> Bool { a.value < b.value }
}
