import VaultPlatform

/// What a command holds until its process exits, never freed: a large vault's notes, task
/// records and printed paths are hundreds of thousands of allocations, and freeing them one
/// by one after the answer was written took milliseconds that exit spends at once, handing
/// the memory back whole (100,000 notes took 50 ms).
enum KeptUntilExit {
    private static let kept = Locked<[Any]>([])

    /// Keeps `value` until exit, unless `vault serve` is answering the command: the server
    /// lives on, and frees it as usual.
    static func keep(_ value: Any) {
        guard CommandAnswer.current == nil else { return }
        kept.withLock { $0.append(value) }
    }
}
