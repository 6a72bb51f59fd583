import Foundation

/// A note's versions as git keeps them (`vault log NOTE`): nothing is stored twice, the
/// vault's repository is the history. The note is followed back through its renames,
/// moves and trips to the trash by git's rename detection (`--follow`), and where that
/// loses it (a move with a rewrite, a move among too many files), by its `id`
/// (`NoteIDIndex`); a version not committed yet (an edit since the last sync) comes first.
public struct NoteVersions: Sendable {
    /// One version: the commit that made it and what it changed.
    public struct Version: Sendable, Equatable {
        /// The commit, nil for the text on disk that is not committed yet.
        public var commit: String?
        public var date: Date
        public var author: String
        /// Where the note was in this version.
        public var path: String
        /// What changed: `created`, `text`, `tags`, `pin`, `moved`, `renamed`, `deleted`
        /// (to the trash, or removed), `restored` (from the trash).
        public var kinds: [String]

        public init(commit: String?, date: Date, author: String, path: String, kinds: [String]) {
            self.commit = commit
            self.date = date
            self.author = author
            self.path = path
            self.kinds = kinds
        }
    }

    public let root: VaultRoot
    let git: Git

    public init(root: VaultRoot) {
        self.root = root
        git = Git(directory: root.path)
    }

    /// The versions of the note at `path` (vault-relative), newest first; with `before`,
    /// those made before that commit (a note that left the vault in it: its last text first).
    public func versions(of path: String, before: String? = nil) throws(VaultError) -> [Version] {
        let prefixOutput = try git.run(["rev-parse", "--show-prefix"])
        guard prefixOutput.succeeded else { throw .notARepository }
        // The patch names paths from the repository's top; the vault may be a folder of it.
        let prefix = prefixOutput.stdout.trimmingCharacters(in: .newlines)
        try Self.writeCommitGraph(git, onlyIfMissing: true)
        var versions: [Version] = []
        if before == nil, let uncommitted = try uncommittedVersion(of: path) { versions.append(uncommitted) }
        // git's own --follow reads every commit's whole tree diff; a plain path-limited log
        // uses the commit graph's changed-path filters. So the note is followed by hand:
        // the log of one path, back to the commit that made it there, which is a rename
        // (then the log of the old path goes on from the commit before it), a move git did
        // not see, found by the note's id, or its creation.
        var current = path
        var start = GitRevision.head
        if let before {
            guard let commit = GitRevision(commit: before) else { throw .notACommit(before) }
            start = commit.parent
        }
        // Read when the walk first reaches a commit that made the note with no rename.
        var index: NoteIDIndex?
        // Every place is followed: each step goes to commits older than the last, so the walk
        // ends with the history; a place seen twice (which a forged history could make) ends it.
        var visited: Set<String> = []
        while visited.insert(current + "\u{0}" + start.text).inserted {
            var segment = try log(of: current, from: start, prefix: prefix)
            // The newest commit that made the file there is where this stay began; what the
            // log finds before it is an earlier stay at the same place, reached in its turn.
            if let made = segment.firstIndex(where: { $0.kinds == ["created"] }) { segment.removeSubrange((made + 1)...) }
            guard let oldest = segment.last, let commit = oldest.commit, oldest.kinds == ["created"] else {
                versions += segment
                break
            }
            var found = try rename(in: commit, to: current, prefix: prefix)
            if found == nil { found = try foundByID(oldest, at: current, prefix: prefix, index: &index) }
            guard let moved = found else {
                versions += segment
                break
            }
            segment[segment.count - 1] = moved.version
            versions += segment
            (current, start) = (moved.from, moved.before)
        }
        return versions
    }

