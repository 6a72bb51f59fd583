/// The changes the app makes to one note from its toolbar, in this order: pin or unpin,
/// add tags, remove tags, rename (`title`), move (`folder`; `/` is Unsorted). Each is
/// recorded for `vault undo`, also of this one note (which `vault pin` and `tag add` leave
/// to their opposite), so that every action can be offered back; moves and renames
/// rewrite the links to the note across the vault, as `vault mv` does. The first failure
/// stops it and is thrown (what came before it stays done, each recorded).
public struct UpdateNote: Sendable {
    /// What to change; nil leaves it.
    public struct Changes: Sendable {
        public var pinned: Bool?
        public var addTags: [String]?
        public var removeTags: [String]?
        public var title: String?
        public var folder: String?

        public init(pinned: Bool? = nil, addTags: [String]? = nil, removeTags: [String]? = nil, title: String? = nil, folder: String? = nil) {
            self.pinned = pinned
            self.addTags = addTags
            self.removeTags = removeTags
            self.title = title
            self.folder = folder
        }
    }

    /// What it did.
    public struct Report: Sendable {
        /// The note as it is now.
        public var document: NoteDocument
        /// Notes whose links to it were rewritten.
        public var linkedNotes: [String]
        /// The last change's record (the app sends one change at a time).
        public var recordID: String?
    }

    public let path: String
    public let changes: Changes
    /// The vault's notes (scanned), where tags and links are looked for.
    public let notes: [Note]

    public init(_ path: String, _ changes: Changes, notes: [Note]) {
        self.path = path
        self.changes = changes
        self.notes = notes
    }

    /// Does it, inside a write.
    public func run(in writing: VaultChanges) throws -> Report {
        let session = VaultSession(vault: writing.vault)
        var note = try session.document(at: path).note
        var recordID: String?
        if let pinned = changes.pinned {
            let current = note
            recordID = try writing.recorded(pinned ? .pin : .unpin, summary: current.path) { try $0.notes.setPinned(current, pinned) }.recordID ?? recordID
        }
        for (tags, kind) in [(changes.addTags, OperationRecord.Kind.tagAdd), (changes.removeTags, .tagRemove)] {
            guard let tags, !tags.isEmpty else { continue }
            let tagging = TagNotes(kind == .tagAdd ? .add(tags) : .remove(tags), to: [note], among: notes)
            let summary = "\(tags.joined(separator: ", ")) \(kind == .tagAdd ? "to" : "from") \(note.path)"
            let (report, id) = try writing.recorded(kind, summary: summary) { try tagging.run(in: $0) }
            if let failure = report.failed.first { throw failure }
            recordID = id ?? recordID
        }
        var linked: [String] = []
        if let title = changes.title {
            let report = try Relocate(.rename(session.document(at: note.path).note, to: title), notes: notes).run(in: writing)
            if let failure = report.failed.first { throw failure }
            linked += report.linkedNotes
            recordID = report.recordID ?? recordID
            note = try session.document(at: report.moves.first?.to ?? note.path).note
        }
        if let folder = changes.folder {
            // After a rename in the same request, the links are looked for in the vault as it is now.
            let report = try Relocate(.move([note], to: folder), notes: changes.title == nil ? notes : try session.scan().notes).run(in: writing)
            if let failure = report.failed.first { throw failure }
            linked += report.linkedNotes
            recordID = report.recordID ?? recordID
            note = try session.document(at: report.moves.first?.to ?? note.path).note
        }
        return Report(document: try session.document(at: note.path), linkedNotes: linked, recordID: recordID)
    }
}
