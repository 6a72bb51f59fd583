/// Moving and renaming notes and folders, the one way every front end does it: the links
/// to them rewritten across the vault (unless asked not to), the whole recorded for
/// `vault undo` (see `Relocation`).
public struct Relocate: Sendable {
    /// What moves.
    public enum Change: Sendable {
        /// Notes into a folder (`/` for the root).
        case move([Note], to: String)
        /// A note to a new title: its file name and, where the title comes from, its text.
        case rename(Note, to: String)
        /// A folder (any case) to a new name; its colour goes with it.
        case renameFolder(String, to: String)
    }

    public let change: Change
    /// Every note of the vault, as scanned: where links to what moves are looked for.
    public let notes: [Note]
    /// False leaves the links as they are (only the files move).
    public let rewritesLinks: Bool

    public init(_ change: Change, notes: [Note], rewritesLinks: Bool = true) {
        self.change = change
        self.notes = notes
        self.rewritesLinks = rewritesLinks
    }

    /// What it would do: the moves and the link changes, nothing written.
    public func plan(in session: VaultSession) throws(VaultError) -> Relocation.Report {
        try run(Relocation(vault: session.vault, notes: notes, rewritesLinks: rewritesLinks), dryRun: true)
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Relocation.Report {
        try run(Relocation(vault: changes.vault, notes: notes, rewritesLinks: rewritesLinks), dryRun: false)
    }

    private func run(_ relocation: Relocation, dryRun: Bool) throws(VaultError) -> Relocation.Report {
        switch change {
        case .move(let moving, let folder):
            return try relocation.move(moving, to: folder, dryRun: dryRun)
        case .rename(let note, let title):
            return try relocation.rename(note, to: title, dryRun: dryRun)
        case .renameFolder(let folder, let name):
            let source = try FolderRules(root: relocation.vault.root).existing(folder)
            return try relocation.renameFolder(source, to: name, dryRun: dryRun)
        }
    }
}
