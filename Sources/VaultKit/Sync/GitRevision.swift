/// A revision vault hands to git: a full commit id, or a name vault forms itself (`HEAD`,
/// `MERGE_HEAD`, `origin/BRANCH`, an index stage), never text taken as it came from a note,
/// an author, a record or a remote. `Git` places revisions after `--end-of-options`, so even
/// one that began with `-` would be a revision, not an option; the checks here make sure it
/// is the revision vault meant.
public struct GitRevision: Sendable, Hashable, CustomStringConvertible {
    /// The words git reads.
    public let text: String

    private init(unchecked text: String) {
        self.text = text
    }

    public var description: String { text }

    public static let head = GitRevision(unchecked: "HEAD")
    public static let mergeHead = GitRevision(unchecked: "MERGE_HEAD")

    /// A full commit id: 40 (SHA-1) or 64 (SHA-256) lower-case hex digits; nil for anything
    /// else (an option such as `--output=…`, a revision expression, an abbreviation).
    public init?(commit: String) {
        guard Self.isCommit(commit) else { return nil }
        text = commit
    }

    /// `origin/BRANCH` for a branch name git itself accepts and that no option or expression
    /// can hide in (`..`, `@{`, `^`, `:`, control characters, a leading `-` or `.`); nil otherwise.
    public static func remoteBranch(_ branch: String) -> GitRevision? {
        isBranchName(branch) ? GitRevision(unchecked: "origin/" + branch) : nil
    }

    /// `refs/heads/BRANCH`, for a branch name as `remoteBranch` checks it.
    public static func branchReference(_ branch: String) -> GitRevision? {
        isBranchName(branch) ? GitRevision(unchecked: "refs/heads/" + branch) : nil
    }

    /// The commit before this one (its first parent).
    public var parent: GitRevision { GitRevision(unchecked: text + "^") }

    /// This revision's history left out of a range (`^REV`).
    public var excluded: GitRevision { GitRevision(unchecked: "^" + text) }

    /// The commits reachable from `end` and not from this one (`THIS..END`).
    public func upTo(_ end: GitRevision) -> GitRevision { GitRevision(unchecked: text + ".." + end.text) }

    /// The file at `path` (from the repository's top) in this revision: `REV:PATH`.
    public func file(_ path: String) -> GitRevision { GitRevision(unchecked: text + ":" + path) }

    /// The file at `path` in the index's stage `stage` (2 ours, 3 theirs in a merge): `:N:PATH`.
    public static func staged(_ path: String, stage: Int) -> GitRevision { GitRevision(unchecked: ":\(stage):" + path) }

    /// Whether `text` is a full commit id.
    public static func isCommit(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    /// git's own rules for a branch name (`git check-ref-format --branch`), and no leading `-`.
    static func isBranchName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("-"), !name.hasPrefix("."), !name.hasSuffix("."),
              !name.hasSuffix("/"), !name.hasSuffix(".lock"), !name.contains(".."), !name.contains("@{"), !name.contains("//"),
              name != "@" else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value != 0x7F && !" ~^:?*[\\".unicodeScalars.contains(scalar)
        } && !name.split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
