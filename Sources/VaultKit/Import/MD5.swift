import Foundation

/// MD5 (RFC 1321), for one purpose: Evernote names a note's resources by the MD5 of their
/// bytes (`<en-media hash="…">`). Not for security; Foundation on Linux has no MD5, and a
/// dependency for 60 lines is not worth it.
struct MD5 {
    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)

    private static let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                           5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                           4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                           6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }

    /// The digest of `bytes` as 32 lowercase hex digits.
    static func hex(_ bytes: [UInt8]) -> String {
        var md5 = MD5()
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        message.withUnsafeBytes { raw in
            for start in stride(from: 0, to: raw.count, by: 64) { md5.block(raw, at: start) }
        }
        let (a, b, c, d) = md5.state
        return [a, b, c, d].map { word in
            (0..<4).map { index in
                let byte = UInt8(truncatingIfNeeded: word >> UInt32(index * 8))
                let digits = String(byte, radix: 16)
                return byte < 16 ? "0" + digits : digits
            }.joined()
        }.joined()
    }

    private mutating func block(_ raw: UnsafeRawBufferPointer, at start: Int) {
        var words = [UInt32](repeating: 0, count: 16)
        for index in 0..<16 {
            let offset = start + index * 4
            words[index] = UInt32(raw[offset]) | UInt32(raw[offset + 1]) << 8 | UInt32(raw[offset + 2]) << 16 | UInt32(raw[offset + 3]) << 24
        }
        var (a, b, c, d) = state
        for round in 0..<64 {
            var f: UInt32
            let g: Int
            switch round {
            case 0..<16: f = (b & c) | (~b & d); g = round
            case 16..<32: f = (d & b) | (~d & c); g = (5 * round + 1) % 16
            case 32..<48: f = b ^ c ^ d; g = (3 * round + 5) % 16
            default: f = c ^ (b | ~d); g = (7 * round) % 16
            }
            f = f &+ a &+ Self.constants[round] &+ words[g]
            a = d
            d = c
            c = b
            b = b &+ (f << Self.shifts[round] | f >> (32 - Self.shifts[round]))
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}
