/// What follows an editor's closing a note (`vault edit`, `vault new` with an editor): when
/// its text changed, `modified` is now. The editor runs without the lock (a sync or a
/// save meanwhile is as an editor opened by hand), and this writes only over what it reads.
public struct FinishEdit: Sendable {
    /// What it did.
    public struct Report: Sendable {
        /// True when the text had changed and `modified` was set.
        public var changed: Bool
    }

    public let path: String
    /// The note's bytes before the editor opened it.
    public let before: [UInt8]

    public init(_ path: String, before: [UInt8]) {
        self.path = path
        self.before = before
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Report {
        Report(changed: try changes.notes.finishEdit(path, before: before) == .written)
    }
}
