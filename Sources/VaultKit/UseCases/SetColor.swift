/// Giving a tag or a folder a colour of the palette (`none` removes it), kept in
/// `.vault/config.yaml`. A colour for a tag no note has is a typo, refused (a colour can
/// still be removed); a folder must exist.
public struct SetColor: Sendable {
    /// What is coloured.
    public enum Target: Sendable {
        /// A tag (`#work` is `work`), among the notes given (the vault's, scanned).
        case tag(String, among: [Note])
        case folder(String)
    }

    /// What it did.
    public struct Report: Sendable {
        /// The tag or folder, as stored.
        public var name: String
        /// The colour as stored; nil when it has none now.
        public var color: String?
        /// The colour as the request named it, lowercased (`none` when removed).
        public var named: String
    }

    public let target: Target
    public let color: String

    public init(_ target: Target, to color: String) {
        self.target = target
        self.color = color
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Report {
        let stored: (name: String, color: String)
        switch target {
        case .tag(let tag, let notes):
            if color.lowercased() != ConfigEditor.noColor { try TagOperations(vault: changes.vault, notes: notes).requireExisting([tag]) }
            let tagColor = try changes.settings.setColor(color, ofTag: tag)
            stored = (tagColor.tag, tagColor.color)
        case .folder(let folder):
            let folderColor = try changes.settings.setColor(color, ofFolder: folder)
            stored = (folderColor.folder, folderColor.color)
        }
        return Report(name: stored.name, color: stored.color == ConfigEditor.noColor ? nil : stored.color, named: stored.color)
    }
}
