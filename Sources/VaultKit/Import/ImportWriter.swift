import Foundation
import VaultPlatform

/// The second pass of an import: writes each planned note, its attachments first, with its
/// links rewritten to the names the vault gave, each file new (never over another) and
/// noted in the operation's journal. On a dry run it decides the same and writes nothing.
struct ImportWriter {
    static let sourceKey = "source"

    let vault: Vault
    let plan: ImportPlan
    /// Names (lower-cased) of the vault's notes before the import: links that find them resolve.
    let vaultNames: Set<String>
    /// The vault's notes before the import and the notes it writes: what a link will find.
    let resolver: WikiLinkResolver
    let dryRun: Bool
    /// Folders known to exist (or, on a dry run, to be made).
    private var folders: Set<String> = [""]
    /// Attachment file names (lower-cased) taken in the attachment folder, on disk or by this import.
    private var attachmentNames: Set<String>?
    /// The attachments this import placed, by name (lower-cased): the hash of their bytes,
    /// so that a file two notes link is written once.
    private var placedHashes: [String: UInt64] = [:]

    init(vault: Vault, plan: ImportPlan, vaultPaths: [String], dryRun: Bool) {
        self.vault = vault
        self.plan = plan
        self.vaultNames = Set(vaultPaths.map { (($0.split(separator: "/").last).map(String.init) ?? $0).dropLast(3).lowercased() })
        self.resolver = WikiLinkResolver(paths: vaultPaths + plan.entries.values.map(\.path))
        self.dryRun = dryRun
    }

    private var root: VaultRoot { vault.root }

    mutating func write(_ note: ImportedNote, at entry: ImportPlan.Entry, report: inout ImportReport) throws(VaultError) {
        var renamed: [String: String] = [:]
        for attachment in note.attachments {
            guard let bytes = attachment.bytes else {
                report.attachmentsMissing.append("\(note.title): \(attachment.name)")
                continue
            }
            let (name, written) = try place(attachment.name, bytes)
            if written { report.attachmentsWritten += 1 }
            if name != attachment.name { renamed[attachment.name.lowercased()] = name }
        }
        let body = rewriteLinks(note.body, attachments: renamed, names: Set(note.attachments.map { $0.name.lowercased() }),
                                sourceLinks: note.sourceLinks, path: entry.path, report: &report)
        let bytes = try file(for: note, body: body, name: entry.name)
        report.written.append(entry.path)
        if dryRun { return }
        if note.place == .trash {
            try makeFolders(Trash.directory)
            let item = try Trash(vault: vault).receive(bytes, from: entry.path)
            let inTrash = Trash.directory + "/" + item.name
            vault.journal?.add(.create(path: inTrash + TrashInfo.suffix, hash: FNV1a.hash(Array(item.info.text(timeZone: vault.timeZone).utf8))))
            vault.journal?.add(.create(path: inTrash, hash: FNV1a.hash(bytes)))
            return
        }
        let folder = entry.path.split(separator: "/").dropLast().joined(separator: "/")
        try makeFolders(folder)
        let time = (note.modified ?? note.created).map(Self.fileTime)
        try root.write(bytes, to: entry.path, mode: 0o644, modificationTime: time, replacing: .nothing)
        vault.journal?.add(.create(path: entry.path, hash: FNV1a.hash(bytes)))
    }

    static func fileTime(_ date: Date) -> FileTime {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return FileTime(seconds: Int64(seconds), nanoseconds: Int64(((date.timeIntervalSince1970 - seconds) * 1e9).rounded(.down)))
    }

    /// Makes `folder` and its parents where missing, each noted so that undo removes it.
    private mutating func makeFolders(_ folder: String) throws(VaultError) {
        var prefix = ""
        for part in folder.split(separator: "/") {
            prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
            guard !folders.contains(prefix) else { continue }
            folders.insert(prefix)
            if let status = root.status(prefix) {
                guard status.isDirectory else { throw status.kind == .symbolicLink ? .symbolicLink(prefix) : .destinationExists(prefix) }
                continue
            }
            if dryRun { continue }
            try root.makeDirectory(prefix, mustBeNew: true)
            vault.journal?.add(.create(path: prefix, hash: nil))
        }
    }

