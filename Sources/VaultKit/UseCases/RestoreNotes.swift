/// Putting notes back from the trash, the one way every front end does it: each named as
/// `vault trash restore` takes it (its original path, its title, or its name in the trash),
/// back where it was or under a free name when that place is taken, with a new id when
/// its id is in the vault again; the whole is one operation that `vault undo` takes back.
/// (The web app's restore was not recorded.)
public struct RestoreNotes {
    /// What a restore did.
    public struct Report: Sendable {
        /// Each note restored, with the trash item it came from.
        public var restored: [(item: Trash.Item, restored: Trash.Restored)] = []
        /// The names that could not be restored, with why; the others were.
        public var failed: [VaultError] = []
        /// The operation in `.vault/history/`, nil when nothing was restored.
        public var recordID: String?
    }

    /// The notes as the user named them.
    public let names: [String]

    public init(_ names: [String]) {
        self.names = names
    }

    /// Runs the restore inside a write (`VaultSession.write(after:_:)`).
    public func run(in changes: VaultChanges) throws -> Report {
        let items = changes.trash.items()
        var report = Report()
        report.recordID = try changes.recorded(.restore, summary: names.joined(separator: ", ")) { changes in
            let holders = NoteIDHolders(vault: changes.vault)
            for name in names {
                do throws(VaultError) {
                    let item = try changes.trash.resolve(name, in: items)
                    report.restored.append((item, try changes.trash.restore(item, holders: holders)))
                } catch {
                    report.failed.append(error)
                }
            }
        }.recordID
        return report
    }
}
