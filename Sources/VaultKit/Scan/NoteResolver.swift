/// Finds the note a person means on the command line: a vault-relative path (with or
/// without `.md`), a title (case-insensitive), a file name in any folder, or a prefix of
/// an `id`.
public struct NoteResolver: Sendable {
    public let notes: [Note]
    public let root: VaultRoot

    /// The shortest `id` prefix accepted, so that a short word is not taken for an id.
    public static let minimumIDPrefix = 4

    public init(notes: [Note], root: VaultRoot) {
        self.notes = notes
        self.root = root
    }

    /// The one note `name` designates.
    public func resolve(_ name: String) throws(VaultError) -> Note {
        let relative = try VaultPath.relative(name, root: root)
        let withExtension = relative.hasSuffix(".md") ? relative : relative + ".md"
        // From a folder of the vault, `Note.md` is first looked for there, as git would.
        var here: String?
        if let directory = root.workingDirectory, !directory.isEmpty, !name.hasPrefix("/"), !VaultPath.isWorkingDirectoryRelative(name) {
            here = directory + "/" + withExtension
        }
        let tiers: [(Note) -> Bool] = [
            { note in here.map { note.path == $0 } ?? false },
            { $0.path == withExtension || $0.path == relative },
            { $0.path.lowercased() == withExtension.lowercased() },
            { $0.title.lowercased() == name.lowercased() },
            // A bare file name finds its note in any folder, when only one has that name.
            { note in !relative.contains("/") && note.name.lowercased() + ".md" == withExtension.lowercased() },
            { note in
                name.count >= Self.minimumIDPrefix && (note.id?.lowercased().hasPrefix(name.lowercased()) ?? false)
            },
        ]
        for matches in tiers {
            let found = notes.filter(matches)
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                throw .ambiguousNote(name, candidates: found.map(\.path).sorted())
            }
        }
        throw .noteNotFound(name)
    }

    /// Resolves every name, failing on the first that does not resolve.
    public func resolve(_ names: [String]) throws(VaultError) -> [Note] {
        var result: [Note] = []
        for name in names {
            let note = try resolve(name)
            if !result.contains(where: { $0.path == note.path }) { result.append(note) }
        }
        return result
    }
}
