import VaultPlatform

/// Which notes a scan for the first `count` in list order must make (`vault list --limit
/// 50`): those whose order key is no worse than the `count`-th best key of the notes made
/// so far. A cached note with a worse key cannot be among them, since a key decides the
/// order wherever two keys differ (`ListOrderKey`); it is checked against its file, but no
/// note is made of it.
///
/// Shared by the scan's workers: the best keys under a lock, taken only by a note that
/// improves on them (a few hundred of 100,000), and the bound they give read without one.
final class FirstNotes: @unchecked Sendable {
    let count: Int
    /// The best keys of the notes made, ascending: at most `count`.
    private let best = Locked<[UInt64]>([])
    /// The `count`-th best key once there are `count`.
    private let bound = SharedMinimum()

    init(count: Int) {
        self.count = count
    }

    /// Whether a note of `key` may be among the first `count`: ties are, as equal keys
    /// are put in order by the whole comparison.
    func mayKeep(_ key: ListOrderKey) -> Bool {
        count > 0 && key.value <= bound.current
    }

    /// Counts a note that was made, of key `key`.
    func add(_ key: ListOrderKey) {
        guard count > 0, key.value < bound.current else { return }
        best.withLock { best in
            var low = 0, high = best.count
            while low < high {
                let middle = (low + high) / 2
                if best[middle] <= key.value { low = middle + 1 } else { high = middle }
            }
            best.insert(key.value, at: low)
            if best.count > count { best.removeLast() }
            if best.count == count { bound.lower(to: best[count - 1]) }
        }
    }
}
