import Testing
@testable import VaultKit

/// The cache's entry checksum sees every change to one byte, and a change of length.
@Suite struct WordChecksumTests {
    static func checksum(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes(WordChecksum.of) }

    @Test(arguments: [0, 1, 7, 8, 9, 23, 31, 32, 33, 40, 64, 71, 211])
    func everyFlippedBitChangesIt(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let original = Self.checksum(bytes)
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << bit
                #expect(Self.checksum(damaged) != original, "byte \(index) bit \(bit) of \(length)")
            }
        }
        #expect(Self.checksum(bytes + [0]) != original)
        if !bytes.isEmpty { #expect(Self.checksum(Array(bytes.dropLast())) != original) }
    }

    /// The sum as written by earlier versions, whatever the length: the last bytes of a
    /// length not a multiple of eight count as the low bytes of one more word.
    @Test func theSumIsTheOneFilesWereWrittenWith() {
        func reference(_ bytes: [UInt8]) -> UInt64 {
            func step(_ value: UInt64, _ word: UInt64) -> UInt64 {
                let mixed = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
                return mixed ^ (mixed >> 32)
            }
            func word(_ offset: Int, _ count: Int) -> UInt64 {
                (0..<count).reduce(0) { $0 | UInt64(bytes[offset + $1]) << UInt64(8 * $1) }
            }
            var lanes = [0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count), 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89]
            var offset = 0
            while offset + 32 <= bytes.count {
                for lane in 0..<4 { lanes[lane] = step(lanes[lane], word(offset + 8 * lane, 8)) }
                offset += 32
            }
            var value = step(step(step(lanes[0], lanes[1]), lanes[2]), lanes[3])
            while offset + 8 <= bytes.count {
                value = step(value, word(offset, 8))
                offset += 8
            }
            if offset < bytes.count { value = step(value, word(offset, bytes.count - offset)) }
            let mixed = (value ^ (value >> 29)) &* 0xBF58_476D_1CE4_E5B9
            return mixed ^ (mixed >> 32)
        }
        for length in 0..<80 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
            #expect(Self.checksum(bytes) == reference(bytes), "\(length) bytes")
        }
    }
}
