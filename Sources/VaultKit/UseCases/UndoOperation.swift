/// Taking back a recorded operation, the one way every front end does it: a change of
/// files by putting back what each of its steps changed (a file changed since is left
/// alone and reported), a tag rename by renaming back (each note it changed gets its tags
/// back as written), a merge by its split. Undoing an
/// undo does the operation again; a split is taken back by merging again, which is an
/// operation of its own.
public struct UndoOperation: Sendable {
    /// What an undo did (or would do).
    public struct Report: Sendable {
        /// What it did, by the kind of operation it took back.
        public enum Outcome: Sendable {
            case files(Undo.Report)
            case tags(TagOperations.Report)
        }

        /// The whole id of the operation taken back.
        public let undid: String
        public let outcome: Outcome
    }

    /// The operation's id, or a prefix of it.
    public let id: String
    /// Take back what can be when some files changed since (`Undo.undo(_:dryRun:partial:)`);
    /// without it, such an undo changes nothing.
    public let partial: Bool

    public init(_ id: String, partial: Bool = false) {
        self.id = id
        self.partial = partial
    }

    /// What it would do over `notes` (the vault's, scanned), nothing written.
    public func plan(in session: VaultSession, over notes: [Note]) throws -> Report {
        switch try OperationHistory(vault: session.vault).entry(id).entry {
        case .files(let record): Report(undid: record.id, outcome: .files(try Undo(vault: session.vault).undo(record, dryRun: true, partial: partial)))
        case .tags(let record): Report(undid: record.id, outcome: .tags(try Self.undo(record, with: session.tagPlanner(over: notes), dryRun: true)))
        }
    }

    /// Does it: takes the write lock and scans holding it (a tag operation is taken back
    /// over the notes as they are), then writes. `purged` hears which notes the trash's
    /// age limit removed on the way.
    public func run(
        in session: VaultSession, scanning: (VaultSession) throws -> ScanResult = { try $0.scan() }, purged: ([String]) -> Void = { _ in }
    ) throws -> Report {
        try session.writeAfterScanning(scanning) { changes in
            purged(changes.purged)
            return try run(in: changes)
        }
    }

    /// Does it, inside a write (for a tag operation, one that scanned holding the lock:
    /// `run(in:purged:)` over a session).
    public func run(in changes: VaultChanges) throws -> Report {
        switch try OperationHistory(vault: changes.vault).entry(id).entry {
        case .files(let record): Report(undid: record.id, outcome: .files(try Undo(vault: changes.vault).undo(record, partial: partial)))
        case .tags(let record): Report(undid: record.id, outcome: .tags(try Self.undo(record, with: changes.tags, dryRun: false)))
        }
    }

    private static func undo(_ record: TagHistoryRecord, with tags: TagOperations, dryRun: Bool) throws(VaultError) -> TagOperations.Report {
        switch record.kind {
        case .merge: try tags.split(record.id, dryRun: dryRun)
        case .rename: try tags.rename(record.target, to: record.sources.first ?? record.target, dryRun: dryRun, restoring: record)
        case .split:
            // A split's record names the merged tag as its source, the tags it gave back as its target.
            throw .splitIsUndoneByMerging(sources: record.target.components(separatedBy: ", "), into: record.sources.first ?? record.target)
        }
    }
}
