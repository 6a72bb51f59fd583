/// The 64-bit FNV-1a hash: quick, stable across runs and machines (unlike `Hasher`), for
/// recognising content again, never for security.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0100_0000_01b3
    }

    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { combine(byte) }
    }

    /// The hash of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hasher = FNV1a()
        hasher.combine(bytes)
        return hasher.value
    }
}
