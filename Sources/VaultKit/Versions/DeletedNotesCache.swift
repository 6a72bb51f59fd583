import Foundation

/// What `NoteVersions.deleted()` read from git's log of removals, in `.vault/cache/`: the
/// notes every commit up to `head` removed, so that the next read asks git only for the
/// commits made since. A cache: unreadable, or of another format, it is read again whole.
struct DeletedNotesCache: Codable {
    /// The commit the log was read up to.
    var head: String
    /// Where the vault is in its repository (`notes/`, or empty), which the paths depend on.
    var prefix: String
    /// Each note removed, newest first, the ones back since too.
    var notes: [NoteVersions.Deleted]

    static let path = ".vault/cache/deleted-v1.json"

    static func load(from root: VaultRoot) -> DeletedNotesCache? {
        guard let bytes = try? root.read(path).bytes else { return nil }
        return try? JSONDecoder().decode(DeletedNotesCache.self, from: Data(bytes))
    }

    /// Writes it, atomically; failing to costs the next read its speed, never a note.
    func save(in root: VaultRoot) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? root.makeDirectory(".vault/cache")
        root.ensureIgnoredInGit()
        try? root.write(Array(data), to: Self.path, mode: 0o644)
    }
}
