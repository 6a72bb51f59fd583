/// Links between notes (DESIGN 13.1), from the notes' cached links.
extension VaultSession {
    /// A link with the note it is in.
    public struct LinkPlace: Sendable {
        public var note: Note
        public var link: NoteLink
    }

    /// Where the links of `notes` lead.
    public func linkTargets(_ notes: [Note]) -> LinkTargets {
        LinkTargets(paths: notes.map(\.path))
    }

    /// The links of `notes` (in their order, then line order) that lead to the note at `path`.
    public func backlinks(to path: String, in notes: [Note], targets: LinkTargets) -> [LinkPlace] {
        var found: [LinkPlace] = []
        for note in notes where note.path != path {
            for link in note.links where targets.resolve(link, from: note.path) == .note(path) {
                found.append(LinkPlace(note: note, link: link))
            }
        }
        return found
    }

    /// The text of line `number` of the note at `path`, as it is on disk now.
    public func line(_ number: Int, of path: String) -> String? {
        guard let bytes = try? root.read(path).bytes else { return nil }
        var current = 1
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if current == number { return String(decoding: bytes[start..<index], as: UTF8.self) }
            current += 1
            start = index + 1
        }
        return current == number && start < bytes.count ? String(decoding: bytes[start...], as: UTF8.self) : nil
    }

    /// A warning for each link of `notes` to a note that does not exist.
    public func brokenLinks(in notes: [Note], targets: LinkTargets) -> [Diagnostic] {
        notes.flatMap { note in
            note.links.filter { targets.resolve($0, from: note.path) == .broken }.map { link in
                Diagnostic(path: note.path, line: link.line, column: link.column, severity: .warning,
                           message: "broken link: no note is '\(link.target)'")
            }
        }
    }
}
