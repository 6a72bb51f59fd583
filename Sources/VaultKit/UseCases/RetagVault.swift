/// Renaming, merging or splitting tags across the vault, recorded in `.vault/history/`.
/// The notes it touches are read from a scan made holding the write lock: an operation
/// that ran meanwhile (another merge that gave the notes ids) is in what it reads.
public struct RetagVault: Sendable {
    /// The change.
    public enum Change: Sendable {
        /// `old` becomes `new` (into an existing tag only with `merge`).
        case rename(String, to: String, merge: Bool)
        case merge([String], into: String)
        /// Takes back the merge recorded as `id`.
        case split(String)
    }

    /// What it did (or would do).
    public typealias Report = TagOperations.Report

    public let change: Change
    /// Called with how many notes are done of how many, as it goes.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(_ change: Change) {
        self.change = change
    }

    /// What it would do over `notes` (the vault's, scanned), nothing written.
    public func plan(in session: VaultSession, over notes: [Note]) throws(VaultError) -> Report {
        try apply(session.tagPlanner(over: notes), dryRun: true)
    }

    /// Does it: takes the write lock, scans holding it (by `scanning`: a front end's own
    /// scan, which reports what it skipped), and writes over that scan. `purged` hears
    /// which notes the trash's age limit removed on the way.
    public func run(
        in session: VaultSession, scanning: (VaultSession) throws -> ScanResult = { try $0.scan() }, purged: ([String]) -> Void = { _ in }
    ) throws -> Report {
        try session.writeAfterScanning(scanning) { changes in
            purged(changes.purged)
            return try apply(changes.tags, dryRun: false)
        }
    }

    private func apply(_ operations: TagOperations, dryRun: Bool) throws(VaultError) -> Report {
        var operations = operations
        operations.progress = progress
        return switch change {
        case .rename(let old, let new, let merge): try operations.rename(old, to: new, merge: merge, dryRun: dryRun)
        case .merge(let sources, let target): try operations.merge(sources, into: target, dryRun: dryRun)
        case .split(let id): try operations.split(id, dryRun: dryRun)
        }
    }
}

extension VaultSession {
    /// Runs `body` as one write (`write(after:_:)`) over a scan made holding the write
    /// lock, so that nothing written between a scan and the write is missed: what a
    /// vault-wide operation (a tag rename, an undo) must read.
    public func writeAfterScanning<Result>(
        _ scanning: (VaultSession) throws -> ScanResult = { try $0.scan() }, _ body: (VaultChanges) throws -> Result
    ) throws -> Result {
        try root.withWriteLock { () throws -> Result in
            try write(after: try scanning(self), body)
        }
    }
}
