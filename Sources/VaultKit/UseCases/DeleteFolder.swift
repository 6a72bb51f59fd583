/// Deleting a folder, the one way every front end does it: every note in it (subfolders
/// included: what `folder:` selects) goes to the trash with the attachments only it uses,
/// the directories left empty are removed, and the whole is one operation that `vault undo`
/// takes back.
public struct DeleteFolder {
    /// What a folder delete did.
    public struct Report: Sendable {
        /// The folder, as it is named on disk.
        public var folder: String
        /// Each note trashed: its path, and its name in the trash.
        public var trashed: [(path: String, name: String)] = []
        /// The notes that could not be trashed, with why; the others were.
        public var failed: [VaultError] = []
        /// The directories kept because they still hold files that are not notes.
        public var kept: [String] = []
        /// The operation in `.vault/history/`, nil when nothing was trashed.
        public var recordID: String?
    }

    /// The folder as it is named on disk.
    public let folder: String
    /// Its notes, in list order: what the delete will trash (a dry run lists them).
    public let notes: [Note]
    /// The scan the notes come from: the write runs after it (`VaultSession.write(after:_:)`).
    public let scan: ScanResult
    private let session: VaultSession

    /// The folder `name` (any case) and its notes; the vault root is no folder to delete.
    public init(_ name: String, in session: VaultSession) throws {
        let relative = try VaultPath.relative(name, root: session.root)
        guard !relative.isEmpty else { throw VaultError.invalidFolderName(name, reason: "the vault root cannot be deleted") }
        scan = try session.scan(matching: Query(.term(.folder(relative))))
        do {
            folder = try session.folder(relative, in: scan)
        } catch .folderNotFound(let name, _) {
            // Nothing to delete: creating it is no answer to that.
            throw VaultError.folderNotFound(name, suggestion: nil)
        }
        notes = session.sorted(scan)
        self.session = session
    }

    /// Runs the delete inside a write after `scan`.
    public func run(in changes: VaultChanges) throws -> Report {
        let attachments = Attachments.used(by: notes)
            ? Attachments(vault: changes.vault).exclusive(to: notes, among: try session.scan().notes) : [:]
        let summary = "\(folder) (\(notes.count) note\(notes.count == 1 ? "" : "s"))"
        var report = Report(folder: folder)
        let (kept, recordID) = try changes.recorded(.folderDelete, summary: summary) { changes in
            for note in notes {
                do throws(VaultError) {
                    report.trashed.append((note.path, try changes.trash.delete(note, attachments: attachments[note.path] ?? [])))
                } catch {
                    report.failed.append(error)
                }
            }
            return changes.folders.removeEmptyDirectories(folder)
        }
        report.kept = kept
        report.recordID = recordID
        return report
    }
}
