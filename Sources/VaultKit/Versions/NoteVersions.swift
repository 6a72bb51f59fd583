import Foundation

/// A note's versions as git keeps them (`vault log NOTE`): nothing is stored twice, the
/// vault's repository is the history. The note is followed back through its renames,
/// moves and trips to the trash by git's rename detection (`--follow`); a version not
/// committed yet (an edit since the last sync) comes first.
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

    /// The versions of the note at `path` (vault-relative), newest first.
    public func versions(of path: String) throws(VaultError) -> [Version] {
        let prefixOutput = try git.run(["rev-parse", "--show-prefix"])
        guard prefixOutput.succeeded else { throw .notARepository }
        // The patch names paths from the repository's top; the vault may be a folder of it.
        let prefix = prefixOutput.stdout.trimmingCharacters(in: .newlines)
        var versions: [Version] = []
        if let uncommitted = try uncommittedVersion(of: path) { versions.append(uncommitted) }
        // Paths are names, not patterns: `a[1].md` or `*.md` is that one note.
        let log = try git.run(["--literal-pathspecs", "log", "--follow", "-M", "--no-color", "--unified=0", "-p", "--format=\u{1E}%H%x1F%an%x1F%aI", "--", path])
        guard log.succeeded else { return versions }
        for entry in log.stdout.split(separator: "\u{1E}") {
            let lines = entry.split(separator: "\n", omittingEmptySubsequences: false)
            let header = lines.first.map { $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) } ?? []
            guard header.count == 3, let date = NoteDate.parse(header[2], timeZone: .current) else { continue }
            let change = Self.change(in: lines.dropFirst(), at: prefix + path)
            let relative = change.path.hasPrefix(prefix) ? String(change.path.dropFirst(prefix.count)) : change.path
            versions.append(Version(commit: header[0], date: date, author: header[1], path: relative, kinds: change.kinds))
        }
        return versions
    }

    /// The bytes of the note in `version` (a committed one), as git keeps them.
    public func bytes(of version: Version) throws(VaultError) -> [UInt8] {
        guard let commit = version.commit else { return try root.read(version.path).bytes }
        let prefix = try git.check(["rev-parse", "--show-prefix"]).stdout.trimmingCharacters(in: .newlines)
        let shown = try git.run(["show", "\(commit):\(prefix + version.path)"])
        guard shown.succeeded else { throw .invalidArgument("git has no '\(version.path)' in commit \(commit.prefix(8))") }
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

    /// The text on disk when it differs from the last commit (or was never committed).
    private func uncommittedVersion(of path: String) throws(VaultError) -> Version? {
        let status = try git.run(["--literal-pathspecs", "status", "--porcelain", "--", path])
        guard status.succeeded, !status.stdout.isEmpty, let file = root.status(path) else { return nil }
        let isNew = status.stdout.hasPrefix("??") || status.stdout.hasPrefix("A")
        return Version(commit: nil, date: Date(timeIntervalSince1970: file.modified.timeInterval), author: "", path: path, kinds: [isNew ? "created" : "text"])
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
            else if line.hasPrefix("+++ b/") { current = String(line.dropFirst("+++ b/".count)) }
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
