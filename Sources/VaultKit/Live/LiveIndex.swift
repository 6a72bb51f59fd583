import Dispatch
import Foundation
import VaultPlatform

/// The vault as the server knows it: one scan at start (through the cache), then, for
/// each change the directory watcher reports, the changed notes re-read, so that an edit
/// in vim, a `git pull` or another `vault` command reaches every open page.
///
/// Reports that arrive while an update is waiting or running fold into the next one. A
/// change one note cannot describe (a folder created or renamed, the watcher's queue
/// overflowing in a branch switch that touches 10,000 files) is one rescan of the whole
/// vault, not 10,000 events.
package final class LiveIndex: Sendable {
    /// One consistent view of the vault.
    package struct Snapshot: Sendable {
        /// The session that made it, which reads the notes a search cannot decide otherwise.
        package let session: VaultSession
        /// Every note, in the scan's order, in chunks: a save's snapshot shares all but the
        /// chunk of the note it re-read with the snapshot before.
        package let notes: ChunkedList<Note>
        /// The scan but for its notes (`notes`): folders, issues, counts.
        let rest: ScanResult
        /// The scan with its notes as an array, made when first asked for (a copy of each
        /// note, which a save no longer makes).
        private let madeScan: Lazy<ScanResult>
        private let madeIndex: Lazy<VaultIndex>
        package var scan: ScanResult { madeScan.value }
        package var index: VaultIndex { madeIndex.value }
        /// What wiki links resolve to, made when first asked for: at a million notes it
        /// takes seconds, which the server's start does not wait for (`indexText` makes it).
        package let links: Lazy<WikiLinkResolver>
        /// The notes in list order (pinned first, then most recently modified), sorted once
        /// per rescan rather than on every request; in chunks, so that a save's snapshot
        /// shares all but the chunks the save touched with the snapshot before.
        package let sorted: ChunkedList<Note>
        package let trashCount: Int
        /// `sorted`'s positions by tag, made when a query first needs them.
        package let tagPostings: Lazy<TagPostings>
        /// The word index's document for each note of `sorted`.
        package let wordPositions: WordPositions

        /// The snapshot of a whole scan (its notes in chunks made as `sorted` is).
        init(scan: ScanResult, session: VaultSession, links: Lazy<WikiLinkResolver>, sorted: ChunkedList<Note>, trashCount: Int) {
            let notes = ChunkedList(scan.notes, chunkSize: sorted.chunkSize, copies: sorted.copies)
            self.init(rest: scan.withoutNotes, notes: notes, session: session, links: links, sorted: sorted, trashCount: trashCount, made: scan)
        }

        /// `tagPostings` and `wordPositions`: made afresh when not given. `made`: the scan
        /// of `rest` and `notes`, when there is one already.
        private init(rest: ScanResult, notes: ChunkedList<Note>, session: VaultSession, links: Lazy<WikiLinkResolver>, sorted: ChunkedList<Note>,
                     trashCount: Int, made scan: ScanResult? = nil, tagPostings: Lazy<TagPostings>? = nil, wordPositions: WordPositions = WordPositions()) {
            self.session = session
            self.notes = notes
            self.rest = rest
            let madeScan = scan.map { Lazy(made: $0) } ?? Lazy { rest.with(notes.array) }
            self.madeScan = madeScan
            madeIndex = scan.map { Lazy(made: session.index(of: $0)) } ?? Lazy { session.index(of: madeScan.value) }
            self.links = links
            self.sorted = sorted
            self.trashCount = trashCount
            self.tagPostings = tagPostings ?? Lazy { TagPostings(sorted) }
            self.wordPositions = wordPositions
        }

        /// The snapshot whose list `edit` made from `previous`'s: what is kept for each
        /// position of the list is carried over through the edit, not made again.
        init(update: ScanUpdate, session: VaultSession, links: Lazy<WikiLinkResolver>, sorted: ChunkedList<Note>, trashCount: Int,
             after previous: Snapshot, edit: ListEdit) {
            let earlier = previous.tagPostings
            // The tags of the chunks the edit left alone are taken from the postings before,
            // when those are made (the background makes each in turn).
            let tagPostings = Lazy { TagPostings(sorted, reusing: earlier.isMade ? earlier.value : nil) }
            self.init(rest: update.rest, notes: update.notes, session: session, links: links, sorted: sorted, trashCount: trashCount,
                      tagPostings: tagPostings, wordPositions: WordPositions(after: previous.wordPositions, edit: edit))
        }

        /// The notes of `sorted` that `evaluator` can match, in order: those with a tag it
        /// requires, or all.
        package func candidates(for evaluator: QueryEvaluator) -> [Note] {
            guard let positions = candidatePositions(for: evaluator) else { return sorted.array }
            var reader = sorted.reader
            return positions.map { reader(Int($0)) }
        }

        /// The positions in `sorted` of the notes `evaluator` can match (nil: all).
        package func candidatePositions(for evaluator: QueryEvaluator) -> [Int32]? {
            // A query that requires no tag does not wait for the notes of each tag.
            guard !evaluator.condition.requiredTagKeys.isEmpty else { return nil }
            return tagPostings.value.candidates(for: evaluator)
        }
    }

    /// What a rescan found different.
    package struct Change: Sendable, Equatable {
        package var changed: [String] = []
        package var added: [String] = []
        package var removed: [String] = []
        package var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty }
    }

    /// The session, with the settings `.vault/config.yaml` has now: a file edited (or
    /// pulled by a sync) while the server runs is read again at the next request, for
    /// every route (the attachment folder, the task inbox, colours, …).
    package var session: VaultSession { sessions.session }
    private let sessions: CurrentSession
    /// Told of each change after the index has it (the server's page events).
    private let onChange: @Sendable (Change) -> Void
    /// The notes of each word, for word searches.
    package let words: WordIndex
    private let current: Locked<Snapshot>
    private let state = Locked(RefreshState())
    private let watcher = Locked<DirectoryWatcher?>(nil)
    private let queue = DispatchQueue(label: "vault.web.index")
    private let warming = DispatchQueue(label: "vault.web.warm", qos: .utility)
    /// How long a report waits for others to join it before the rescan (a test makes it
    /// long, to see that a command's answer never waits on it).
    private let settleTime: DispatchTimeInterval
    /// The entries of a chunk of each snapshot's lists (`ChunkedList`), and what counts
    /// the chunks a save copies (a test makes them small and counts them).
    private let listChunkSize: Int
    private let chunkCopies: ChunkCopies?
    /// The settle time a server uses.
    package static let defaultSettleTime: DispatchTimeInterval = .milliseconds(25)

    private struct RefreshState {
        /// An update is waiting to start: soon, or after the settle time.
        var scheduledNow = false
        var scheduledLater = false
        var running = false
        /// What the next update re-reads: these paths, or everything.
        var paths: Set<String> = []
        var everything = false
        var waiters: [@Sendable () -> Void] = []

        var isDirty: Bool { everything || !paths.isEmpty }
    }

    package init(
        session: VaultSession, settleTime: DispatchTimeInterval = LiveIndex.defaultSettleTime,
        compactionMinimum: Int = 4096, wordFileRacyNanoseconds: Int64 = 2_000_000_000,
        listChunkSize: Int = 4096, chunkCopies: ChunkCopies? = nil,
        onChange: @escaping @Sendable (Change) -> Void = { _ in }
    ) throws {
        sessions = CurrentSession(session)
        self.listChunkSize = listChunkSize
        self.chunkCopies = chunkCopies
        self.settleTime = settleTime
        self.onChange = onChange
        words = WordIndex(session: session, compactionMinimum: compactionMinimum, racyNanoseconds: wordFileRacyNanoseconds)
        let first = try Self.read(session, chunkSize: listChunkSize, copies: chunkCopies)
        // What a `kill -9` of an earlier server left: never to be committed by a sync.
        session.removeLeftovers(of: first.scan)
        current = Locked(first)
    }

    /// Makes what the start left for later: the link targets, then every note's words
    /// (on all cores; seconds on a large vault, minutes on a million notes). Until the
    /// words are indexed, word searches read the files.
    package func indexText() {
        _ = snapshot.links.value
        words.build(snapshot.scan.notes)
        // The first snapshot's documents (and notes of each tag) are made before the index
        // is called ready, so that the first search after does not wait for them.
        let snapshot = self.snapshot
        if let view = words.view { _ = snapshot.wordPositions.documents(of: snapshot.sorted, in: view) }
        _ = snapshot.tagPostings.value
        textIndexed.withLock { $0 = true }
        warm()
    }

    /// Makes, in the background, what the first search of the current snapshot would
    /// otherwise make while someone types: the notes of each tag and the word index's
    /// document for each note, seconds at a million notes. One queue, so that a burst of
    /// changes is one job at a time; a job whose snapshot is already made costs nothing.
    private func warm() {
        warming.async { [weak self] in
            guard let self else { return }
            let snapshot = self.snapshot
            // The documents first, with the index as close to the snapshot as can be: an
            // index a later save has changed already makes them by looking every note up.
            if let view = words.view { _ = snapshot.wordPositions.documents(of: snapshot.sorted, in: view) }
            _ = snapshot.tagPostings.value
        }
    }

    /// True once word searches are answered from the index, its documents for the list
    /// made.
    package var isTextIndexed: Bool { textIndexed.withLock { $0 } }
    private let textIndexed = Locked(false)

    package var snapshot: Snapshot { current.withLock { $0 } }

    /// Watches every directory of the vault (and `.trash`), rescanning on each report.
    package func startWatching() throws {
        let watcher: DirectoryWatcher
        do {
            watcher = try DirectoryWatcher(
                root: session.root.path, directories: snapshot.scan.folders, alsoWatch: [Trash.directory], cookieDirectory: Self.cookieDirectory
            ) { [weak self] report in
                guard let self else { return }
                let waiters = cookieWaiters.withLock { waiting in report.cookies.compactMap { waiting.removeValue(forKey: $0) } }
                // A cookie's waiter is answered from the update that reads what came before it, at once.
                request(report.overflowed ? nil : report.paths, after: waiters.isEmpty ? settleTime : nil, waiters: waiters)
            }
        } catch {
            throw error.isSymbolicLink ? VaultError.symbolicLink(Self.cookieDirectory)
                : VaultError.io(path: Self.cookieDirectory, operation: error.operation, errno: error.code)
        }
        self.watcher.withLock { $0 = watcher }
    }

    /// Where `settled` writes its cookies: ignored by git, as `.vault/.gitignore` says.
    static let cookieDirectory = ".vault/tmp"
    private let cookieWaiters = Locked<[String: @Sendable () -> Void]>([:])

    /// Calls `body` with the snapshot once every change made to the vault's files before
    /// this call has been read (the watcher's cookie, then the update after it), or with
    /// nil when the watcher is not running or that takes longer than `timeout`. Returns at
    /// once: no thread waits here, so that an async caller never blocks a thread of the
    /// cooperative pool.
    package func whenSettled(timeout: DispatchTimeInterval, _ body: @escaping @Sendable (Snapshot?) -> Void) {
        guard let watcher = watcher.withLock({ $0 }) else { return body(nil) }
        let cookie = watcher.newCookieName()
        let answered = Locked(false)
        // Called by the update after the cookie or by the timeout, whichever comes first.
        let answer: @Sendable (Snapshot?) -> Void = { [weak self] snapshot in
            guard answered.withLock({ done in defer { done = true }; return !done }) else { return }
            self?.cookieWaiters.withLock { _ = $0.removeValue(forKey: cookie) }
            watcher.removeCookie(cookie)
            body(snapshot)
        }
        cookieWaiters.withLock { $0[cookie] = { [weak self] in answer(self?.snapshot) } }
        guard watcher.placeCookie(cookie) else { return answer(nil) }
        // Not on `queue`: a long rescan running there would hold the timeout back.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { answer(nil) }
    }

    /// The snapshot once every change made before this call has been read; nil as
    /// `whenSettled` says.
    package func settled(timeout: DispatchTimeInterval) async -> Snapshot? {
        await withCheckedContinuation { continuation in whenSettled(timeout: timeout) { continuation.resume(returning: $0) } }
    }

    package func stopWatching() {
        watcher.withLock { $0?.stop(); $0 = nil }
    }

    /// Re-reads `paths` (vault-relative; nil: rescans everything) now, and returns once
    /// the index reflects them as they are on disk: after a write through the API, so that
    /// its answer and the next request agree.
    package func refresh(_ paths: [String]? = nil) async {
        await withCheckedContinuation { continuation in request(paths, after: nil, waiters: [{ continuation.resume() }]) }
    }

    /// Asks for an update of `paths` (nil: everything): started after `delay` unless one is
    /// already waiting (one that waits longer does not hold up one asked for now), or run
    /// again after the one running. `waiters` are called when an update that began after
    /// this request has finished.
    private func request(_ paths: [String]?, after delay: DispatchTimeInterval?, waiters: [@Sendable () -> Void] = []) {
        let start = state.withLock { state -> Bool in
            state.waiters += waiters
            if let paths { state.paths.formUnion(paths) } else { state.everything = true }
            if state.running || state.scheduledNow { return false }
            if delay == nil {
                state.scheduledNow = true
                return true
            }
            if state.scheduledLater { return false }
            state.scheduledLater = true
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
            let (waiters, paths) = state.withLock { state -> ([@Sendable () -> Void], Set<String>?) in
                state.scheduledNow = false
                state.scheduledLater = false
                state.running = true
                defer {
                    state.waiters = []
                    state.paths = []
                    state.everything = false
                }
                return (state.waiters, state.everything ? nil : state.paths)
            }
            update(paths)
            for waiter in waiters { waiter() }
            let again = state.withLock { state -> Bool in
                state.running = false
                if state.isDirty || !state.waiters.isEmpty {
                    state.scheduledNow = true
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
        if let paths, let update = ScanUpdate(previous.rest, notes: previous.notes, paths: paths, root: session.root, timeZone: session.vault.timeZone,
                                                  inlineTags: session.vault.config.inlineTags) {
            let trashChanged = paths.contains { $0 == Trash.directory || $0.hasPrefix(Trash.directory + "/") }
            guard !update.isEmpty || trashChanged else { return }
            let links = Self.links(previous.links, removing: update.removed, adding: update.added)
            let (sorted, edit) = ListEdit.apply(to: previous.sorted, removing: update.replaced, inserting: update.reread)
            next = Snapshot(
                update: update, session: session, links: links, sorted: sorted,
                trashCount: trashChanged ? session.trash.count() : previous.trashCount,
                after: previous, edit: edit
            )
            change = Change(changed: update.changed, added: update.added, removed: update.removed)
            words.update(update.reread, removed: update.removed)
        } else {
            guard let read = try? Self.read(session, chunkSize: listChunkSize, copies: chunkCopies) else { return }
            next = read
            change = Self.difference(from: previous.notes, to: next.notes)
            let reread = Set(change.changed + change.added)
            let rereadNotes = next.notes.filter { reread.contains($0.path) }
            words.update(rereadNotes, removed: change.removed)
        }
        current.withLock { $0 = next }
        if !change.isEmpty || previous.trashCount != next.trashCount {
            onChange(change)
        }
        warm()
    }

    /// The link targets after notes were added and removed: the same when none were (an
    /// edit), so that its dictionaries (28 MB at 100,000 notes) are not copied.
    private static func links(_ links: Lazy<WikiLinkResolver>, removing removed: [String], adding added: [String]) -> Lazy<WikiLinkResolver> {
        guard !removed.isEmpty || !added.isEmpty else { return links }
        var changed = links.value
        for path in removed { changed.remove(path) }
        for path in added { changed.add(path) }
        return Lazy(made: changed)
    }

    private static func read(_ session: VaultSession, chunkSize: Int, copies: ChunkCopies?) throws -> Snapshot {
        let scan = try session.scan()
        let notes = scan.notes
        let links = Lazy { WikiLinkResolver(paths: notes.map(\.path)) }
        let sorted = ChunkedList(session.sorted(scan), chunkSize: chunkSize, copies: copies)
        PhaseTimer.mark("sort")
        let trashCount = session.trash.count()
        PhaseTimer.mark("count trash")
        let snapshot = Snapshot(scan: scan, session: session, links: links, sorted: sorted, trashCount: trashCount)
        PhaseTimer.mark("index folders and tags")
        return snapshot
    }

    package static func difference(from old: some Collection<Note>, to new: some Sequence<Note>) -> Change {
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
}
