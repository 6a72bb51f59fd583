import Foundation
import VaultPlatform

/// A note's place in list order as one integer: pinned notes first, then the newest date.
///
/// Sorting 100,000 notes by a flag, then two dates, then titles took 15 to 20 ms on one
/// core, in `vault tasks` and the month list alike; sorting integers takes a fraction of
/// it. The key is coarser than the order (the date loses its last bit to make room for
/// the flag), so it decides only when keys differ: notes with equal keys are ordered by
/// the whole comparison, dates, titles and paths.
struct ListOrderKey: Comparable {
    let value: UInt64

    /// The key of `note`'s place: its pin and its `modified` date.
    init(of note: Note) {
        self.init(pinned: note.pinned, date: note.modified)
    }

    init(value: UInt64) {
        self.value = value
    }

    init(pinned: Bool, date: Date) {
        // A double's bits, made to sort as the number does: negative ones reversed.
        let bits = date.timeIntervalSince1970.bitPattern
        let ascending = bits >> 63 == 1 ? ~bits : bits | 1 << 63
        value = (pinned ? 0 : 1 << 63) | (~ascending >> 1)
    }

    var isPinned: Bool { value >> 63 == 0 }

    static func < (a: ListOrderKey, b: ListOrderKey) -> Bool { a.value < b.value }

    /// The positions of `keys` in order, ties put in order by `before` (the whole
    /// comparison). Each key is packed with its position into one integer (losing as many
    /// of the date's last bits as the position needs), the integers are sorted, and then
    /// each run whose packed keys are equal, dates too close to tell apart in the bits
    /// left, is sorted by `before`.
    static func order(of keys: [ListOrderKey], by before: (Int, Int) -> Bool) -> [Int] {
        guard keys.count > 1 else { return Array(keys.indices) }
        let positionBits = Int.bitWidth - (keys.count - 1).leadingZeroBitCount
        guard positionBits <= 32 else {
            return keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : before($0, $1) }
        }
        var packed = [UInt64](unsafeUninitializedCapacity: keys.count) { buffer, count in
            for (position, key) in keys.enumerated() {
                buffer[position] = (key.value >> positionBits) << positionBits | UInt64(position)
            }
            count = keys.count
        }
        RadixSort.sort(&packed)
        let mask: UInt64 = 1 << positionBits - 1
        var order = packed.map { Int($0 & mask) }
        var start = 0
        while start < packed.count {
            var end = start + 1
            while end < packed.count, packed[end] >> positionBits == packed[start] >> positionBits { end += 1 }
            if end - start > 1 { order[start..<end].sort(by: before) }
            start = end
        }
        return order
    }
}
