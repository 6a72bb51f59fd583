import Foundation

/// Rewrites links to files that move (docs/links.md): after notes are moved or renamed, or a
/// folder is renamed, every link that led to one of them leads to it again.
///
/// Only a link's target text changes, in the link's own style: a wiki link by name stays
/// a name while the name finds the note (else it becomes the note's path), a path stays a
/// path (with `.md` and a leading `/` if it had them), a Markdown link stays relative to
/// the linking note's folder, with `%20` escapes or `<…>` as it was written. Shown text
/// and headings are not touched. A link that still leads to the right file as written is
/// left alone, so most links never change.
public struct LinkRewriter: Sendable {
    /// One file's move, or a folder's (everything below it moves).
    public struct Move: Sendable, Equatable {
        public var from: String
        public var to: String
        public var isFolder: Bool

        public init(from: String, to: String, isFolder: Bool = false) {
            self.from = from
            self.to = to
            self.isFolder = isFolder
        }
    }

    /// A heading that changes with a move: the title heading of a renamed note (`# B` of
    /// `B.md` becomes `# C`), so that `[[B#B]]` becomes `[[C#C]]`.
    public struct HeadingRename: Sendable, Equatable {
        public var from: String
        public var to: String

        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// Headings that change, by the path of their note after the moves.
    public var headingRenames: [String: HeadingRename] = [:]

    private let movedFiles: [String: String]
    private let movedFolders: [Move]
    private let before: LinkTargets
    private let after: LinkTargets
    /// The file names (lower-cased, without `.md`) of the notes that move: a link by one of
    /// these names may now find a moved note instead of the one it found.
    private let movedNames: Set<String>
    /// Whether a file that is not a note exists (before the moves): only links to files
    /// that exist are carried along.
    private let fileExists: @Sendable (String) -> Bool

    /// - Parameters:
    ///   - paths: every note of the vault before the moves.
    ///   - moves: what moves.
    public init(paths: [String], moves: [Move], fileExists: @escaping @Sendable (String) -> Bool) {
        var files: [String: String] = [:]
        for move in moves where !move.isFolder { files[move.from] = move.to }
        movedFiles = files
        self.fileExists = fileExists
        before = LinkTargets(paths: paths)
        let folders = moves.filter(\.isFolder)
        movedFolders = folders
        var names: Set<String> = []
        after = LinkTargets(paths: paths.map { path in
            guard let moved = Self.moved(path, files: files, folders: folders) else { return path }
            names.insert(Self.nameKey(moved))
            return moved
        })
        movedNames = names
    }

    private static func nameKey(_ target: String) -> String {
        var name = (target.split(separator: "/").last.map(String.init) ?? target).lowercased()
        if name.hasSuffix(".md") { name.removeLast(3) }
        return name
    }

    /// Where the file at `path` is after the moves; nil when it does not move.
    public func newPath(_ path: String) -> String? {
        Self.moved(path, files: movedFiles, folders: movedFolders)
    }

    private static func moved(_ path: String, files: [String: String], folders: [Move]) -> String? {
        if let file = files[path] { return file }
        for folder in folders where path.hasPrefix(folder.from + "/") {
            return folder.to + path.dropFirst(folder.from.count)
        }
        return nil
    }

    /// True when some of `links` (of the note at `path`, as cached) may need a new target:
    /// decides which notes are read at all.
    public func mayChange(_ links: [NoteLink], of path: String) -> Bool {
        if newPath(path) != nil { return !links.isEmpty }
        return links.contains { link in
            (link.target.isEmpty && headingRenames[path] != nil) || movedNames.contains(Self.nameKey(link.target))
                || destination(of: link, from: path).map { newPath($0) != nil || (link.heading != nil && headingRenames[$0] != nil) } ?? false
        }
    }

