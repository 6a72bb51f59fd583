/// Making a folder (`Folder` or `Folder/Subfolder`), the one way every front end does it.
public struct CreateFolder: Sendable {
    /// What it did.
    public struct Report: Sendable {
        /// The folder as made.
        public var path: String
    }

    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Report {
        Report(path: try changes.folders.create(name))
    }
}