    /// The note `made` created by git's account (no rename git saw) was the one of its `id`
    /// removed in the same commit, or by the last commit before it that removed a note of
    /// that id (and added none): the version made, with what changed from that note's last
    /// text, where it was and the commit its history goes on before. Nil for a note without
    /// an id, or one no commit removed before.
    private func foundByID(_ madeVersion: Version, at path: String, prefix: String, index: inout NoteIDIndex?) throws(VaultError) -> (version: Version, from: String, before: GitRevision)? {
        guard let commit = madeVersion.commit, let made = GitRevision(commit: commit) else { return nil }
        if index == nil {
            let head = try git.run(["rev-parse", "--verify", "--quiet"], revisions: [.head])
            guard head.succeeded, let head = GitRevision(commit: head.stdout.trimmingCharacters(in: .newlines)) else { return nil }
            index = try NoteIDIndex.current(head: head, prefix: prefix, git: git, root: root)
        }
        guard let index else { return nil }
        let (sameCommit, older) = index.origins(ofNoteAddedAt: path, in: commit)
        var removal = sameCommit
        if removal == nil {
            // The first of its id's events in this commit's history: a removal is the note
            // leaving before it came back; an add is another copy of it, which took its place.
            for event in older {
                guard let older = GitRevision(commit: event.commit), try git.run(["merge-base", "--is-ancestor"], revisions: [older, made]).succeeded else { continue }
                if !event.added { removal = event }
                break
            }
        }
        guard let removal, let removed = GitRevision(commit: removal.commit) else { return nil }
        // What changed from its last text there to this one, as a rename's patch says it.
        let diff = try git.run(["diff", "--no-color", "--unified=0"], revisions: [removed.parent.file(prefix + removal.path), made.file(prefix + path)])
        guard diff.succeeded else { return nil }
        let lines = ["rename from \(prefix + removal.path)", "rename to \(prefix + path)"] + diff.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("+++ ") && !$0.hasPrefix("--- ") }.map(String.init)
        var kinds = Self.change(in: lines.map { Substring($0) }[...], at: prefix + path).kinds
        if removal.path == path {
            // Back where it was, in a later commit: a restore (from git, or by hand).
            kinds.removeAll { $0 == "renamed" || $0 == "restored" }
            kinds.insert("restored", at: 0)
        }
        var version = madeVersion
        (version.path, version.kinds) = (path, kinds)
        return (version, removal.path, removed.parent)
    }

    /// `error` as a front end says it: for a vault that is not a git repository, that no
    /// versions of its notes are kept and how to keep them; other errors as they are.
    public static func explained(_ error: VaultError) -> VaultError {
        guard case .notARepository = error else { return error }
        return .noVersionsKept
    }

    /// Brings git's commit graph up to date, with the filters of the paths each commit
    /// changed that make a note's log read only the commits that touched it (a log of 5,000
    /// commits went from seconds to a fraction of one). Written in layers, so that a sync
    /// adds only its new commits; `onlyIfMissing` writes only a repository's first.
    static func writeCommitGraph(_ git: Git, onlyIfMissing: Bool) throws(VaultError) {
        if onlyIfMissing {
            let info = try git.run(["rev-parse", "--git-path", "objects/info"])
            guard info.succeeded else { return }
            var directory = info.stdout.trimmingCharacters(in: .newlines)
            if !directory.hasPrefix("/") { directory = git.directory + "/" + directory }
            let existing = ["commit-graph", "commit-graphs/commit-graph-chain"].contains { FileManager.default.fileExists(atPath: directory + "/" + $0) }
            if existing { return }
        }
        // A cache of git's: failing to write it costs speed, never a version.
        _ = try git.run(["commit-graph", "write", "--reachable", "--changed-paths", "--split"])
    }

    /// The versions of the file at `path` in the history of `start`, newest first.
    private func log(of path: String, from start: GitRevision, prefix: String) throws(VaultError) -> [Version] {
        // Paths are names, not patterns: `a[1].md` or `*.md` is that one note (the door's
        // `--literal-pathspecs`).
        let log = try git.run(["log", "--no-color", "--unified=0", "-p", GitLogRecord.format], revisions: [start], operands: [path])
        guard log.succeeded else { return [] }
        return GitLogRecord.records(in: log.data).map { version(from: $0, at: path, prefix: prefix) }
    }

    /// The commit `commit` made the note at `path` by moving it from another place: the
    /// version it made (a move, a rename, a trip to or from the trash, with what else
    /// changed), the vault-relative place it came from and the commit its history goes on
    /// before there. Nil when git saw it made there.
    private func rename(in commit: String, to path: String, prefix: String) throws(VaultError) -> (version: Version, from: String, before: GitRevision)? {
        guard let revision = GitRevision(commit: commit) else { return nil }
        // `-z`: names as they are, each its own field (`R100`, from, to), whatever they hold.
        let names = try git.run(["show", "-M", "--name-status", "-z", "--format="], revisions: [revision])
        guard names.succeeded else { return nil }
        let target = prefix + path
        let fields = names.data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var field = 0
        while field < fields.count {
            let status = fields[field].trimmingCharacters(in: .whitespacesAndNewlines)
            let paths = status.hasPrefix("R") || status.hasPrefix("C") ? 2 : 1
            defer { field += 1 + paths }
            guard status.hasPrefix("R"), field + 2 < fields.count, fields[field + 2] == target, fields[field + 1].hasPrefix(prefix) else { continue }
            let from = String(fields[field + 1].dropFirst(prefix.count))
            let patch = try git.run(["show", "-M", "--no-color", "--unified=0", GitLogRecord.format], revisions: [revision], operands: [from, path])
            guard patch.succeeded, let record = GitLogRecord.records(in: patch.data).first else { return nil }
            return (version(from: record, at: path, prefix: prefix), from, revision.parent)
        }
        return nil
    }

    /// One version from a commit's record and patch.
    private func version(from record: GitLogRecord, at path: String, prefix: String) -> Version {
        let change = Self.change(in: record.lines, at: prefix + path)
        let relative = change.path.hasPrefix(prefix) ? String(change.path.dropFirst(prefix.count)) : change.path
        return Version(commit: record.commit, date: record.date, author: record.author, path: relative, kinds: change.kinds)
    }

    /// A note git saw leave the vault (`vault log --deleted`): purged from the trash, or
    /// removed by hand, and not back since.
    public struct Deleted: Sendable, Equatable, Codable {
        /// The commit that removed it; its text is in the commit before.
        public var commit: String
        public var date: Date
        /// Where it was (for a note purged from the trash: where it was before the trash).
        public var path: String
        /// Where git last had it: `.trash/NAME.md` for a note purged from the trash, else `path`.
        public var removedPath: String
        /// Its title as its last text gave it: the first heading, else its file name.
        public var title: String
        /// Its last text, as git's patch shows it (lines of UTF-8, for reading: a restore
        /// takes its bytes from git).
        public var text: String
    }

    /// The notes removed from the vault, newest first, without the ones back in it (at
    /// their old path, or elsewhere by their `id`).
    ///
    /// git's log of every removal reads each commit's changes (seconds for 5,000 commits),
    /// so what it found is kept in `.vault/cache/` with the commit it was read up to: the
    /// next time, only the commits made since are read (all again when history was
    /// rewritten, or the cache is unreadable).
    public func deleted() throws(VaultError) -> [Deleted] {
        let prefixOutput = try git.run(["rev-parse", "--show-prefix"])
        guard prefixOutput.succeeded else { throw .notARepository }
        let prefix = prefixOutput.stdout.trimmingCharacters(in: .newlines)
        let headOutput = try git.run(["rev-parse", "--verify", "--quiet"], revisions: [.head])
        guard headOutput.succeeded, let head = GitRevision(commit: headOutput.stdout.trimmingCharacters(in: .newlines)) else { return [] }
        let cached = DeletedNotesCache.load(from: root).flatMap { $0.prefix == prefix ? $0 : nil }
        let removals: [Deleted]
        if let cached, cached.head == head.text {
            removals = cached.notes
        } else {
            if let cached, let cachedHead = GitRevision(commit: cached.head),
               try git.run(["merge-base", "--is-ancestor"], revisions: [cachedHead, head]).succeeded {
                removals = try self.removals(in: [head, cachedHead.excluded], prefix: prefix) + cached.notes
            } else {
                removals = try self.removals(in: [head], prefix: prefix)
            }
            DeletedNotesCache(head: head.text, prefix: prefix, notes: removals).save(in: root)
        }
        let index = try NoteIDIndex.current(head: head, prefix: prefix, git: git, root: root)
        // Each id's adds, grouped once: a removal looks its id up instead of walking every
        // event of the index.
        let adds = Dictionary(grouping: index.events.lazy.filter(\.added), by: \.id)
        var found: [Deleted] = []
        for note in removals {
            guard !isBack(note.path, removed: note.removedPath, in: note.commit, prefix: prefix), !isElsewhere(note, adds: adds),
                  !found.contains(where: { $0.path == note.path }) else { continue }
            found.append(note)
        }
        return found
    }

    /// Whether the note is in the vault under another path: a commit added a note of the
    /// `id` its last text had (a move git's rename detection did not see), and the file
    /// there holds that id now. `adds` are the index's adds by id.
    private func isElsewhere(_ note: Deleted, adds: [String: [NoteIDIndex.Event]]) -> Bool {
        guard let id = LostNotes.id(of: Array(note.text.utf8))?.lowercased() else { return false }
        return adds[id, default: []].contains { event in
            event.path != note.removedPath && (try? root.read(event.path).bytes).flatMap(LostNotes.id(of:))?.lowercased() == id
        }
    }

    /// Every note the commits of `range` removed, newest first, named where it was before
    /// the trash; the ones back since are in it too.
    private func removals(in range: [GitRevision], prefix: String) throws(VaultError) -> [Deleted] {
        // Renames are detected, so that a move is no delete; names come unquoted (UTF-8).
        let log = try git.run(["-c", "core.quotePath=false", "log", "--diff-filter=D", "-M", "--no-color", "--unified=0", "-p", GitLogRecord.format],
                              revisions: range, operands: ["."])
        guard log.succeeded else { return [] }
        var found: [Deleted] = []
        for record in GitLogRecord.records(in: log.data) {
            var origins: [String: String] = [:]
            var files: [(path: String, title: String?, text: String)] = []
            var file: String?
            // Inside a file's hunk, every line that starts with `-` is one of its lines (a
            // front matter's `---` too); before it, `--- a/PATH` names the file.
            var inHunk = false
            // A symbolic link (mode 120000) or a submodule (160000) is no note, whatever its name.
            var isFile = true
            for line in record.lines {
                if line.hasPrefix("diff --git ") {
                    (file, inHunk, isFile) = (nil, false, true)
                } else if !inHunk, line.hasPrefix("deleted file mode ") {
                    isFile = line.hasSuffix(" 100644") || line.hasSuffix(" 100755")
                } else if !inHunk, isFile, line.hasPrefix("--- a/") {
                    // git ends a name that has a space with a tab.
                    let path = String(line.dropFirst("--- a/".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\t"))
                    file = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
                    if let file, file.hasSuffix(".md") { files.append((file, nil, "")) }
                } else if line.hasPrefix("@@") {
                    inHunk = true
                } else if inHunk, let current = file, line.hasPrefix("-") {
                    let text = line.dropFirst()
                    if current.hasSuffix(".trashinfo"), text.hasPrefix("Path=") {
                        origins[String(current.dropLast(".trashinfo".count))] = String(text.dropFirst("Path=".count))
                    } else if current.hasSuffix(".md"), files.last?.path == current {
                        files[files.count - 1].text += text + "\n"
                        if files[files.count - 1].title == nil, text.hasPrefix("# ") {
                            files[files.count - 1].title = String(text.dropFirst(2)).trimmingSpaces()
                        }
                    }
                }
            }
            // A path the cache would not take back (`.vault/…`, a control character) is left
            // out, so that the cache stays one vault can trust.
            for (path, title, text) in files where DeletedNotesCache.isNotePath(path) {
                let original = origins[path].flatMap { DeletedNotesCache.isNotePath($0) ? $0 : nil } ?? path
                let name = original.split(separator: "/").last.map { String($0.dropLast(3)) } ?? original
                found.append(Deleted(commit: record.commit, date: record.date, path: original, removedPath: path, title: title ?? name, text: text))
            }
        }
        return found
    }

    /// Whether the note that was at `path` (git's `removed`, gone in `commit`) is back: a
    /// file is there, and it is not another note (one with another id than its last text
    /// had). A new note under the old name leaves the old one listed, restored beside it.
    private func isBack(_ path: String, removed: String, in commit: String, prefix: String) -> Bool {
        guard root.status(path) != nil else { return false }
        guard let revision = GitRevision(commit: commit), let last = try? git.run(["show"], revisions: [revision.parent.file(prefix + removed)]), last.succeeded,
              let id = LostNotes.id(of: Array(last.data)) else { return true }
        return (try? root.read(path).bytes).flatMap(LostNotes.id(of:)) == id
    }

    /// The note that left the vault `name` designates, as `vault log --deleted` lists them:
    /// its path (with or without `.md`, exactly, then in any case), or its title (in any case).
    public func deleted(named name: String) throws(VaultError) -> Deleted {
        let notes = try deleted()
        let withExtension = name.hasSuffix(".md") ? name : name + ".md"
        let tiers: [(Deleted) -> Bool] = [
            { $0.path == withExtension },
            { $0.path.lowercased() == withExtension.lowercased() },
            { $0.title.lowercased() == name.lowercased() },
        ]
        for matches in tiers {
            let found = notes.filter(matches)
            if found.count == 1 { return found[0] }
            if found.count > 1 { throw .ambiguousNote(name, candidates: found.map(\.path).sorted()) }
        }
        throw .noteNotFound(name)
    }

    /// The bytes of the note in `version` (a committed one), as git keeps them.
    public func bytes(of version: Version) throws(VaultError) -> [UInt8] {
        guard let commit = version.commit else { return try root.read(version.path).bytes }
        guard let revision = GitRevision(commit: commit) else { throw .notACommit(commit) }
        let prefix = try git.check(["rev-parse", "--show-prefix"]).stdout.trimmingCharacters(in: .newlines)
        let shown = try git.run(["show"], revisions: [revision.file(prefix + version.path)])
        guard shown.succeeded else { throw .notInCommit(path: version.path, commit: commit) }
        return Array(shown.data)
    }

    /// The version `at` names among `versions` (newest first): a commit (a prefix of four or
    /// more of its hex digits), or a day (`2026-11-20`: the last version made by its end).
    public static func version(_ at: String, in versions: [Version], timeZone: TimeZone) -> Version? {
        let committed = versions.filter { $0.commit != nil }
        let lowered = at.lowercased()
        if lowered.count >= 4, lowered.allSatisfy(\.isHexDigit), let found = committed.first(where: { $0.commit?.hasPrefix(lowered) == true }) {
            return found
        }
        guard let day = TaskDate(at) else { return nil }
        let end = Double(day.dayNumber + 1) * 86_400 - Double(timeZone.secondsFromGMT())
        return committed.first { $0.date.timeIntervalSince1970 < end }
    }

    /// Why `version(at, in: versions)` found none, in the words of what was given: a day
    /// before the first version ("give a commit or a day" answered a day given), a commit
    /// that is not one of the note's, or neither.
    public static func noVersion(_ at: String, of path: String, in versions: [Version], timeZone: TimeZone) -> VaultError {
        let first = versions.last { $0.commit != nil }.map { version in
            let seconds = version.date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: version.date))
            return TaskDate(dayNumber: Int((seconds / 86_400).rounded(.down))).description
        }
        if TaskDate(at) != nil {
            return .noVersionOnDay(path: path, day: at, first: first)
        }
        if at.count >= 4, at.allSatisfy(\.isHexDigit) {
            return .noCommitOfNote(path: path, prefix: at)
        }
        return .invalidVersion(at)
    }

    /// The text on disk when it differs from the last commit (or was never committed).
    private func uncommittedVersion(of path: String) throws(VaultError) -> Version? {
        let status = try git.run(["status", "--porcelain"], operands: [path])
        guard status.succeeded, !status.stdout.isEmpty, let file = root.status(path) else { return nil }
        let isNew = status.stdout.hasPrefix("??") || status.stdout.hasPrefix("A")
        return Version(commit: nil, date: file.modified.date, author: "", path: path, kinds: [isNew ? "created" : "text"])
    }

    /// Where the note was after one commit and what the commit changed, from its patch.
    static func change(in lines: ArraySlice<Substring>, at path: String) -> (path: String, kinds: [String]) {
        var kinds: [String] = []
        func add(_ kind: String) { if !kinds.contains(kind) { kinds.append(kind) } }
        var from: String?, to: String?, current = path
        for line in lines {
            if line.hasPrefix("new file mode") { add("created") }
            else if line.hasPrefix("deleted file mode") { add("deleted") }
            else if line.hasPrefix("rename from ") { from = String(line.dropFirst("rename from ".count)) }
            else if line.hasPrefix("rename to ") { to = String(line.dropFirst("rename to ".count)) }
            // git ends a name that has a space with a tab.
            else if line.hasPrefix("+++ b/") { current = String(line.dropFirst("+++ b/".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\t")) }
            else if (line.hasPrefix("+") && !line.hasPrefix("+++")) || (line.hasPrefix("-") && !line.hasPrefix("---")) {
                let text = line.dropFirst()
                if text.hasPrefix("tags:") || text.hasPrefix("  - ") { add("tags") }
                else if text.hasPrefix("pinned:") { add("pin") }
                else if text.hasPrefix("modified:") || text.hasPrefix("id:") || text.hasPrefix("sortDate:") || text.hasPrefix("created:") { continue }
                else { add("text") }
            }
        }
        if let from, let to {
            current = to
            let trash = Trash.directory + "/"
            let (from, to) = (Self.vaultPart(from), Self.vaultPart(to))
            // Where it went first: a rename rewrites the heading too, which is no edit of its own.
            let place = to.hasPrefix(trash) && !from.hasPrefix(trash) ? "deleted"
                : from.hasPrefix(trash) && !to.hasPrefix(trash) ? "restored"
                : Self.folder(of: from) == Self.folder(of: to) ? "renamed" : "moved"
            kinds.removeAll { $0 == place }
            kinds.insert(place, at: 0)
        }
        // A note made in this commit: its text, tags and pin are what it was made with.
        if kinds.contains("created") { kinds = ["created"] }
        if kinds.isEmpty { kinds = ["text"] }
        return (current, kinds)
    }

    /// `path` from the vault's folder down: `.trash/x.md` in `notes/.trash/x.md`.
    private static func vaultPart(_ path: String) -> String {
        path.range(of: Trash.directory + "/").map { String(path[$0.lowerBound...]) } ?? path
    }

    private static func folder(of path: String) -> Substring {
        path.lastIndex(of: "/").map { path[..<$0] } ?? ""
    }
}
