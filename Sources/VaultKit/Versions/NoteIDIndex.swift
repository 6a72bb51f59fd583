import Foundation

/// Where git lost a note and found it again, by its `id`: the notes with an id that each
/// commit removed, and the ones it added whose id a commit at or before it removed (a move
/// git's rename detection did not see: rewritten beyond its 50% likeness, or among more
/// files than it compares, or split over two commits). Kept in `.vault/cache/` with the
/// commit it was read up to, and extended with the commits made since.
///
/// Adds of an id no earlier commit removed are left out: a note's walk back stops at them
/// anyway, and they are most of a history (every note's creation).
struct NoteIDIndex: HistoryCacheFile {
    /// A note with an id that a commit added or removed.
    struct Event: Codable, Equatable {
        var commit: String
        /// Vault-relative: where it was removed from, or added at.
        var path: String
        /// Its id, lower-cased, as its text in that commit had it.
        var id: String
        var added: Bool
    }

    /// The commit the log was read up to.
    var head: String
    /// Where the vault is in its repository (`notes/`, or empty), which the paths depend on.
    var prefix: String
    /// Newest commit first (git's `--topo-order`: a commit before its parents).
    var events: [Event]

    static let path = ".vault/cache/ids-v1.json"

    var isTrustworthy: Bool {
        Self.isCommit(head) && events.allSatisfy { Self.isCommit($0.commit) && Self.isNotePath($0.path) && !$0.id.isEmpty && NoteID.isIdentity($0.id) }
    }

    /// Where the note added at `path` in `commit` was before, newest first: a note of its
    /// id removed in that same commit (when several were, the one with the same file name,
    /// else the first by path; a copy that stayed where it was is never one), else the
    /// events of its id in older commits, up to the first add: the caller takes the first
    /// of them that is in the commit's history, when it is a removal. Empty when the note
    /// has no id, or no commit removed a note of its id before.
    func origins(ofNoteAddedAt path: String, in commit: String) -> (sameCommit: Event?, older: [Event]) {
        guard let index = events.firstIndex(where: { $0.added && $0.commit == commit && $0.path == path }) else { return (nil, []) }
        let id = events[index].id
        let removedHere = events.filter { !$0.added && $0.commit == commit && $0.id == id }
        if !removedHere.isEmpty {
            let name = path.split(separator: "/").last
            let chosen = removedHere.first { $0.path.split(separator: "/").last == name } ?? removedHere.min { $0.path < $1.path }
            return (chosen, [])
        }
        var older: [Event] = []
        for event in events[index...] where event.id == id && event.commit != commit {
            older.append(event)
        }
        return (nil, older)
    }

    /// The index for the history of `head`: the cache's when it was read up to `head`, else
    /// the cache's extended with the commits since, else read from git whole (a rewritten
    /// history, an unreadable or untrusted cache). Saved when it changed.
    static func current(head: GitRevision, prefix: String, git: Git, root: VaultRoot) throws(VaultError) -> NoteIDIndex {
        let cached = load(from: root).flatMap { $0.prefix == prefix ? $0 : nil }
        if let cached, cached.head == head.text { return cached }
        let index: NoteIDIndex
        if let cached, let cachedHead = GitRevision(commit: cached.head),
           try git.run(["merge-base", "--is-ancestor"], revisions: [cachedHead, head]).succeeded {
            let newer = try read([head, cachedHead.excluded], prefix: prefix, removedBefore: Set(cached.events.filter { !$0.added }.map(\.id)), git: git)
            index = NoteIDIndex(head: head.text, prefix: prefix, events: newer + cached.events)
        } else {
            index = NoteIDIndex(head: head.text, prefix: prefix, events: try read([head], prefix: prefix, removedBefore: [], git: git))
        }
        index.save(in: root)
        return index
    }

