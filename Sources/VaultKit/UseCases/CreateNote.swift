/// Creating a note as one recorded operation, for a front end whose every change is taken
/// back by `vault undo` (an assistant's): the undo puts the note in the trash, whence it
/// can be restored. (`vault new` creates without a record: the note is its own trace.)
public struct CreateNote: Sendable {
    /// What a create did.
    public struct Report: Sendable {
        /// Where the note is.
        public var path: String
        /// The operation in `.vault/history/`.
        public var recordID: String?
    }

    public let draft: NoteDraft

    public init(_ draft: NoteDraft) {
        self.draft = draft
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws -> Report {
        let (path, recordID) = try changes.recorded(.create, summary: draft.title ?? draft.folder) { try $0.notes.createThroughTrash(draft) }
        return Report(path: path, recordID: recordID)
    }
}
