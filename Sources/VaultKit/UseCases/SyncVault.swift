/// The vault in step with its remote through git (docs/sync.md): `setup` makes it a
/// repository that syncs, `run` commits, fetches, merges notes key by key and pushes.
/// The one way every front end syncs (`vault sync`, `vault init --git`, `vault serve`'s
/// timer).
public struct SyncVault: Sendable {
    /// What a sync did.
    public typealias Report = VaultSync.Report

    private var sync: VaultSync

    /// `program` is how git runs `vault merge-driver` (this program's absolute path);
    /// `stopsAt`, for tests of interrupted syncs, where the process kills itself.
    public init(root: VaultRoot, program: String, stopsAt: String? = nil) {
        sync = VaultSync(root: root, program: program)
        sync.stopsAt = stopsAt
    }

    /// Makes the vault a repository that syncs (idempotent); what it did, one line each.
    /// `ownRepository` and `firstCommit` as for `vault init --git` (see `VaultSync.setup`).
    public func setup(remote: String?, ownRepository: Bool = false, firstCommit: Bool = false) throws(VaultError) -> [String] {
        try sync.setup(remote: remote, ownRepository: ownRepository, firstCommit: firstCommit)
    }

    /// Syncs once.
    public func run() throws(VaultError) -> Report {
        try sync.sync()
    }
}