    /// The events of the commits of `range`, newest first; `removedBefore` are the ids
    /// removed by commits older than all of them.
    private static func read(_ range: [GitRevision], prefix: String, removedBefore: Set<String>, git: Git) throws(VaultError) -> [Event] {
        // Renames git sees are no removal (`-M`, as the walk's `git show -M` sees them);
        // `-z` gives names as they are, `--raw` the blobs to read the ids from.
        let log = try git.run(["log", "--topo-order", "--diff-filter=AD", "-M", "--raw", "--no-abbrev", "-z", "--format=%H"], revisions: range, operands: ["."])
        guard log.succeeded else { return [] }
        // (position of the commit, newest 0; commit; status; blob; vault-relative path)
        var changes: [(position: Int, commit: String, added: Bool, blob: String, path: String)] = []
        // Read field by field: a `:MODE MODE BLOB BLOB STATUS` field takes the path after it
        // (two for a rename or copy), so that no path, whatever it holds, is read as a
        // commit; any other field is a commit's id, or skipped when it is none.
        let fields = log.data.split(separator: 0, omittingEmptySubsequences: false)
        var position = -1
        var commit: String?
        var field = 0
        while field < fields.count {
            let text = String(decoding: fields[field], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            field += 1
            guard text.hasPrefix(":") else {
                if GitRevision.isCommit(text) { (position, commit) = (position + 1, text) } else if !text.isEmpty { commit = nil }
                continue
            }
            let meta = text.split(separator: " ")
            let paths = meta.count == 5 && (meta[4].hasPrefix("R") || meta[4].hasPrefix("C")) ? 2 : 1
            defer { field += paths }
            guard let commit, meta.count == 5, meta[4] == "A" || meta[4] == "D", field < fields.count else { continue }
            let full = String(decoding: fields[field], as: UTF8.self)
            guard full.hasPrefix(prefix) else { continue }
            let path = String(full.dropFirst(prefix.count))
            guard LostNotes.isNote(path), isNotePath(path) else { continue }
            let added = meta[4] == "A"
            // A blob's id is checked as a commit's is: it goes back to git.
            let blob = String(added ? meta[3] : meta[2])
            guard GitRevision.isCommit(blob) else { continue }
            changes.append((position, commit, added, blob, path))
        }
        let removals = changes.filter { !$0.added }
        let removedIDs = try ids(of: removals.map(\.blob), git: git)
        // The oldest commit (largest position) that removed each id.
        var oldestRemoval: [String: Int] = [:]
        for (removal, id) in zip(removals, removedIDs) {
            guard let id else { continue }
            oldestRemoval[id] = max(oldestRemoval[id] ?? -1, removal.position)
        }
        for id in removedBefore { oldestRemoval[id] = Int.max }
        // Only adds at or after some removal can be a note found again: the others' ids are
        // not read (on a long history, the first commit's thousands of notes).
        let latest = oldestRemoval.values.max() ?? -1
        let adds = changes.filter { $0.added && $0.position <= latest }
        let addedIDs = try ids(of: adds.map(\.blob), git: git)
        var events: [(position: Int, event: Event)] = []
        for (removal, id) in zip(removals, removedIDs) {
            if let id { events.append((removal.position, Event(commit: removal.commit, path: removal.path, id: id, added: false))) }
        }
        for (add, id) in zip(adds, addedIDs) {
            guard let id, let oldest = oldestRemoval[id], oldest >= add.position else { continue }
            events.append((add.position, Event(commit: add.commit, path: add.path, id: id, added: true)))
        }
        // Stable: within a commit, removals first, in git's order.
        return events.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element.event)
    }

    /// The id of each blob's note, nil for one without.
    private static func ids(of blobs: [String], git: Git) throws(VaultError) -> [String?] {
        guard !blobs.isEmpty else { return [] }
        // Every blob was checked to be an id when it was read, so none is dropped here.
        return try git.blobs(blobs.compactMap(GitRevision.init(commit:))).map { $0.flatMap(LostNotes.id(of:)) }
    }
}
