/// Creating a note as one recorded operation, for a front end whose every change is taken
/// back by `vault undo` (an assistant's): the undo puts the note in the trash, whence it
/// can be restored. `vault new` and the app create without a record (`recorded: false`):
/// the note is its own trace.
public struct CreateNote: Sendable {
    /// What a create did.
    public struct Report: Sendable {
        /// Where the note is.
        public var path: String
        /// The operation in `.vault/history/`.
        public var recordID: String?
    }

    public let draft: NoteDraft
    /// Recorded for `vault undo`.
    public let recorded: Bool

    public init(_ draft: NoteDraft, recorded: Bool = true) {
        self.draft = draft
        self.recorded = recorded
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws -> Report {
        guard recorded else { return Report(path: try changes.notes.create(draft)) }
        let (path, recordID) = try changes.recorded(.create, summary: draft.title ?? draft.folder) { try $0.notes.createThroughTrash(draft) }
        return Report(path: path, recordID: recordID)
    }
}
