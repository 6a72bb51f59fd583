/// What the trash holds: each note with when it was deleted and whence, newest first.
public struct ListTrash: Sendable {
    public init() {}

    /// The trashed notes.
    public func run(in session: VaultSession) -> [Trash.Item] {
        Trash(vault: session.vault).items()
    }

    /// How many notes the trash holds (without reading their records).
    public func count(in session: VaultSession) -> Int {
        Trash(vault: session.vault).count()
    }
}
