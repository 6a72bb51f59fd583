/// How much an untrusted zip archive may hold before it is refused as a whole: an export
/// of notes is many small files, a zip bomb is few that inflate enormously.
public struct ZipLimits: Sendable, Equatable {
    /// Entries in the central directory, folders included.
    public var entries: Int
    /// Bytes of one entry, inflated: what a reader holds in memory at once.
    public var entrySize: Int64
    /// Bytes of all entries, inflated.
    public var totalSize: Int64
    /// Inflated bytes per compressed byte an entry may declare, once it is past
    /// `ratioFloor` bytes (a small file of spaces compresses far; a bomb must be large).
    public var ratio: Int64
    public var ratioFloor: Int64

    public init(entries: Int = 200_000, entrySize: Int64 = 512 << 20, totalSize: Int64 = 8 << 30,
                ratio: Int64 = 200, ratioFloor: Int64 = 1 << 20) {
        self.entries = entries
        self.entrySize = entrySize
        self.totalSize = totalSize
        self.ratio = ratio
        self.ratioFloor = ratioFloor
    }
}
