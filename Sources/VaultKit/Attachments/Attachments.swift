import Foundation
import VaultPlatform

/// The vault's attachments (docs/links.md): files that are not notes, kept in the attachment
/// folder (`attachments.folder`, default `attachments/`) or anywhere else in the vault, and
/// the links of notes that use them.
///
/// A link finds its file as Obsidian finds it: by path (a Markdown link from the note's
/// folder, then from the vault's top; a wiki link with a `/` from the top), else by file
/// name (or the end of a path, `icons/cog.svg`), ignoring case, in the attachment folder,
/// then beside the note, then anywhere in the vault, the shortest path first.
public struct Attachments: Sendable {
    public let vault: Vault
    /// Every file of the attachment folder, below it too.
    private let folderFiles: FilesByName
    /// The vault's other files: listed by one walk the first time a name is not found in
    /// the attachment folder or beside its note, then kept (once per `vault check`, not
    /// once per link; a command whose links all find their files near never walks).
    private let otherFiles: Lazy<FilesByName>

    public init(vault: Vault) {
        self.vault = vault
        folderFiles = FilesByName(root: vault.root, folder: vault.config.attachmentFolder, includingNotes: true)
        otherFiles = Lazy { [root = vault.root, folder = vault.config.attachmentFolder] in
            FilesByName(root: root, folder: "", excluding: folder, includingNotes: false)
        }
    }

    /// Every file of the attachment folder.
    public var files: [String] { folderFiles.files }

    public var folder: String { vault.config.attachmentFolder }

    /// True for a file name an embed shows as an image.
    public static func isImage(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["png", "jpg", "jpeg", "gif", "webp", "svg", "bmp", "avif"].contains { lower.hasSuffix("." + $0) }
    }

    /// The link `vault attach` writes for the attachment at `path`: `![[name.png]]` for an
    /// image, `[[name.pdf]]` otherwise; by path when its name alone would find another file.
    public func link(to path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let target = Self.shortest(folderFiles.files(named: name)) == path ? name : path
        return (Self.isImage(name) ? "![[" : "[[") + target + "]]"
    }

    /// The file `link` (in the note at `path`) uses, nil when it names no file that exists;
    /// only for links to files that are not notes.
    public func resolve(_ link: NoteLink, from path: String) -> String? {
        guard !link.namesNote, !link.target.isEmpty else { return nil }
        let target = link.target
        let relative = LinkTargets.isRelative(target)
        if link.kind == .markdown || relative, let found = existing(LinkTargets.path(of: target, from: path)) { return found }
        // From the vault's top: `..` may not climb out of it.
        if !relative, link.kind == .markdown || target.contains("/"), let found = existing(LinkTargets.path(of: target, from: "")) { return found }
        return named(target, from: path)
    }

    /// The file `target` names by its name or the end of its path, for the note at `path`.
    private func named(_ target: String, from path: String) -> String? {
        let parts = target.split(separator: "/")
        // A path from the top (`/x.png`) or from the note (`../x.png`) names one place only.
        guard let name = parts.last.map(String.init), !target.hasPrefix("/"), !parts.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        let ending = "/" + target.lowercased()
        func ends(_ file: String) -> Bool { parts.count == 1 || ("/" + file.lowercased()).hasSuffix(ending) }
        if let found = Self.shortest(folderFiles.files(named: name).filter(ends)) { return found }
        if parts.count == 1 {
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            if let found = existing(folder.isEmpty ? name : folder + "/" + name) { return found }
        }
        return Self.shortest(otherFiles.value.files(named: name).filter(ends))
    }

    /// `candidate` when it is a regular file of the vault, reached without a symbolic link
    /// and not hidden.
    private func existing(_ candidate: String?) -> String? {
        guard let candidate = LinkTargets.visible(candidate), vault.root.status(candidate)?.kind == .regular else { return nil }
        return candidate
    }

