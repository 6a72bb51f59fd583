import VaultPlatform

/// Links between notes (docs/links.md), from the notes' cached links.
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

    /// The links of `notes` that lead to the note at `path`, in list order (pinned first,
    /// then most recently modified), then line order.
    ///
    /// Only links whose last part is the note's file name can lead to it, and only notes
    /// of that file name decide where such a link leads: the others are passed over
    /// without decoding their links.
    public func backlinks(to path: String, in notes: [Note]) -> [LinkPlace] {
        let name = Self.nameKey(path)
        let nameBytes = Array(name.utf8)
        let sameName = notes.lazy.map(\.path).filter { path in
            var path = path
            return path.withUTF8 { NoteLinkList.lastPart(of: UnsafeRawBufferPointer($0), is: nameBytes) } && Self.nameKey(path) == name
        }
        let targets = LinkTargets(paths: Array(sameName))
        var found: [LinkPlace] = []
        ParallelChunks.run(count: notes.count, chunk: 4096, format: { range in
            var places: [LinkPlace] = []
            for note in notes[range] where note.path != path && note.mayLink(toName: nameBytes) {
                for link in note.links where targets.resolve(link, from: note.path) == .note(path) {
                    places.append(LinkPlace(note: note, link: link))
                }
            }
            return places
        }, emit: { found += $0 })
        let order = Dictionary(VaultIndex.sorted(found.map(\.note)).enumerated().map { ($1.path, $0) }, uniquingKeysWith: min)
        return found.enumerated().sorted { a, b in
            let (left, right) = (order[a.element.note.path] ?? 0, order[b.element.note.path] ?? 0)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }

    /// A path's file name, lower-cased, without `.md`: what a link by name is compared with.
    static func nameKey(_ path: String) -> String {
        var name = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        if name.hasSuffix(".md") { name.removeLast(3) }
        return name
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

    /// Where `link`, in the note at `path`, leads: as `targets` resolves it, except that a
    /// name no note has but a file of the attachment folder has (`[[Makefile]]`, as
    /// `vault attach` links a file without a type) leads to that attachment.
    public func resolve(_ link: NoteLink, from path: String, targets: LinkTargets) -> LinkTargets.Resolution {
        resolve(link, from: path, targets: targets, attachments: Lazy { Attachments(vault: vault) })
    }

    /// `attachments` is made only for a link that finds no note.
    private func resolve(_ link: NoteLink, from path: String, targets: LinkTargets, attachments: Lazy<Attachments>) -> LinkTargets.Resolution {
        let resolution = targets.resolve(link, from: path)
        guard resolution == .broken, attachments.value.file(forBroken: link, from: path, targets: targets) != nil else { return resolution }
        return .attachment
    }

    /// A warning for each link of `notes` to a note that does not exist.
    public func brokenLinks(in notes: [Note], targets: LinkTargets) -> [Diagnostic] {
        let attachments = Lazy { Attachments(vault: vault) }
        return notes.flatMap { note in
            note.links.filter { resolve($0, from: note.path, targets: targets, attachments: attachments) == .broken }.map { link in
                Diagnostic(path: note.path, line: link.line, column: link.column, severity: .warning,
                           message: "broken link: no note is '\(link.target)'")
            }
        }
    }
}
