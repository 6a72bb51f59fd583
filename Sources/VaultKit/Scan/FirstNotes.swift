import VaultPlatform

/// Which notes a scan for the first `count` in list order must make (`vault list --limit
/// 50`): those whose order key is no worse than the `count`-th best seen so far. A cached
/// note with a worse key cannot be among them, since a key decides the order wherever two
/// keys differ (`ListOrderKey`); it is checked against its file, but no note is made of it.
/// One per worker, with a bound shared by all: the keys of any one worker's notes bound
/// the whole scan's `count`-th best.
struct FirstNotes {
    let count: Int
    /// The best keys this worker kept, ascending: at most `count`.
    private var best: [UInt64] = []
    private let shared: SharedMinimum

    init(count: Int, shared: SharedMinimum) {
        self.count = count
        self.shared = shared
        best.reserveCapacity(count + 1)
    }

    /// Whether a note of `key` may be among the first `count`: ties are, as equal keys
    /// are put in order by the whole comparison.
    func mayKeep(_ key: ListOrderKey) -> Bool {
        guard count > 0 else { return false }
        return key.value <= min(best.count == count ? best[count - 1] : .max, shared.current)
    }

    /// Counts a note that was made, of key `key`.
    mutating func add(_ key: ListOrderKey) {
        guard count > 0, best.count < count || key.value < best[count - 1] else { return }
        var low = 0, high = best.count
        while low < high {
            let middle = (low + high) / 2
            if best[middle] <= key.value { low = middle + 1 } else { high = middle }
        }
        best.insert(key.value, at: low)
        if best.count > count { best.removeLast() }
        if best.count == count { shared.lower(to: best[count - 1]) }
    }
}
