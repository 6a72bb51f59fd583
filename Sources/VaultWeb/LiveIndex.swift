import Dispatch
import Foundation
import VaultKit
import VaultPlatform

/// The vault as the server knows it: one scan at start (through the cache), then a rescan
/// whenever the directory watcher reports a change, so that an edit in vim, a `git pull`
/// or another `vault` command reaches every open page.
///
/// Reports that arrive while a rescan is waiting or running fold into the next one: a
/// branch switch that touches 10,000 files is one or two rescans, not 10,000 events.
final class LiveIndex: Sendable {
    /// One consistent view of the vault.
    struct Snapshot: Sendable {
        let scan: ScanResult
        let index: VaultIndex
        let links: WikiLinkResolver
        /// The notes in list order (pinned first, then most recently modified), sorted once
        /// per rescan rather than on every request.
        let sorted: [Note]
        let trashCount: Int
        /// Each note's path and the stamp of the file it was read from, to tell what changed.
        let stamps: [String: FileStamp]
    }

    /// What a rescan found different.
    struct Change: Sendable, Equatable {
        var changed: [String] = []
        var added: [String] = []
        var removed: [String] = []
        var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty }
    }

    let session: VaultSession
    let events: EventHub
    private let current: Locked<Snapshot>
    private let state = Locked(RefreshState())
    private let watcher = Locked<DirectoryWatcher?>(nil)
    private let queue = DispatchQueue(label: "vault.web.index")
    /// How long a report waits for others to join it before the rescan.
    static let settleTime: DispatchTimeInterval = .milliseconds(25)

    private struct RefreshState {
        var scheduled = false
        var running = false
        var dirty = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    init(session: VaultSession, events: EventHub) throws {
        self.session = session
        self.events = events
        current = Locked(try Self.read(session))
    }

    var snapshot: Snapshot { current.withLock { $0 } }

    /// Watches every directory of the vault (and `.trash`), rescanning on each report.
    func startWatching() throws {
        let watcher = try DirectoryWatcher(root: session.root.path, alsoWatch: [Trash.directory]) { [weak self] _ in
            self?.scheduleRefresh()
        }
        self.watcher.withLock { $0 = watcher }
    }

    func stopWatching() {
        watcher.withLock { $0?.stop(); $0 = nil }
    }

    /// Rescans soon, once; a rescan already running is followed by one more.
    func scheduleRefresh() {
        request(after: Self.settleTime, waiter: nil)
    }

    /// Rescans now and returns once the index reflects the vault as it is (after a write
    /// through the API, so that its answer and the next request agree).
    func refresh() async {
        await withCheckedContinuation { continuation in request(after: nil, waiter: continuation) }
    }

    /// Asks for a rescan: started after `delay` unless one is already waiting, or marked
    /// to run again when one is running. `waiter` resumes when a rescan that began after
    /// this request has finished.
    private func request(after delay: DispatchTimeInterval?, waiter: CheckedContinuation<Void, Never>?) {
        let start = state.withLock { state -> Bool in
            if let waiter { state.waiters.append(waiter) }
            if state.running {
                state.dirty = true
                return false
            }
            if state.scheduled { return false }
            state.scheduled = true
            return true
        }
        guard start else { return }
        if let delay {
            queue.asyncAfter(deadline: .now() + delay) { self.refreshLoop() }
        } else {
            queue.async { self.refreshLoop() }
        }
    }

    private func refreshLoop() {
        while true {
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.scheduled = false
                state.running = true
                state.dirty = false
                defer { state.waiters = [] }
                return state.waiters
            }
            if let next = try? Self.read(session) {
                let previous = current.withLock { snapshot -> Snapshot in
                    defer { snapshot = next }
                    return snapshot
                }
                let change = Self.difference(from: previous, to: next)
                if !change.isEmpty || previous.trashCount != next.trashCount {
                    events.publish("change", data: Self.json(change))
                }
            }
            for waiter in waiters { waiter.resume() }
            let again = state.withLock { state -> Bool in
                state.running = false
                if state.dirty || !state.waiters.isEmpty {
                    state.scheduled = true
                    return true
                }
                return false
            }
            if !again { return }
        }
    }

    private static func read(_ session: VaultSession) throws -> Snapshot {
        let scan = try session.scan()
        var stamps: [String: FileStamp] = [:]
        stamps.reserveCapacity(scan.notes.count)
        for note in scan.notes { stamps[note.path] = note.stamp }
        return Snapshot(
            scan: scan, index: session.index(of: scan), links: WikiLinkResolver(paths: scan.notes.map(\.path)),
            sorted: session.sorted(scan),
            trashCount: session.trash.count(), stamps: stamps
        )
    }

    static func difference(from old: Snapshot, to new: Snapshot) -> Change {
        var change = Change()
        for (path, stamp) in new.stamps {
            guard let before = old.stamps[path] else {
                change.added.append(path)
                continue
            }
            if !before.isSameContent(as: stamp) { change.changed.append(path) }
        }
        for path in old.stamps.keys where new.stamps[path] == nil { change.removed.append(path) }
        change.changed.sort()
        change.added.sort()
        change.removed.sort()
        return change
    }

    static func json(_ change: Change) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("changed"); json.strings(change.changed)
        json.key("added"); json.strings(change.added)
        json.key("removed"); json.strings(change.removed)
        json.endObject()
        return json.output
    }
}
