/// Copying a note beside itself or into another folder, under a free name whose title
/// carries the copy's number (`vault cp`, the app's Duplicate).
public struct DuplicateNote: Sendable {
    /// What a copy did.
    public struct Report: Sendable {
        /// Where the copy is.
        public var path: String
    }

    public let note: Note
    /// The copy's folder; nil for the note's own.
    public let folder: String?

    public init(_ note: Note, to folder: String? = nil) {
        self.note = note
        self.folder = folder
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Report {
        Report(path: try changes.notes.duplicate(note, to: folder))
    }
}
