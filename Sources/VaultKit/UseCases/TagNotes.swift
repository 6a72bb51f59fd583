/// Adding tags to notes or removing them, the one way every front end does it: recorded
/// for `vault undo` by one rule, when it can touch more than one note (several asked for,
/// or those a query chose); a change of one note is taken back by its opposite.
public struct TagNotes {
    public enum Change: Sendable {
        case add([String])
        case remove([String])
    }

    public let change: Change
    public let notes: [Note]
    /// Every note scanned (where the tags' existing spellings are looked for).
    public let scanned: [Note]
    /// The query that chose the notes, if one did.
    public let query: String?
    /// Recorded even when it changes one note: for a front end whose every change is taken
    /// back by `vault undo` (an assistant's).
    public let alwaysRecorded: Bool

    public init(_ change: Change, to notes: [Note], among scanned: [Note], chosenBy query: String? = nil, alwaysRecorded: Bool = false) {
        self.change = change
        self.notes = notes
        self.scanned = scanned
        self.query = query
        self.alwaysRecorded = alwaysRecorded
    }

    /// What it would do, nothing written.
    public func plan(in session: VaultSession) throws(VaultError) -> TagOperations.Report {
        try apply(session.tagPlanner(over: scanned), dryRun: true)
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws -> TagOperations.Report {
        try runRecorded(in: changes).report
    }

    /// Does it, inside a write, with the operation `vault undo` takes back (nil when it was
    /// not recorded: one note changed). The report's own `recordID` names tag-history
    /// records (renames, merges), which adding and removing do not make.
    public func runRecorded(in changes: VaultChanges) throws -> (report: TagOperations.Report, recordID: String?) {
        guard notes.count > 1 || query != nil || alwaysRecorded else { return (try apply(changes.tags, dryRun: false), nil) }
        let (tags, verb, kind): ([String], String, OperationRecord.Kind) = switch change {
        case .add(let tags): (tags, "to", .tagAdd)
        case .remove(let tags): (tags, "from", .tagRemove)
        }
        let summary = "\(tags.joined(separator: ", ")) \(verb) " + (query.map { "query \($0)" } ?? "\(notes.count) notes")
        let (report, recordID) = try changes.recorded(kind, summary: summary) { try apply($0.tags, dryRun: false) }
        return (report, recordID)
    }

    private func apply(_ operations: TagOperations, dryRun: Bool) throws(VaultError) -> TagOperations.Report {
        switch change {
        case .add(let tags): try operations.add(tags, to: notes, dryRun: dryRun)
        case .remove(let tags): try operations.remove(tags, from: notes, dryRun: dryRun)
        }
    }
}

extension VaultSession {
    /// The tag operations over `notes` for a dry run: asked with `dryRun: true`, they say
    /// what they would change and write nothing. (Writes go through `write(after:_:)`,
    /// whose `changes.tags` holds the lock and records them.)
    public func tagPlanner(over notes: [Note]) -> TagOperations {
        TagOperations(vault: vault, notes: notes)
    }

    /// Refuses tags no note of `scan` has (a colour for a tag no note has is a typo).
    public func requireTags(_ tags: [String], in scan: ScanResult) throws(VaultError) {
        try TagOperations(vault: vault, notes: scan.notes).requireExisting(tags)
    }
}
