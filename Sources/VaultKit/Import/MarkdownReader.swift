import Foundation
import VaultPlatform

/// Any folder of Markdown (another vault, a Logseq graph, a Joplin or Standard Notes export),
/// docs/import.md. Each `.md` file is a note, its front matter kept byte for byte and its
/// text as it is; the first level of folders is kept and deeper ones flattened into it:
/// `a/b/c.md` becomes the note `b - c` in the folder `a`. Each link is followed in the
/// folder (`MarkdownSourceLinks`), and the writer gives it the note's vault name or path. Files that are not Markdown and that a note links to
/// come with that note as attachments. Hidden files and folders (`.obsidian`, `.git`) are
/// passed over; a symbolic link is never followed (a note that is one is skipped, with why).
/// The source id is the file's path within the folder.
public struct MarkdownReader: ImportReader {
    public var format: ImportFormat { .markdown }
    /// The largest file read (a note or an attachment).
    static let largestFile: Int64 = 256 << 20

    public init() {}

    public func read(_ path: String, emit: (ImportItem) throws(VaultError) -> Void) throws(VaultError) {
        let root = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        guard let status = Syscalls.status(root, in: Syscalls.currentDirectory) else { throw .invalidArgument("cannot read '\(path)': no such folder") }
        guard status.kind == .directory else {
            throw .invalidArgument("cannot read '\(path)': " + (status.kind == .symbolicLink ? "it is a symbolic link" : "it is not a folder"))
        }
        var notes: [String] = []
        var files: [String: [String]] = [:]
        var links: [String] = []
        walk(root, relative: "", notes: &notes, files: &files, links: &links)
        for link in links { try emit(.skipped(ImportSkip(name: link, reason: .unreadable("a symbolic link; links are not followed")))) }
        let sourceLinks = MarkdownSourceLinks(notes: notes)
        for relative in notes.sorted() {
            try emit(note(relative, root: root, files: files, links: sourceLinks))
        }
    }

    /// Lists the folder: notes by path, other files by name (lower-cased) and path.
    private func walk(_ root: String, relative: String, notes: inout [String], files: inout [String: [String]], links: inout [String]) {
        for entry in Syscalls.entries(of: relative.isEmpty ? root : root + "/" + relative, in: Syscalls.currentDirectory) ?? [] {
            guard let name = String(validating: entry.name, as: UTF8.self), !name.hasPrefix(".") else { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            switch entry.kind {
            case .directory: walk(root, relative: path, notes: &notes, files: &files, links: &links)
            case .symbolicLink: if Self.isNote(name) { links.append(path) }
            case .regular:
                if Self.isNote(name) { notes.append(path) } else { files[name.lowercased(), default: []].append(path) }
            default: continue
            }
        }
    }

    static func isNote(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// The note at `relative`, with its folder and title by the flattening rule.
    private func note(_ relative: String, root: String, files: [String: [String]], links sourceLinks: MarkdownSourceLinks) -> ImportItem {
        let parts = relative.split(separator: "/").map(String.init)
        let fileName = parts[parts.count - 1]
        let stem = fileName.lowercased().hasSuffix(".markdown") ? String(fileName.dropLast(9)) : String(fileName.dropLast(3))
        let folder = parts.count > 1 ? parts[0] : nil
        let title = (parts.dropFirst().dropLast().map { $0 } + [stem]).joined(separator: " - ")
        let bytes: [UInt8]
        let status: FileStatus
        do {
            (bytes, status) = try read(root + "/" + relative)
        } catch {
            return .skipped(ImportSkip(name: relative, reason: .unreadable(error.reason)))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .skipped(ImportSkip(name: relative, reason: .unreadable("not UTF-8 text")))
        }
        var frontMatter: String?
        var body = text
        if case .block(let block) = bytes.withUnsafeBytes({ FrontMatterBlock.locate(in: $0) }) {
            frontMatter = String(decoding: bytes[..<block.bodyStart], as: UTF8.self)
            body = String(decoding: bytes[block.bodyStart...], as: UTF8.self)
        }
        let modified = status.modified.date
        // Where each link leads in the folder: the writer gives it the note's vault name or path.
        let links = Array(body.utf8).withUnsafeBytes { LinkParser.links(in: $0) }
        var found: [String: String] = [:]
        for link in links {
            if let note = sourceLinks.note(for: link, from: relative) { found[ImportedNote.linkKey(link)] = note }
        }
        return .note(ImportedNote(sourceID: relative, title: parts.count > 2 ? title : stem, body: body, frontMatter: frontMatter, folder: folder,
                                  created: modified, modified: modified,
                                  attachments: attachments(of: links, notes: found, at: relative, root: root, files: files),
                                  sourceLinks: found))
    }

    /// The files the note links that the folder has, each under the name its link uses.
    private func attachments(of links: [NoteLink], notes: [String: String], at relative: String, root: String,
                             files: [String: [String]]) -> [ImportedAttachment] {
        var seen = Set<String>()
        var result: [ImportedAttachment] = []
        let noteFolder = relative.split(separator: "/").dropLast().joined(separator: "/")
        for link in links where !link.target.isEmpty && !Self.isNote(link.target) && !link.target.contains(":")
            && notes[ImportedNote.linkKey(link)] == nil {
            guard seen.insert(link.target.lowercased()).inserted else { continue }
            let name = link.target.split(separator: "/").last.map { String($0).lowercased() } ?? ""
            let candidates = files[name] ?? []
            // By its path from the note, then from the top, else the first file of that name.
            let fromNote = Self.normalized(noteFolder.isEmpty ? link.target : noteFolder + "/" + link.target)
            let found = candidates.first { $0 == fromNote } ?? candidates.first { $0 == Self.normalized(link.target) }
                ?? (link.kind == .markdown && link.target.contains("/") ? nil : candidates.first)
            guard let found else {
                // `![[Note]]` embeds a note: only a link naming a file type misses a file.
                if !link.namesNote { result.append(ImportedAttachment(name: link.target, bytes: nil)) }
                continue
            }
            result.append(ImportedAttachment(name: link.target, bytes: try? read(root + "/" + found).bytes))
        }
        return result
    }

    /// `path` with `.` and `..` taken out; nil parts that climb above the top are dropped.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    private func read(_ path: String) throws(SystemError) -> (bytes: [UInt8], status: FileStatus) {
        let file = try OpenFile(path, in: Syscalls.currentDirectory)
        defer { file.close() }
        guard file.status.size <= Self.largestFile else { throw SystemError(operation: "read", code: 27) }
        var buffer: [UInt8] = []
        let status = try file.readAll(into: &buffer)
        buffer.removeSubrange(Int(status.size)...)
        return (buffer, status)
    }
}
