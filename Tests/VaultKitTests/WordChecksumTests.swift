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
}