    /// The shortest of `paths`, the first in order among equals: as Obsidian picks among
    /// files with one name.
    private static func shortest(_ paths: [String]) -> String? {
        paths.min { ($0.count, $0) < ($1.count, $1) }
    }

    /// A use of an attachment: the note and its link.
    public struct Use: Sendable {
        public var note: Note
        public var link: NoteLink
        /// The file, nil when it is missing.
        public var file: String?
    }

    /// Every link of `notes` to a file that is not a note, with the file it finds; `all`
    /// are the vault's notes (`notes` when nil), for a name that ends like a file but is a
    /// note's (`[[Passwords in unattend.xml]]`).
    public func uses(in notes: [Note], among all: [Note]? = nil) -> [Use] {
        let candidates = notes.flatMap { note in
            note.links.filter { !$0.target.isEmpty && (!$0.namesNote || namesAttachedFile($0)) }.map { (note, $0) }
        }
        guard !candidates.isEmpty else { return [] }
        let targets = LinkTargets(paths: (all ?? notes).map(\.path))
        return candidates.compactMap { note, link in
            if link.namesNote {
                return file(forBroken: link, from: note.path, targets: targets).map { Use(note: note, link: link, file: $0) }
            }
            return targets.namesNote(link) ? nil : Use(note: note, link: link, file: resolve(link, from: note.path))
        }
    }

    /// The file of the attachment folder a wiki link names when it reads as a note's name
    /// but no note has it: `[[Makefile]]`, which `vault attach` writes for a file without a
    /// type. Nil for any other link.
    public func file(forBroken link: NoteLink, from path: String, targets: LinkTargets) -> String? {
        guard namesAttachedFile(link), targets.resolve(link, from: path) == .broken else { return nil }
        return named(link.target, from: path)
    }

    /// A wiki link read as a note's name whose name is a file's of the attachment folder.
    private func namesAttachedFile(_ link: NoteLink) -> Bool {
        guard link.kind != .markdown, link.namesNote, let name = link.target.split(separator: "/").last else { return false }
        return !folderFiles.files(named: String(name)).isEmpty
    }

    /// True when some of `notes` link to a file that is not a note.
    public static func used(by notes: [Note]) -> Bool {
        notes.contains { $0.links.contains { !$0.namesNote && !$0.target.isEmpty } }
    }

    /// For each of `deleting` (by path), the attachments it uses that no other note of
    /// `notes` (every note of the vault) uses: what goes to the trash with it. An attachment
    /// only notes being deleted use goes with the first of them.
    public func exclusive(to deleting: [Note], among notes: [Note]) -> [String: [String]] {
        let leaving = Set(deleting.map(\.path))
        let staying = Set(uses(in: notes.filter { !leaving.contains($0.path) }, among: notes).compactMap(\.file))
        var taken: Set<String> = []
        var result: [String: [String]] = [:]
        for use in uses(in: deleting, among: notes) {
            guard let file = use.file, !staying.contains(file), taken.insert(file).inserted else { continue }
            result[use.note.path, default: []].append(file)
        }
        return result
    }

    /// What `vault check` says about attachments: links to files that are missing, and
    /// files of the attachment folder no note uses.
    public func problems(in notes: [Note]) -> [Diagnostic] {
        let uses = uses(in: notes)
        let used = Set(uses.compactMap(\.file))
        return uses.filter { $0.file == nil }.map { use in
            Diagnostic(path: use.note.path, line: use.link.line, column: use.link.column, severity: .warning,
                       message: "missing attachment: no file is '\(use.link.target)'")
        } + files.filter { !used.contains($0) }.map {
            Diagnostic(path: $0, severity: .warning, message: "unused attachment: no note links to it")
        }
    }

