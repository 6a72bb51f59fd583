import Foundation
import VaultKit
import VaultPlatform

/// `vault serve --sync N`: syncs at start, every N seconds, and a few seconds after the notes
/// change, one sync at a time. What a sync pulls in reaches the pages as any other change
/// of the files does, through the watcher.
final class SyncScheduler: Sendable {
    private let sync: SyncVault
    private let interval: TimeInterval
    private let log: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "vault.sync")
    /// True while a sync after a change is waiting: changes meanwhile join it.
    private let waiting = Locked(false)

    /// How long after a change the sync waits, so that a burst of saves is one commit.
    static let afterChange: TimeInterval = 5

    init(sync: SyncVault, every interval: TimeInterval, log: @escaping @Sendable (String) -> Void) {
        self.sync = sync
        self.interval = interval
        self.log = log
    }

    /// Syncs now and then every `interval` seconds.
    func start() {
        queue.async { self.run() }
        scheduleNext()
    }

    private func scheduleNext() {
        queue.asyncAfter(deadline: .now() + interval) { [self] in
            run()
            scheduleNext()
        }
    }

    /// The notes changed: sync soon.
    func changed() {
        let first = waiting.withLock { waiting in
            defer { waiting = true }
            return !waiting
        }
        guard first else { return }
        queue.asyncAfter(deadline: .now() + Self.afterChange) { [self] in
            waiting.withLock { $0 = false }
            run()
        }
    }

    private func run() {
        do {
            let report = try sync.run()
            // A sync that found nothing to do says nothing: the log is for what happened.
            let news = report.lines.filter { !$0.hasPrefix("in sync with ") }
            for line in news { log("sync: " + line) }
            for copy in report.conflictCopies { log("sync: kept a conflict copy: \(copy) (the same lines changed on both sides)") }
            for conflict in report.tagRenameConflicts {
                log("sync: conflict: " + conflict.summary)
            }
        } catch {
            log("sync: error: \(error.localizedDescription)")
        }
    }
}