    /// The changes that make the links of the note that was at `path` (its file `bytes`)
    /// lead where they led before the moves, in file order.
    public func splices(in bytes: [UInt8], of path: String) -> [ByteSplice] {
        let links = bytes.withUnsafeBytes { LinkParser.links(in: $0) }
        let bodyStart = bytes.withUnsafeBytes { raw -> Int in
            if case .block(let block) = FrontMatterBlock.locate(in: raw) { return block.bodyStart }
            return 0
        }
        let from = newPath(path) ?? path
        var splices: [ByteSplice] = []
        for link in links {
            if link.target.isEmpty {
                // `[[#B]]` in the renamed note itself follows its heading too.
                if let splice = headingSplice(link, in: bytes, to: from, inFrontMatter: link.targetRange.upperBound <= bodyStart) { splices.append(splice) }
                continue
            }
            guard let destination = destination(of: link, from: path) else { continue }
            let moved = newPath(destination)
            let target = moved ?? destination
            guard moved != nil || from != path || movedNames.contains(Self.nameKey(link.target)) || headingRenames[target] != nil else { continue }
            // After the target's change: splices go in file order.
            let heading = headingSplice(link, in: bytes, to: target, inFrontMatter: link.targetRange.upperBound <= bodyStart)
            defer { if let heading { splices.append(heading) } }
            if leads(link, from: from, to: target) { continue }
            let written = Array(bytes[link.targetRange])
            let angled = link.targetRange.lowerBound > 0 && bytes[link.targetRange.lowerBound - 1] == UInt8(ascii: "<")
            let text = link.kind == .markdown
                ? markdownTarget(written, angled: angled, from: writtenFromTop(link, from: path) ? "" : from,
                                 to: nameKeptFor(link, from: path, to: target) ?? target, isNote: before.namesNote(link))
                : wikiTarget(String(decoding: written, as: UTF8.self), from: from, to: target, isNote: before.namesNote(link))
            let inserted = Array(text.utf8)
            // In a front-matter value (`related: "[[Plan]]"`) a quote or a backslash would
            // end or escape the YAML string: such a target is left as it is.
            if link.targetRange.upperBound <= bodyStart, inserted.contains(where: { [0x22, 0x27, 0x5C].contains($0) }) { continue }
            if inserted != written { splices.append(ByteSplice(offset: link.targetRange.lowerBound, removed: written, inserted: inserted)) }
        }
        return splices
    }

    /// The change that makes the wiki `link`'s heading (`#B` of `[[B#B]]`) the renamed
    /// heading of its note, now at `target`; nil when it names another heading.
    private func headingSplice(_ link: NoteLink, in bytes: [UInt8], to target: String, inFrontMatter: Bool) -> ByteSplice? {
        guard link.kind != .markdown, let rename = headingRenames[target], let heading = link.heading,
              heading.lowercased() == rename.from.lowercased() else { return nil }
        // What would end the link or its heading (`|`, `#`, `^`, `]`), or, in a quoted
        // property, the YAML string: such a heading is left for the user.
        let unsafe: Set<Character> = inFrontMatter ? ["|", "#", "^", "[", "]", "\"", "'", "\\"] : ["|", "#", "^", "[", "]"]
        guard !rename.to.contains(where: unsafe.contains) else { return nil }
        let start = link.targetRange.upperBound + 1
        let written = Array(heading.utf8)
        guard start > 0, start - 1 < bytes.count, bytes[start - 1] == UInt8(ascii: "#"), start + written.count <= bytes.count,
              Array(bytes[start..<(start + written.count)]) == written else { return nil }
        return ByteSplice(offset: start, removed: written, inserted: Array(rename.to.utf8))
    }

    /// The vault path of the file `link` leads to from the note at `path` before the moves;
    /// nil for a broken link, a heading of the same note, or a file found by name alone.
    private func destination(of link: NoteLink, from path: String) -> String? {
        if link.target.isEmpty { return nil }
        if before.namesNote(link) {
            guard case .note(let note) = before.resolve(link, from: path) else { return nil }
            return note
        }
        let file = link.kind == .markdown ? LinkTargets.path(of: link.target, from: path)
            : link.target.contains("/") ? LinkTargets.path(of: link.target, from: "") : nil
        if let found = LinkTargets.visible(file).flatMap({ fileExists($0) ? $0 : nil }) { return found }
        // A Markdown link to a file may be written from the vault's top, as Obsidian reads it.
        return fromTop(link).flatMap { fileExists($0) ? $0 : nil }
    }

