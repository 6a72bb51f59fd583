/// Which notes link to which (docs/links.md), vault-wide: what `links:NOTE` and `is:orphan`
/// are decided by. Made from a scan's cached links, once per query.
public struct LinkGraph: Sendable {
    private let targets: LinkTargets
    /// For each note linked to, the notes that link to it.
    private var incoming: [String: Set<String>] = [:]
    /// The notes with a link to another note.
    private var linking: Set<String> = []
    private var paths: [String] = []
    /// Paths by lower-cased title, for `links:` naming a note by its title.
    private var byTitle: [String: String] = [:]

    public init(_ notes: [Note]) {
        Note.readLaterValues(of: notes)
        targets = LinkTargets(paths: notes.map(\.path))
        for note in notes {
            paths.append(note.path)
            byTitle[note.title.lowercased()] = byTitle[note.title.lowercased()] ?? note.path
            for link in note.links {
                guard case .note(let target) = targets.resolve(link, from: note.path), target != note.path else { continue }
                incoming[target, default: []].insert(note.path)
                linking.insert(note.path)
            }
        }
    }

    /// The notes that link to the note `name` designates (as a wiki link would, else by
    /// its title); empty when no note is so named.
    public func sources(linkingTo name: String) -> Set<String> {
        guard let target = targets.note(named: name) ?? byTitle[name.lowercased()] else { return [] }
        return incoming[target] ?? []
    }

    /// The notes with no link to another note and none from one.
    public var orphans: Set<String> {
        Set(paths.filter { incoming[$0] == nil && !linking.contains($0) })
    }
}
