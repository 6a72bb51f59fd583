/// Bytes appended to a buffer that grows as needed: lines formatted on the hot path.
///
/// `[UInt8].append` checks that the array is uniquely referenced and has room, through a
/// generic call, on every call; formatting `vault tasks`'s 450,000 lines spent more time
/// there than on the text. Here an append is a bounds check and a copy, inlined where it
/// is called (public for that, as `WorkerSlots` says).
public struct ByteOutput: ~Copyable {
    @usableFromInline var base: UnsafeMutableRawPointer
    @usableFromInline var capacity: Int
    @usableFromInline var used = 0

    package init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 16)
        base = .allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit { base.deallocate() }

    /// The bytes appended so far, as an array.
    package var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: base, count: used)) }

    /// How many bytes were appended.
    package var count: Int { used }

    /// Calls `body` with the bytes appended so far.
    package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: used))
    }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if used == capacity { grow(toHold: 1) }
        base.storeBytes(of: byte, toByteOffset: used, as: UInt8.self)
        used += 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        if capacity - used < bytes.count { grow(toHold: bytes.count) }
        (base + used).copyMemory(from: source, byteCount: bytes.count)
        used += bytes.count
    }

    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// `value` in decimal.
    package mutating func append(decimal value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { append(UInt8(ascii: "-")) }
            append(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// The first `digits` (at most 16) of the 16 lower-case hex digits of `value`: eight
    /// digits at a time (every task line ends with a REF, and a loop of a digit at a time
    /// took more instructions than the rest of the line's numbers).
    package mutating func append(hexDigitsOf value: UInt64, count digits: Int) {
        let digits = min(max(digits, 0), 16)
        if capacity - used < 16 { grow(toHold: 16) }
        (base + used).storeBytes(of: Self.hexDigits(of: UInt32(truncatingIfNeeded: value >> 32)), as: UInt64.self)
        (base + used + 8).storeBytes(of: Self.hexDigits(of: UInt32(truncatingIfNeeded: value)), as: UInt64.self)
        used += digits
    }

    /// The eight hex digits of `value`, most significant first in memory.
    private static func hexDigits(of value: UInt32) -> UInt64 {
        // Each nibble spread into a byte of its own, the highest in the highest byte.
        var nibbles = UInt64(value)
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // 10 and up (their byte reaches 16 when 6 is added) are letters: `a` is 39 past `0` + 10.
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        let ascii = nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 39
        return ascii.bigEndian
    }

    /// Empties the buffer, keeping its room.
    package mutating func removeAll() { used = 0 }

    @usableFromInline mutating func grow(toHold extra: Int) {
        let needed = used + extra
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 1)
        moved.copyMemory(from: base, byteCount: used)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
