/// Deleting every note in the trash for good.
public struct EmptyTrash: Sendable {
    /// What it did.
    public struct Report: Sendable {
        /// How many notes were deleted for good.
        public var deleted: Int
    }

    public init() {}

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) -> Report {
        Report(deleted: changes.trash.empty())
    }
}
