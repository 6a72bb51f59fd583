import Testing
@testable import VaultPlatform

/// `ByteOutput` writes hex digits eight at a time: the same digits as one at a time.
@Suite struct ByteOutputTests {
    @Test func hexDigitsAreTheValuesLeadingDigits() {
        let values: [UInt64] = [0, 1, 9, 10, 15, 16, 0xA, 0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210, .max, 0x9999_AAAA_0000_FFFF,
                                0x8000_0000_0000_0000, 0x0000_0000_FFFF_FFFF, 0xDEAD_BEEF_CAFE_F00D]
        for value in values {
            let full = String(repeating: "0", count: 16 - String(value, radix: 16).count) + String(value, radix: 16)
            for count in 0...16 {
                var out = ByteOutput(capacity: 1)
                out.append("x")
                out.append(hexDigitsOf: value, count: count)
                out.append("y")
                #expect(out.bytes == Array(("x" + full.prefix(count) + "y").utf8), "\(full) \(count)")
            }
        }
    }
}
