import Foundation

/// What `NoteVersions.deleted()` read from git's log of removals, in `.vault/cache/`: the
/// notes every commit up to `head` removed, so that the next read asks git only for the
/// commits made since. A cache: unreadable, or of another format, it is read again whole.
struct DeletedNotesCache: HistoryCacheFile {
    /// The commit the log was read up to.
    var head: String
    /// Where the vault is in its repository (`notes/`, or empty), which the paths depend on.
    var prefix: String
    /// Each note removed, newest first, the ones back since too.
    var notes: [NoteVersions.Deleted]

    static let path = ".vault/cache/deleted-v1.json"

    var isTrustworthy: Bool {
        Self.isCommit(head) && notes.allSatisfy { Self.isCommit($0.commit) && Self.isNotePath($0.path) && Self.isNotePath($0.removedPath) }
    }
}
