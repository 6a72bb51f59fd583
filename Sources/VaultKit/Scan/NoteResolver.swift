import VaultPlatform

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
        let here = root.workingDirectory.flatMap { directory in
            directory.isEmpty || name.hasPrefix("/") || VaultPath.isWorkingDirectoryRelative(name) ? nil : directory + "/" + withExtension
        }
        // The exact ways first: comparing a path costs little.
        for matches in [{ (note: Note) in here.map { note.path == $0 } ?? false }, { $0.path == withExtension || $0.path == relative }] {
            var found = notes.filter(matches)
            // Swift's `==` takes `Café` written precomposed (NFC) and decomposed (NFD) for
            // one name; the disk keeps both. The bytes as typed tell them apart.
            if found.count > 1 {
                let exact = found.filter { note in [here, withExtension, relative].contains { $0.map { note.path.utf8.elementsEqual($0.utf8) } ?? false } }
                if exact.count == 1 { found = exact }
            }
            if let note = try Self.one(found, for: name) { return note }
        }
        let path = Folded(withExtension), spelled = Folded(name)
        let isBareName = !relative.contains("/"), mayBeID = name.count >= Self.minimumIDPrefix
        let tiers: [@Sendable (Note) -> Bool] = [
            { note in note.withPathBytes { path.matches($0) } },
            { note in note.withTitleBytes { spelled.matches($0) } },
            // A bare file name finds its note in any folder, when only one has that name.
            { note in
                isBareName && note.withPathBytes { bytes in
                    path.matches(UnsafeRawBufferPointer(rebasing: bytes[((bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...]))
                }
            },
            { note in mayBeID && note.withIDBytes { spelled.matches($0, prefix: true) } == true },
        ]
        // The other ways in one pass over the notes, on all cores: each way on its own
        // walked 100,000 notes' memory again (a title not found took 150 ms).
        var found = Array(repeating: [Note](), count: tiers.count)
        ParallelChunks.run(count: notes.count, chunk: 8192, format: { range in
            var matched: [(tier: Int, note: Note)] = []
            for note in notes[range] {
                for (tier, matches) in tiers.enumerated() where matches(note) { matched.append((tier, note)) }
            }
            return matched
        }, emit: { matched in
            for (tier, note) in matched { found[tier].append(note) }
        })
        for notes in found {
            if let note = try Self.one(notes, for: name) { return note }
        }
        // A path as the shell completes it from outside the vault (`notes/Work/a.md` with
        // `--vault notes`): read from the working directory, when it leads into the vault.
        if root.workingDirectory == nil, !name.hasPrefix("/"), let directory = root.commandDirectory,
           let inside = VaultRoot.relativePart(of: VaultRoot.absolute(directory + "/" + name), under: root.path),
           let note = notes.first(where: { $0.path == inside || $0.path == inside + ".md" }) {
            return note
        }
        throw .noteNotFound(name, suggestion: suggestion(for: name))
    }

    /// The title a person probably meant by `name`, which matched nothing: the nearest by
    /// edit distance (a typo), else the one title that starts with it.
    func suggestion(for name: String) -> String? {
        let typed = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        let wanted = typed.lowercased(), length = wanted.count
        guard length > 1 else { return nil }
        // Only titles within two characters of its length can be two edits from it.
        let near = notes.lazy.map(\.title).filter { abs($0.count - length) <= 2 }
        if let title = EditDistance.nearest(to: wanted, in: near.map { $0.lowercased() }).flatMap({ lowered in near.first { $0.lowercased() == lowered } }) {
            return title
        }
        let starting = notes.lazy.map(\.title).filter { $0.lowercased().hasPrefix(wanted) }.prefix(2)
        return starting.count == 1 ? starting.first : nil
    }

    /// The note of `found` when it is one, an error when it is several, nil when none.
    private static func one(_ found: [Note], for name: String) throws(VaultError) -> Note? {
        guard found.count <= 1 else { throw .ambiguousNote(name, candidates: found.map(\.path).sorted()) }
        return found.first
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

/// A name to compare with a note's, ignoring case, without a string per note: a name the
/// early ways do not find is compared with each of 100,000 notes' paths and titles.
private struct Folded {
    let lowered: String
    /// `lowered` as bytes, when it is ASCII: then so must be a match's bytes.
    let ascii: [UInt8]?

    init(_ text: String) {
        lowered = text.lowercased()
        ascii = lowered.utf8.allSatisfy { $0 < 0x80 } ? Array(lowered.utf8) : nil
    }

    /// True when `bytes` lower-cased are the name lower-cased (or, with `prefix`, start
    /// with it), as strings compare (`é` and `e` with an accent are one): ASCII is folded
    /// byte by byte, which is what lower-casing does to it.
    func matches(_ bytes: UnsafeRawBufferPointer, prefix: Bool = false) -> Bool {
        guard let ascii, bytes.allSatisfy({ $0 < 0x80 }) else {
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            return prefix ? text.hasPrefix(lowered) : text == lowered
        }
        guard prefix ? bytes.count >= ascii.count : bytes.count == ascii.count else { return false }
        for (byte, wanted) in zip(bytes, ascii) where (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) != wanted { return false }
        return true
    }
}
