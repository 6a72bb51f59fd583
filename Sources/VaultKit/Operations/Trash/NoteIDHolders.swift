/// Which note holds each id, for putting notes back one after another (a restore, an
/// undone delete): read by one scan at the first question, then told of each note put back
/// with its id, so that a thousand notes put back do not scan the vault a thousand times.
final class NoteIDHolders {
    private let vault: Vault
    private var paths: [String: [String]]?

    init(vault: Vault) {
        self.vault = vault
    }

    /// A note other than the one at `path` that has `id`.
    func holder(of id: String, besides path: String) throws(VaultError) -> String? {
        if paths == nil {
            var byID: [String: [String]] = [:]
            for note in try vault.scan().notes {
                if let noteID = note.id { byID[noteID, default: []].append(note.path) }
            }
            paths = byID
        }
        return paths?[id]?.first { $0 != path }
    }

    /// The note at `path` now has `id`.
    func add(_ id: String, at path: String) {
        paths?[id, default: []].append(path)
    }

    /// The note at `path` gave up `old` for `new`: it is no longer the holder of `old`.
    func replace(_ old: String, with new: String, at path: String) {
        paths?[old]?.removeAll { $0 == path }
        add(new, at: path)
    }
}
