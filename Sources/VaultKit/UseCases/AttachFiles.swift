/// Attaching files to a note, the one way every front end does it: each copied into the
/// attachment folder under a free name, then linked at the end of the note in one write.
public struct AttachFiles: Sendable {
    /// Where a file comes from.
    public enum Source: Sendable {
        /// A file outside the vault, by its path (what `vault attach` is given).
        case file(String)
        /// Bytes and the name they came with (an upload).
        case bytes([UInt8], name: String)
    }

    public let sources: [Source]
    public let note: Note
    /// False leaves the note as it is: an editor that has the note open puts the links
    /// (`links(to:in:)`) at its caret itself, as typed text.
    public let linksAtEnd: Bool

    public init(_ sources: [Source], to note: Note, linksAtEnd: Bool = true) {
        self.sources = sources
        self.note = note
        self.linksAtEnd = linksAtEnd
    }

    /// The link a note uses for each of `files` (`![[x-ray.png]]`, `[[report.pdf]]`), as
    /// the end of the note gets them.
    public static func links(to files: [String], in vault: Vault) -> [String] {
        let attachments = Attachments(vault: vault)
        return files.map { attachments.link(to: $0) }
    }

    /// Runs it inside a write; returns the attachments' paths, in the order given.
    public func run(in changes: VaultChanges) throws(VaultError) -> [String] {
        let attachments = Attachments(vault: changes.vault)
        var added: [String] = []
        for source in sources {
            switch source {
            case .file(let path): added.append(try attachments.add(path))
            case .bytes(let bytes, let name): added.append(try attachments.add(bytes, named: name))
            }
        }
        if linksAtEnd { try attachments.append(added, to: note) }
        return added
    }
}
