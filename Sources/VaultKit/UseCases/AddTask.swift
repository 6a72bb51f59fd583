/// Adding a task: one line at the end of a note, the inbox (`tasks.inbox`) when none is
/// named, the note made when missing.
public struct AddTask: Sendable {
    /// What it did.
    public struct Report: Sendable {
        /// The task as written.
        public var task: NoteTask
    }

    public let draft: TaskDraft
    /// The note's path; nil for the inbox.
    public let path: String?

    public init(_ draft: TaskDraft, to path: String? = nil) {
        self.draft = draft
        self.path = path
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Report {
        Report(task: try changes.tasks.add(draft, to: path))
    }
}
