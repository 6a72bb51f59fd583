import VaultPlatform

/// A file in `.vault/tmp/` that an editor writes in (`vault new` with `$EDITOR`): made
/// through the vault's descriptor, so that a `.vault/tmp` that is a symbolic link is
/// refused rather than followed out of the vault.
public struct ScratchFile: Sendable {
    /// The folder, in `.vault/.gitignore` (an editor's swap files land there too).
    static let directory = VaultRoot.settingsDirectory + "/tmp"

    public let root: VaultRoot
    /// The vault-relative path.
    public let path: String

    /// Creates `.vault/tmp/NAME` holding `text`, replacing a scratch file of that name.
    public init(named name: String, text: String, in root: VaultRoot) throws(VaultError) {
        self.root = root
        path = Self.directory + "/" + name
        try root.makeDirectories(Self.directory)
        root.ensureIgnoredInGit()
        try root.write(Array(text.utf8), to: path, mode: 0o600)
    }

    /// The path to give an editor.
    public var absolutePath: String { root.absolutePath(path) }

    /// What the editor left, as text ("" when it removed the file).
    public func text() -> String {
        (try? root.read(path)).map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    public func remove() {
        root.removeFile(path)
    }
}
