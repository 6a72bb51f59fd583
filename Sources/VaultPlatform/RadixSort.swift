/// Sorts 64-bit keys a byte at a time, least significant first: two passes over the keys
/// per byte, where a comparison sort compares n log n times (100,000 notes' packed keys,
/// in the order the notes were read: 13 to 10 ms). A byte every key shares takes no
/// pass. Keys that come mostly sorted already are better left to `sort()`, which takes
/// a sorted run in one pass.
package enum RadixSort {
    package static func sort(_ keys: inout [UInt64]) {
        guard keys.count > 1024 else { return keys.sort() }
        let count = keys.count
        var counts = [Int](repeating: 0, count: 8 * 256)
        var scratch = [UInt64](repeating: 0, count: count)
        counts.withUnsafeMutableBufferPointer { counts in
            keys.withUnsafeMutableBufferPointer { keys in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    for key in keys {
                        for byte in 0..<8 { counts[byte << 8 | Int(truncatingIfNeeded: key >> UInt64(byte << 3)) & 0xFF] += 1 }
                    }
                    var (source, destination) = (keys, scratch)
                    for byte in 0..<8 {
                        let shift = UInt64(byte << 3)
                        let first = Int(truncatingIfNeeded: source[0] >> shift) & 0xFF
                        if counts[byte << 8 | first] == count { continue }
                        var next = 0
                        for digit in 0..<256 {
                            let number = counts[byte << 8 | digit]
                            counts[byte << 8 | digit] = next
                            next += number
                        }
                        for key in source {
                            let slot = byte << 8 | Int(truncatingIfNeeded: key >> shift) & 0xFF
                            destination[counts[slot]] = key
                            counts[slot] += 1
                        }
                        swap(&source, &destination)
                    }
                    if source.baseAddress != keys.baseAddress {
                        _ = keys.update(fromContentsOf: source)
                    }
                }
            }
        }
    }
}
