import Testing
import VaultPlatform

/// The radix sort puts keys in the order `sort()` does: random keys, keys that share most
/// of their bytes (passes skipped), repeated keys, and arrays too short to be worth it.
@Suite struct RadixSortTests {
    @Test(arguments: [0, 5, 1_024, 1_025, 50_000])
    func sortsAsSortDoes(count: Int) {
        var generator = SystemRandomNumberGenerator()
        let shapes: [(inout SystemRandomNumberGenerator) -> UInt64] = [
            { UInt64.random(in: .min ... .max, using: &$0) },
            { 0xABCD_0000_0000_0000 | UInt64.random(in: 0..<4_096, using: &$0) },
            { UInt64.random(in: 0..<8, using: &$0) << 61 | UInt64.random(in: 0..<3, using: &$0) },
        ]
        for shape in shapes {
            var keys = (0..<count).map { _ in shape(&generator) }
            let expected = keys.sorted()
            RadixSort.sort(&keys)
            #expect(keys == expected)
        }
    }
}