    /// Puts an attachment into the attachment folder under its name or a free one like it
    /// (`photo 2.png`); a file there with the same name and bytes is used as it is. Returns
    /// the name, and whether a file was written.
    private mutating func place(_ name: String, _ bytes: [UInt8]) throws(VaultError) -> (String, Bool) {
        let folder = vault.config.attachmentFolder
        if attachmentNames == nil { attachmentNames = Set(root.entries(of: folder).map { $0.name.lowercased() }) }
        let last = name.split(separator: "/").last.map(String.init) ?? name
        let clean = last.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "attachment" : last
        let dot = clean.lastIndex(of: ".").flatMap { $0 == clean.startIndex ? nil : $0 }
        let base = FileNaming.baseName(for: dot.map { String(clean[..<$0]) } ?? clean)
        var suffix = dot.map { String(clean[$0...]).filter { $0 != "/" && $0 != "\\" } } ?? ""
        // An attachment never becomes a note.
        if suffix.lowercased() == ".md" { suffix += ".txt" }
        let hash = FNV1a.hash(bytes)
        var number = 1
        while true {
            let candidate = (number == 1 ? base : "\(base) \(number)") + suffix
            number += 1
            if let placed = placedHashes[candidate.lowercased()] {
                if placed == hash { return (candidate, false) }
                continue
            }
            guard attachmentNames?.contains(candidate.lowercased()) == true else {
                attachmentNames?.insert(candidate.lowercased())
                placedHashes[candidate.lowercased()] = hash
                if !dryRun {
                    try makeFolders(folder)
                    let path = folder.isEmpty ? candidate : folder + "/" + candidate
                    try root.write(bytes, to: path, mode: 0o644, replacing: .nothing)
                    vault.journal?.add(.create(path: path, hash: FNV1a.hash(bytes)))
                }
                return (candidate, true)
            }
            let path = folder.isEmpty ? candidate : folder + "/" + candidate
            if root.status(path)?.size == Int64(bytes.count), (try? root.read(path).bytes) == bytes { return (candidate, false) }
            if number > 10_000 { throw .destinationExists(path) }
        }
    }

