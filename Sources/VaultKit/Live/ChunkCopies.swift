import VaultPlatform

/// Counts the chunks `ChunkedList`s copied because another list shared them: what a save
/// costs the snapshots' lists, for a test to count instead of timing it. Injected; a list
/// without one counts nothing.
package final class ChunkCopies: Sendable {
    private let total = Locked(0)

    package init() {}

    /// The chunks copied so far.
    package var count: Int { total.withLock { $0 } }

    func add(_ copies: Int) {
        total.withLock { $0 += copies }
    }
}
