import VaultPlatform

/// How far a scan has got, told as it goes to whoever started it: the command line shows
/// it on a terminal when a scan takes long (docs/performance.md).
///
/// Passed in (`Vault.scanProgress`, `VaultScanner.progress`), never read from the
/// environment: the scan knows nothing of terminals, and a test hands it its own.
public struct ScanProgress: Sendable {
    /// Where a scan is.
    public struct Update: Sendable, Equatable {
        /// The notes read so far (from their files or from the cache).
        public var read: Int
        /// The notes the walk listed.
        public var total: Int
        /// Whether the notes come through the front-matter cache: without it (a first scan,
        /// `--no-cache`) each note's file is read, and a large vault takes seconds.
        public var usesCache: Bool
    }

    /// How many notes are read between two updates.
    public var interval: Int
    /// Called from the scan's worker threads, one call at a time, with `read` growing; the
    /// last call of a scan has `read == total` (a vault without notes gets none).
    public var update: @Sendable (Update) -> Void

    public init(every interval: Int = 1_000, update: @escaping @Sendable (Update) -> Void) {
        self.interval = max(1, interval)
        self.update = update
    }

    /// For callers that need only the counts.
    public init(every interval: Int = 1_000, report: @escaping @Sendable (_ read: Int, _ total: Int) -> Void) {
        self.init(every: interval) { update in report(update.read, update.total) }
    }
}

/// The notes a scan's workers have read, added up under a lock: each worker adds its count
/// every `interval` notes (not once per note), so the lock costs nothing to the scan.
final class ScanProgressCounter: Sendable {
    private let progress: ScanProgress
    private let total: Int
    private let usesCache: Bool
    private let read = Locked(0)

    init(_ progress: ScanProgress, total: Int, usesCache: Bool) {
        self.progress = progress
        self.total = total
        self.usesCache = usesCache
    }

    var interval: Int { progress.interval }

    /// Adds `count` notes read and reports the sum; under the lock, so reports come in order.
    func add(_ count: Int) {
        guard count > 0 else { return }
        read.withLock { read in
            read += count
            progress.update(ScanProgress.Update(read: read, total: total, usesCache: usesCache))
        }
    }
}
