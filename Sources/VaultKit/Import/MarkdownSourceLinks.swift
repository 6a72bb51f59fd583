/// Finds the note a link leads to inside a Markdown folder being imported, as Obsidian
/// finds it there (docs/links.md): a wiki link by name (the shortest path among notes of
/// that name), by path from the top or by the end of a path (`[[b/c]]` for `a/b/c.md`), or
/// from the note's folder when written `./` or `../`; a Markdown link by its path from the
/// note's folder, then from the top, then, written as a bare name, by that name. The writer
/// then gives each link that led somewhere the name or path the note has in the vault.
struct MarkdownSourceLinks {
    /// Source paths of the notes by their lower-cased file name without extension.
    private var byName: [String: [String]] = [:]

    init(notes: some Sequence<String>) {
        for path in notes { byName[Self.key(path).split(separator: "/").last.map(String.init) ?? "", default: []].append(path) }
        for name in byName.keys { byName[name]?.sort { ($0.count, $0) < ($1.count, $1) } }
    }

    /// The source path of the note `link`, in the note at `from`, leads to; nil when none.
    func note(for link: NoteLink, from: String) -> String? {
        var target = link.target
        guard !target.isEmpty, !target.contains(":") else { return nil }
        let folder = from.split(separator: "/").dropLast().joined(separator: "/")
        let relative = target.hasPrefix("./") || target.hasPrefix("../")
        if relative { return path(MarkdownReader.normalized(folder + "/" + target)) }
        if target.hasPrefix("/") {
            target.removeFirst()
            return path(target)
        }
        if link.kind == .markdown {
            return path(MarkdownReader.normalized(folder.isEmpty ? target : folder + "/" + target)) ?? path(target)
                ?? (target.contains("/") ? nil : named(target))
        }
        guard target.contains("/") else { return named(target) }
        // By the end of a path: `b/c` finds `a/b/c.md`.
        let key = Self.key(target)
        return path(target) ?? candidates(key).first { Self.key($0).hasSuffix("/" + key) }
    }

    /// The note at `path` from the top (with or without its extension), ignoring case.
    private func path(_ path: String) -> String? {
        let key = Self.key(path)
        return candidates(key).first { Self.key($0) == key }
    }

    /// The note named `name` (a file name without extension): the shortest path of that name.
    private func named(_ name: String) -> String? {
        byName[Self.key(name)]?.first
    }

    private func candidates(_ key: String) -> [String] {
        byName[key.split(separator: "/").last.map(String.init) ?? key] ?? []
    }

    /// `path` lower-cased, without `.md` or `.markdown`.
    private static func key(_ path: String) -> String {
        let lower = path.lowercased()
        if lower.hasSuffix(".md") { return String(lower.dropLast(3)) }
        if lower.hasSuffix(".markdown") { return String(lower.dropLast(9)) }
        return lower
    }
}
