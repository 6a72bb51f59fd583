import Foundation

/// Brings back a note that left the vault (`vault restore NAME [--at REV]`, the app's
/// Recently deleted): purged from the trash or removed by hand, as `vault log --deleted`
/// lists it. Its last text (or the version `at` names) comes back byte for byte at its old
/// place, or beside it when that is taken, recorded for `vault undo`, which puts it in the
/// trash again. It goes through the trash, so that it comes back as a trashed note does:
/// a note whose `id` is in the vault again gets a new one, as `trash restore` gives it.
public struct RestoreDeletedNote: Sendable {
    /// The note as `vault log --deleted` names it: its old path or its title.
    public let name: String
    /// A commit (four or more hex digits of it) or a day; nil for its last text.
    public let at: String?

    public struct Report: Sendable {
        /// The note as `vault log --deleted` listed it.
        public var deleted: NoteVersions.Deleted
        /// The version brought back.
        public var version: NoteVersions.Version
        public var restored: Trash.Restored
        public var recordID: String?
    }

    public init(_ name: String, at: String? = nil) {
        self.name = name
        self.at = at
    }

    /// Runs it inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Report {
        let history = NoteVersions(root: changes.vault.root)
        let deleted = try history.deleted(named: name)
        let versions = try history.versions(of: deleted.removedPath, before: deleted.commit)
        let chosen: NoteVersions.Version?
        if let at {
            chosen = NoteVersions.version(at, in: versions, timeZone: changes.vault.timeZone)
        } else {
            chosen = versions.first
        }
        guard let version = chosen else {
            guard let at else { throw .noTextBeforeDeletion(path: deleted.path) }
            throw NoteVersions.noVersion(at, of: deleted.path, in: versions, timeZone: changes.vault.timeZone)
        }
        let bytes = try history.bytes(of: version)
        let summary = "\(deleted.path) back from git as of \(version.commit.map { String($0.prefix(8)) } ?? "")"
        do {
            let (restored, id) = try changes.recorded(.restoreVersion, summary: summary) { changes in
                let trash = Trash(vault: changes.vault)
                let item = try trash.receive(bytes, from: deleted.path)
                do {
                    return try trash.restore(item)
                } catch {
                    // Not brought back: the copy made for it leaves the trash again.
                    changes.vault.root.removeFile(Trash.directory + "/" + item.name)
                    changes.vault.root.removeFile(Trash.directory + "/" + item.name + TrashInfo.suffix)
                    throw error
                }
            }
            return Report(deleted: deleted, version: version, restored: restored, recordID: id)
        } catch let error as VaultError {
            throw error
        } catch {
            throw .invalidArgument(String(describing: error))
        }
    }
}
