import Dispatch
import Foundation
import VaultKit
import VaultPlatform

/// The vault as the server knows it: one scan at start (through the cache), then, for
/// each change the directory watcher reports, the changed notes re-read, so that an edit
/// in vim, a `git pull` or another `vault` command reaches every open page.
///
/// Reports that arrive while an update is waiting or running fold into the next one. A
/// change one note cannot describe (a folder created or renamed, the watcher's queue
/// overflowing in a branch switch that touches 10,000 files) is one rescan of the whole
/// vault, not 10,000 events.
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
        /// `sorted`'s positions by tag, made when a query first needs them.
        let tagPostings: Lazy<TagPostings>

        init(scan: ScanResult, session: VaultSession, links: WikiLinkResolver, sorted: [Note], trashCount: Int) {
            self.scan = scan
            index = session.index(of: scan)
            self.links = links
            self.sorted = sorted
            self.trashCount = trashCount
            tagPostings = Lazy { TagPostings(sorted) }
        }

        /// The notes of `sorted` that `evaluator` can match, in order: those with a tag it
        /// requires, or all.
        func candidates(for evaluator: QueryEvaluator) -> [Note] {
            guard let positions = tagPostings.value.candidates(for: evaluator) else { return sorted }
            return positions.map { sorted[Int($0)] }
        }
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
    /// Summaries of the notes' texts, for word searches.
    let text: TextIndex
    private let current: Locked<Snapshot>
    private let state = Locked(RefreshState())
    private let watcher = Locked<DirectoryWatcher?>(nil)
    private let queue = DispatchQueue(label: "vault.web.index")
    /// How long a report waits for others to join it before the rescan.
    static let settleTime: DispatchTimeInterval = .milliseconds(25)

    private struct RefreshState {
        var scheduled = false
        var running = false
        /// What the next update re-reads: these paths, or everything.
        var paths: Set<String> = []
        var everything = false
        var waiters: [CheckedContinuation<Void, Never>] = []

        var isDirty: Bool { everything || !paths.isEmpty }
    }

    init(session: VaultSession, events: EventHub) throws {
        self.session = session
        self.events = events
        text = TextIndex(session: session)
        current = Locked(try Self.read(session))
    }

    /// Summarises every note's text (on all cores; seconds on a large vault): until this
    /// returns, word searches read the files.
    func indexText() {
        text.build(snapshot.scan.notes)
    }

    var snapshot: Snapshot { current.withLock { $0 } }

    /// Watches every directory of the vault (and `.trash`), rescanning on each report.
    func startWatching() throws {
        let watcher = try DirectoryWatcher(root: session.root.path, alsoWatch: [Trash.directory]) { [weak self] report in
            self?.request(report.overflowed ? nil : report.paths, after: Self.settleTime, waiter: nil)
        }
        self.watcher.withLock { $0 = watcher }
    }

    func stopWatching() {
        watcher.withLock { $0?.stop(); $0 = nil }
    }

    /// Re-reads `paths` (vault-relative; nil: rescans everything) now, and returns once
    /// the index reflects them as they are on disk: after a write through the API, so that
    /// its answer and the next request agree.
    func refresh(_ paths: [String]? = nil) async {
        await withCheckedContinuation { continuation in request(paths, after: nil, waiter: continuation) }
    }

    /// Asks for an update of `paths` (nil: everything): started after `delay` unless one is
    /// already waiting, or run again after the one running. `waiter` resumes when an update
    /// that began after this request has finished.
    private func request(_ paths: [String]?, after delay: DispatchTimeInterval?, waiter: CheckedContinuation<Void, Never>?) {
        let start = state.withLock { state -> Bool in
            if let waiter { state.waiters.append(waiter) }
            if let paths { state.paths.formUnion(paths) } else { state.everything = true }
            if state.running { return false }
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
            let (waiters, paths) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Set<String>?) in
                state.scheduled = false
                state.running = true
                defer {
                    state.waiters = []
                    state.paths = []
                    state.everything = false
                }
                return (state.waiters, state.everything ? nil : state.paths)
            }
            update(paths)
            for waiter in waiters { waiter.resume() }
            let again = state.withLock { state -> Bool in
                state.running = false
                if state.isDirty || !state.waiters.isEmpty {
                    state.scheduled = true
                    return true
                }
                return false
            }
            if !again { return }
        }
    }

    /// Re-reads `paths` (nil: everything) and publishes what changed.
    private func update(_ paths: Set<String>?) {
        let previous = snapshot
        let next: Snapshot
        let change: Change
        if let paths, let update = ScanUpdate(previous.scan, paths: paths, root: session.root, timeZone: session.vault.timeZone) {
            let trashChanged = paths.contains { $0 == Trash.directory || $0.hasPrefix(Trash.directory + "/") }
            guard !update.isEmpty || trashChanged else { return }
            var links = previous.links
            for path in update.removed { links.remove(path) }
            for path in update.added { links.add(path) }
            let sorted = VaultIndex.sorted(previous.sorted, removing: update.removed + update.reread.map(\.path), inserting: update.reread)
            next = Snapshot(
                scan: update.scan, session: session, links: links, sorted: sorted,
                trashCount: trashChanged ? session.trash.count() : previous.trashCount
            )
            change = Change(changed: update.changed, added: update.added, removed: update.removed)
            text.update(update.reread, removed: update.removed)
        } else {
            guard let read = try? Self.read(session) else { return }
            next = read
            change = Self.difference(from: previous.scan.notes, to: next.scan.notes)
            let reread = Set(change.changed + change.added)
            text.update(next.scan.notes.filter { reread.contains($0.path) }, removed: change.removed)
        }
        current.withLock { $0 = next }
        if !change.isEmpty || previous.trashCount != next.trashCount {
            events.publish("change", data: Self.json(change))
        }
    }

    private static func read(_ session: VaultSession) throws -> Snapshot {
        let scan = try session.scan()
        return Snapshot(
            scan: scan, session: session, links: WikiLinkResolver(paths: scan.notes.map(\.path)),
            sorted: session.sorted(scan), trashCount: session.trash.count()
        )
    }

    static func difference(from old: [Note], to new: [Note]) -> Change {
        var before: [String: FileStamp] = [:]
        before.reserveCapacity(old.count)
        for note in old { before[note.path] = note.stamp }
        var change = Change()
        for note in new {
            guard let stamp = before.removeValue(forKey: note.path) else {
                change.added.append(note.path)
                continue
            }
            if !stamp.isSameContent(as: note.stamp) { change.changed.append(note.path) }
        }
        change.removed = Array(before.keys)
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
