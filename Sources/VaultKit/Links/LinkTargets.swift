/// Where the links of notes lead (docs/links.md): a wiki link by file name as Obsidian finds
/// it (`WikiLinkResolver`), a Markdown link by its path from the linking note's folder, else
/// from the vault's top.
public struct LinkTargets: Sendable {
    public enum Resolution: Sendable, Equatable {
        case note(String)
        /// A link to a heading of the same note (`[[#Heading]]`).
        case sameNote
        /// A file that is not a note (`![[photo.png]]`); attachments are checked apart.
        case attachment
        /// No note is there.
        case broken
    }

    private let wiki: WikiLinkResolver

    public init(paths: [String]) {
        wiki = WikiLinkResolver(paths: paths)
    }

    /// Over a resolver kept up to date elsewhere (the server's live index), so that one
    /// note's links are resolved without indexing every path again.
    package init(resolver: WikiLinkResolver) {
        wiki = resolver
    }

    /// The note a wiki link's `target` names, nil when none does.
    public func note(named target: String) -> String? {
        wiki.resolve(target)
    }

    /// True when `link` names a note: by its form (`NoteLink.namesNote`), or a wiki link whose
    /// name ends like a file (`[[Passwords in unattend.xml]]`) and a note has that name, as
    /// Obsidian finds `Passwords in unattend.xml.md`.
    public func namesNote(_ link: NoteLink) -> Bool {
        if link.namesNote { return true }
        return link.kind != .markdown && !link.target.isEmpty && wiki.resolve(link.target) != nil
    }

    /// Where `link`, in the note at `path`, leads.
    public func resolve(_ link: NoteLink, from path: String) -> Resolution {
        if link.target.isEmpty { return .sameNote }
        guard namesNote(link) else { return .attachment }
        if link.kind != .markdown, !Self.isRelative(link.target) { return wiki.resolve(link.target).map(Resolution.note) ?? .broken }
        // A Markdown link, or a wiki link written from the note's folder (`[[./Note]]`).
        if let found = note(from: link.target, inFolderOf: path) { return .note(found) }
        // Obsidian reads a Markdown link's path from the vault's top too (not one written
        // `./` or `../`); still a path, never a name.
        guard link.kind == .markdown, !Self.isRelative(link.target) else { return .broken }
        if let found = note(from: link.target, inFolderOf: "") { return .note(found) }
        // And by name, as a wiki link (`[x](Plan.md)` for `Work/Plan.md`): Obsidian finds a
        // Markdown link's note as it finds a wiki link's.
        return byName(link).map(Resolution.note) ?? .broken
    }

    /// The note a Markdown link written as a bare name (`Plan.md`, `Plan%20B.md`) finds by
    /// that name; nil for a path or a link written from the note's folder.
    func byName(_ link: NoteLink) -> String? {
        guard link.kind == .markdown, link.namesNote, !link.target.contains("/") else { return nil }
        return wiki.resolve(link.target)
    }

    /// The note `target` names as a path from the folder of the note at `path` ("" for the
    /// vault's top), nil when none is there.
    func note(from target: String, inFolderOf path: String) -> String? {
        guard var joined = Self.path(of: target, from: path) else { return nil }
        if !joined.lowercased().hasSuffix(".md") { joined += ".md" }
        return wiki.resolvePath(joined)
    }

    /// True for a wiki link's target written from the linking note's folder: `./Note`,
    /// `../Other/Note`, as Obsidian reads them.
    static func isRelative(_ target: String) -> Bool {
        target.hasPrefix("./") || target.hasPrefix("../")
    }

    /// The vault-relative path a relative `target` names from the note at `path`; nil when
    /// it leads out of the vault.
    static func path(of target: String, from path: String) -> String? {
        var parts = path.split(separator: "/").dropLast().map(String.init)
        for part in target.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// `path` when no part of it is hidden: links never lead into `.trash/` or `.vault/`, or
    /// to a dot file, which are not the vault's to show or move.
    static func visible(_ path: String?) -> String? {
        guard let path, !path.isEmpty, !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
        return path
    }

    /// `target` written relative to the folder of the note at `path`.
    static func relative(_ target: String, from path: String) -> String {
        let folder = path.split(separator: "/").dropLast()
        let parts = target.split(separator: "/")
        var common = 0
        while common < folder.count, common < parts.count - 1, folder[common] == parts[common] { common += 1 }
        let up = Array(repeating: "..", count: folder.count - common)
        return (up + parts[common...].map(String.init)).joined(separator: "/")
    }
}