    /// Copies the file at the absolute path `source` into the attachment folder under a free
    /// name and returns its vault-relative path. Refuses notes and folders.
    public func add(_ source: String) throws(VaultError) -> String {
        let name = (source.split(separator: "/").last.map(String.init) ?? source)
        let bytes: [UInt8]
        let mode: UInt32
        do {
            let contents = try OpenFile.contents(of: source, in: Syscalls.currentDirectory)
            (bytes, mode) = (contents.bytes, contents.status.mode)
        } catch {
            // A folder, a device, a link (not followed): said as such, not as errno's words.
            let reason = error.isSymbolicLink ? "it is a symbolic link (attach the file it points to)"
                : error.isNotRegularFile ? "it is not a regular file" : error.reason
            throw .unreadableAttachment(source, reason: reason)
        }
        // Never more readable than its source: a private file stays private (0600 stays 0600).
        return try add(bytes, named: name, mode: 0o644 & mode)
    }

    /// Appends a link to each of `files` (in the attachment folder) at the end of `note`.
    public func append(_ files: [String], to note: Note) throws(VaultError) {
        let links = Attachments(vault: vault)
        let now = vault.now()
        try vault.writer.update(note.path, touchesText: true) { editor in
            let bytes = editor.bytes
            let lineBreak: [UInt8] = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? [0x0D, 0x0A] : [0x0A]
            // On a paragraph of their own: a blank line after text.
            var text: [UInt8] = bytes.isEmpty || bytes.last == 0x0A ? [] : lineBreak
            if !Self.endsWithBlankLine(bytes) { text += lineBreak }
            for file in files { text += Array(links.link(to: file).utf8) + lineBreak }
            try editor.splice(bytes.count..<bytes.count, with: text)
            if editor.frontMatter != nil { try editor.set(FrontMatterKey.modified, to: .date(now)) }
        }
    }

    /// True for an empty file, or one whose last line (before its final line break) is blank.
    private static func endsWithBlankLine(_ bytes: [UInt8]) -> Bool {
        var end = bytes.count
        if end > 0, bytes[end - 1] == 0x0A { end -= 1 } else { return bytes.isEmpty }
        if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
        let start = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return bytes[start..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// The file of the attachment folder named as `base` would be (`report.pdf`,
    /// `report 2.pdf`, …) that holds exactly `bytes`: the same file attached again is the
    /// one already there, not a copy under the next free name.
    private func existingCopy(of bytes: [UInt8], base: String, extension suffix: String) -> String? {
        let names = Set(vault.root.entries(of: folder).filter { $0.kind == .regular }.map(\.name))
        for number in 1...100 {
            let name = (number == 1 ? base : "\(base) \(number)") + suffix
            guard names.contains(name) else { return nil }
            let path = folder + "/" + name
            if vault.root.status(path)?.size == Int64(bytes.count), (try? vault.root.read(path).bytes) == bytes { return path }
        }
        return nil
    }

    /// Writes `bytes` into the attachment folder as `name` (or a free name like it; the
    /// file already there when it has the same bytes) and returns its vault-relative path.
    public func add(_ bytes: [UInt8], named name: String, mode: UInt32 = 0o644) throws(VaultError) -> String {
        // A NUL would cut the name short in the system call (`x.md\0.png` is `x.md`): refused,
        // with every other control character, before anything is made of the name.
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            let shown = name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
            throw .invalidFileName(shown, reason: "it has control characters; rename the file first")
        }
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let base = FileNaming.baseName(for: dot.map { String(name[..<$0]) } ?? name)
        let suffix = dot.map { String(name[$0...]).filter { $0 != "/" } } ?? ""
        // Checked on the name as it will be written: an attachment must never become a note.
        guard suffix.lowercased() != ".md" else { throw .invalidFileName(name, reason: "it is a note; attach files that are not notes") }
        try vault.root.makeDirectory(folder, operation: "create the attachment folder")
        if let same = existingCopy(of: bytes, base: base, extension: suffix) { return same }
        for _ in 0..<5 {
            let path = FileNaming.freePath(folder: folder, base: base, extension: suffix, in: vault.root)
            do {
                try vault.root.write(bytes, to: path, mode: mode, replacing: .nothing)
                return path
            } catch .destinationExists {
                continue
            }
        }
        throw .destinationExists(folder + "/" + name)
    }
}