    /// `body` with each wiki link to an imported note or attachment that got another name
    /// given that name; links that find nothing are counted as unresolved.
    private func rewriteLinks(_ body: String, attachments renamed: [String: String], names attachmentNames: Set<String>,
                              sourceLinks: [String: String]?, path: String, report: inout ImportReport) -> String {
        let bytes = Array(body.utf8)
        let links = bytes.withUnsafeBytes { LinkParser.links(in: $0) }
        var result = bytes
        for link in links.reversed() where !link.target.isEmpty {
            let key = link.target.lowercased()
            let replacement: String?
            if let sourceLinks, renamed[key] == nil, !attachmentNames.contains(key) {
                guard let source = sourceLinks[ImportedNote.linkKey(link)] else {
                    if isUnresolved(link) { report.linksUnresolved.append("\(path): \(link.target)") }
                    continue
                }
                guard let target = plan.entries[source]?.path else { continue }
                replacement = link.kind == .markdown ? markdownTarget(link.target, to: target, from: path) : wikiTarget(link.target, to: target)
            } else if link.kind == .markdown {
                // A Markdown link's target is a path, written with `%20` for spaces.
                let name = String(key.split(separator: "/").last ?? "")
                let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
                let notePath = key.hasSuffix(".md") ? plan.paths[String(key.dropLast(3))] : nil
                // A note flattened or renamed: linked by its vault path, which a Markdown link
                // finds from the vault's top wherever the linking note is.
                let folder = path.split(separator: "/").dropLast().joined(separator: "/")
                let found = [key, MarkdownReader.normalized(folder.isEmpty ? key : folder + "/" + key).lowercased()]
                let moved = notePath.flatMap { found.contains($0.lowercased()) ? nil : $0 }
                replacement = (renamed[key] ?? moved).map { $0.replacingOccurrences(of: " ", with: "%20") }
                if replacement == nil, !attachmentNames.contains(key), !key.contains(":"), plan.names[stem] == nil, !vaultNames.contains(stem) {
                    report.linksUnresolved.append("\(path): \(link.target)")
                }
            } else if let name = renamed[key] {
                replacement = name
            } else if attachmentNames.contains(key) {
                replacement = nil
            } else if let name = plan.names[key] {
                replacement = name == link.target ? nil : name
            } else {
                if link.namesNote, !vaultNames.contains(key), !vaultNames.contains(String(key.split(separator: "/").last ?? "")) {
                    report.linksUnresolved.append("\(path): \(link.target)")
                }
                replacement = nil
            }
            guard let replacement, link.targetRange.upperBound <= result.count else { continue }
            result.replaceSubrange(link.targetRange, with: Array(replacement.utf8))
            report.linksRewritten += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A link that led nowhere in its source, and finds no note or file of the vault: one
    /// naming a file type is left to the attachments' count.
    private func isUnresolved(_ link: NoteLink) -> Bool {
        if link.kind == .markdown {
            let key = link.target.lowercased()
            return MarkdownReader.isNote(key) && !key.contains(":") && resolver.resolve(key) == nil
        }
        return link.namesNote && resolver.resolve(link.target) == nil
    }

    /// What a wiki link written `written` is given to find the note at `path`: nothing while
    /// it finds it; else the note's name, when the link was a name and the name finds it;
    /// else its vault path (a link written with folders stays one).
    private func wikiTarget(_ written: String, to path: String) -> String? {
        if resolver.resolve(written) == path { return nil }
        let stem = String(path.dropLast(3))
        let name = stem.split(separator: "/").last.map(String.init) ?? stem
        if !written.contains("/"), resolver.resolve(name) == path { return name }
        return stem
    }

    /// What a Markdown link written `written` (decoded) in the note at `from` is given to find
    /// the note at `path`: nothing while it finds it from the note's folder, from the top or
    /// by name; else the note's vault path, which a Markdown link finds from the vault's top.
    private func markdownTarget(_ written: String, to path: String, from: String) -> String? {
        let folder = from.split(separator: "/").dropLast().joined(separator: "/")
        let relative = written.hasPrefix("./") || written.hasPrefix("../")
        if resolver.resolvePath(MarkdownReader.normalized(folder.isEmpty ? written : folder + "/" + written)) == path
            || (!relative && resolver.resolvePath(written) == path)
            || (!relative && !written.contains("/") && resolver.resolve(written) == path) {
            return nil
        }
        return MarkdownDestination.encoded(path)
    }

    /// The note's file: its own front matter kept (with what is missing added), or one made
    /// as `vault new` makes it, and the text as it came. The title is the file's name; a
    /// `title` key keeps it when the name could not (characters a file name cannot hold, a
    /// number after a name taken).
    private func file(for note: ImportedNote, body: String, name: String) throws(VaultError) -> [UInt8] {
        let draft = NoteDraft(tags: ImportTag.clean(note.tags), pinned: note.pinned, body: (note.frontMatter ?? "") + body)
        let now = vault.now()
        let bytes = note.frontMatter == nil && !Self.startsWithFrontMatter(body)
            ? Array(draft.fileText(id: NoteOperations.newID(), now: note.created ?? now, timeZone: vault.timeZone).utf8)
            : try draft.file(id: NoteOperations.newID(), now: note.created ?? now, timeZone: vault.timeZone)
        do {
            var editor = try FrontMatterEditor(bytes: bytes, timeZone: vault.timeZone)
            let ownKeys = note.frontMatter.map(Self.keys) ?? []
            if let modified = note.modified, !ownKeys.contains(FrontMatterKey.modified) {
                try editor.set(FrontMatterKey.modified, to: .date(modified))
            }
            for property in note.properties where !property.value.isEmpty && !editor.has(property.key) {
                try editor.set(property.key, to: .string(property.value))
            }
            let title = NoteText.oneLine(note.title).trimmingSpaces()
            if !title.isEmpty, title != name, !editor.has(FrontMatterKey.title) { try editor.set(FrontMatterKey.title, to: .string(title)) }
            if !editor.has(Self.sourceKey) { try editor.set(Self.sourceKey, to: .string(note.sourceID)) }
            return editor.bytes
        } catch {
            throw .located(error.diagnostic(path: note.sourceID))
        }
    }

    private static func startsWithFrontMatter(_ body: String) -> Bool {
        body.hasPrefix("---\n") || body.hasPrefix("---\r\n")
    }

    /// The keys of a front matter block, lower-cased.
    private static func keys(_ block: String) -> Set<String> {
        guard let editor = try? FrontMatterEditor(bytes: Array((block.hasSuffix("\n") ? block : block + "\n").utf8)) else { return [] }
        return Set([FrontMatterKey.created, FrontMatterKey.modified].filter { editor.has($0) })
    }
}
