/// Deleting notes, the one way every front end does it: each note goes to the trash with
/// the attachments only it uses, and the whole is one operation that `vault undo` takes
/// back. (The command line and the web app each assembled these steps, and the web app's
/// delete took no attachments along and could not be undone.)
public struct DeleteNotes {
    /// What a delete did.
    public struct Report: Sendable {
        /// Each note trashed: its path, and its name in the trash.
        public var trashed: [(path: String, name: String)] = []
        /// The notes that could not be trashed, with why; the others were.
        public var failed: [VaultError] = []
        /// The operation in `.vault/history/`, nil when nothing was trashed.
        public var recordID: String?
    }

    public let notes: [Note]
    /// Every note of the vault, read only when `notes` link to attachments (to find those
    /// no other note uses).
    public let allNotes: () throws -> [Note]

    public init(_ notes: [Note], allNotes: @escaping () throws -> [Note]) {
        self.notes = notes
        self.allNotes = allNotes
    }

    /// Runs the delete inside a write (`VaultSession.write(after:_:)`).
    public func run(in changes: VaultChanges) throws -> Report {
        let attachments = Attachments.used(by: notes) ? Attachments(vault: changes.vault).exclusive(to: notes, among: try allNotes()) : [:]
        let summary = notes.count == 1 ? notes[0].path : "\(notes.count) notes"
        var report = Report()
        report.recordID = try changes.recorded(.delete, summary: summary) { changes in
            for note in notes {
                do throws(VaultError) {
                    report.trashed.append((note.path, try changes.trash.delete(note, attachments: attachments[note.path] ?? [])))
                } catch {
                    report.failed.append(error)
                }
            }
        }.recordID
        return report
    }
}
