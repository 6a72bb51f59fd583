/// Where the links of notes lead (DESIGN 13.1): a wiki link by file name as Obsidian finds
/// it (`WikiLinkResolver`), a Markdown link by its path from the linking note's folder.
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

    /// Where `link`, in the note at `path`, leads.
    public func resolve(_ link: NoteLink, from path: String) -> Resolution {
        if link.target.isEmpty { return .sameNote }
        guard link.namesNote else { return .attachment }
        if link.kind != .markdown { return wiki.resolve(link.target).map(Resolution.note) ?? .broken }
        // A relative path, from the linking note's folder.
        var parts = path.split(separator: "/").dropLast().map(String.init)
        for part in link.target.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return .broken }
                parts.removeLast()
            } else {
                parts.append(String(part))
            }
        }
        var joined = parts.joined(separator: "/")
        if !joined.lowercased().hasSuffix(".md") { joined += ".md" }
        return wiki.resolvePath(joined).map(Resolution.note) ?? .broken
    }
}
