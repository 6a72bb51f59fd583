/// One change to several notes chosen in the app (pin, tag, move, delete), as one
/// operation for `vault undo`, through the use case each change has.
public struct ChangeNotes: Sendable {
    /// The change.
    public enum Change: Sendable {
        case pin(Bool)
        case addTags([String])
        case removeTags([String])
        /// Into a folder (`/` is Unsorted); links to the notes, anywhere, rewritten.
        case move(to: String)
        /// To the trash, with the attachments only they use.
        case delete
    }

    /// What it did.
    public struct Report: Sendable {
        /// The notes changed (where they are now).
        public var changed: [String]
        public var failed: [VaultError]
        public var recordID: String?
        /// Every path whose file changed or went: what an index must read again.
        public var touched: [String]
    }

    public let change: Change
    public let notes: [Note]
    /// The vault's notes (scanned), where tags and links are looked for.
    public let scanned: [Note]

    public init(_ change: Change, to notes: [Note], among scanned: [Note]) {
        self.change = change
        self.notes = notes
        self.scanned = scanned
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws -> Report {
        switch change {
        case .pin(let pinned):
            let report = try PinNotes(notes, pinned: pinned).run(in: changes)
            return Report(changed: report.changed, failed: report.failed, recordID: report.recordID, touched: report.changed)
        case .addTags(let tags), .removeTags(let tags):
            let adding = if case .addTags = change { true } else { false }
            let (report, recordID) = try TagNotes(adding ? .add(tags) : .remove(tags), to: notes, among: scanned).runRecorded(in: changes)
            return Report(changed: report.changed, failed: report.failed, recordID: recordID, touched: report.changed)
        case .move(let folder):
            let report = try Relocate(.move(notes, to: folder), notes: scanned).run(in: changes)
            let moved = report.moves.flatMap { [$0.from, $0.to] }
            return Report(changed: report.moves.map(\.to), failed: report.failed, recordID: report.recordID, touched: moved + report.linkedNotes)
        case .delete:
            let session = VaultSession(vault: changes.vault)
            let report = try DeleteNotes(notes) { try session.scan().notes }.run(in: changes)
            return Report(changed: report.trashed.map(\.path), failed: report.failed, recordID: report.recordID,
                          touched: report.trashed.map(\.path) + [Trash.directory])
        }
    }
}