    /// The file a Markdown link to a file that is not a note names from the vault's top;
    /// nil for other links and for a path from the note's folder (`./`, `../`).
    private func fromTop(_ link: NoteLink) -> String? {
        guard link.kind == .markdown, !before.namesNote(link), !LinkTargets.isRelative(link.target) else { return nil }
        return LinkTargets.visible(LinkTargets.path(of: link.target, from: ""))
    }

    /// True when `link`, in the note now at `path`, leads to `target` after the moves.
    private func leads(_ link: NoteLink, from path: String, to target: String) -> Bool {
        if before.namesNote(link) { return after.resolve(link, from: path) == .note(target) }
        return link.kind == .markdown ? LinkTargets.path(of: link.target, from: path) == target : false
    }

    /// True when the Markdown `link` finds its note or file from the vault's top (or a note
    /// by name), not from its note's folder: a rewrite writes it from the top again.
    private func writtenFromTop(_ link: NoteLink, from path: String) -> Bool {
        guard link.kind == .markdown, !LinkTargets.isRelative(link.target) else { return false }
        if before.namesNote(link) { return before.note(from: link.target, inFolderOf: path) == nil }
        guard let top = fromTop(link), let relative = LinkTargets.path(of: link.target, from: path), top != relative else { return false }
        return !fileExists(relative)
    }

    /// The new note's file name when `link` is a Markdown link that found its note by name
    /// and the name still finds it (`[x](Plan.md)` → `[x](Plan%20B.md)`); nil otherwise.
    private func nameKeptFor(_ link: NoteLink, from path: String, to target: String) -> String? {
        guard before.note(from: link.target, inFolderOf: path) == nil, before.note(from: link.target, inFolderOf: "") == nil,
              before.byName(link) != nil else { return nil }
        let name = String(target.split(separator: "/").last ?? Substring(target))
        return after.note(named: name) == target ? name : nil
    }

    private func wikiTarget(_ written: String, from path: String, to target: String, isNote: Bool) -> String {
        guard isNote else { return target }
        let withExtension = written.lowercased().hasSuffix(".md")
        if LinkTargets.isRelative(written) {
            // Still written from the linking note's folder.
            var relative = LinkTargets.relative(target, from: path)
            if !withExtension { relative.removeLast(3) }
            return relative.hasPrefix("../") ? relative : "./" + relative
        }
        let stem = String(target.dropLast(3))
        let name = stem.split(separator: "/").last.map(String.init) ?? stem
        if !written.contains("/"), after.note(named: name) == target { return withExtension ? name + ".md" : name }
        return (written.hasPrefix("/") ? "/" : "") + (withExtension ? target : stem)
    }

    private func markdownTarget(_ written: [UInt8], angled: Bool, from path: String, to target: String, isNote: Bool) -> String {
        let text = String(decoding: written, as: UTF8.self)
        var relative = LinkTargets.relative(target, from: path)
        if isNote, !(text.removingPercentEncoding ?? text).lowercased().hasSuffix(".md") { relative.removeLast(3) }
        if text.hasPrefix("./"), !relative.hasPrefix("../") { relative = "./" + relative }
        if angled { return relative }
        // Escaped: what would end or split the link, and everything else that is not ASCII
        // when the link was percent-encoded throughout.
        let encodesAll = text.contains("%")
        var encoded = ""
        for scalar in relative.unicodeScalars {
            if Self.escaped.contains(scalar) || (encodesAll && !scalar.isASCII) {
                for byte in String(scalar).utf8 { encoded += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true) }
            } else {
                encoded.unicodeScalars.append(scalar)
            }
        }
        return encoded
    }

    private static let escaped = Set(" %()<>#?[]\\".unicodeScalars)
}
