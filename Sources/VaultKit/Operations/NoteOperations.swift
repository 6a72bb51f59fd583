import Foundation
import VaultPlatform

/// The everyday note commands: create, move, rename, duplicate, pin, and finishing an edit.
///
/// Each writes through `NoteWriter` or a no-clobber rename, so no operation overwrites a
/// file it did not mean to, and organising never changes `modified`.
public struct NoteOperations: Sendable {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    private var root: VaultRoot { vault.root }

    /// A new lowercase UUID for a note's `id`.
    public static func newID() -> String { UUID().uuidString.lowercased() }

    // MARK: - Create

    /// Creates a note from `draft` and returns its vault-relative path.
    public func create(_ draft: NoteDraft) throws(VaultError) -> String {
        let (folder, base, bytes) = try prepare(draft)
        return try createFile(folder: folder, base: base) { _ in bytes }
    }

    /// Creates a note from `draft` as one that comes back from the trash, so that the
    /// operation recording it (`VaultChanges.recorded`) has a step `vault undo` takes back:
    /// the note goes to the trash, from where it can be restored. Returns its path.
    func createThroughTrash(_ draft: NoteDraft) throws(VaultError) -> String {
        let (folder, base, bytes) = try prepare(draft)
        let trash = Trash(vault: vault)
        let item = try trash.receive(bytes, from: FileNaming.freePath(folder: folder, base: base, in: root))
        return try trash.restore(item).path
    }

    /// The folder, file name and bytes of the note `draft` makes, the folder made if missing.
    private func prepare(_ draft: NoteDraft) throws(VaultError) -> (folder: String, base: String, bytes: [UInt8]) {
        // No empty notes, whichever front end asks.
        guard draft.hasText else { throw .emptyNote }
        for tag in draft.tags {
            if let problem = TagName.problem(with: tag) { throw .invalidTagName(tag, reason: problem) }
        }
        let rules = FolderRules(root: root)
        try FolderRules.requireNotesFolder(try rules.folder(forNewNote: draft.folder, create: false), attachmentFolder: vault.config.attachmentFolder)
        let folder = try rules.folder(forNewNote: draft.folder, create: true)
        let title = draft.title?.trimmingSpaces()
        let firstLine = draft.textAfterFrontMatter.split(whereSeparator: \.isNewline).first { !$0.trimmingSpaces().isEmpty }
        let base = FileNaming.baseName(for: draft.fileName ?? title.flatMap { $0.isEmpty ? nil : $0 } ?? firstLine.map { NoteText.headingTitle($0.trimmingSpaces()) } ?? "Untitled")
        return (folder, base, try draft.file(id: Self.newID(), now: vault.now(), timeZone: vault.timeZone))
    }

    /// Writes a new file under a free name, retrying if another appears meanwhile;
    /// `bytes` are made for the path chosen (a copy's title carries its number).
    private func createFile(
        folder: String, base: String, mode: UInt32 = 0o644, bytes: (String) throws(VaultError) -> [UInt8]
    ) throws(VaultError) -> String {
        for _ in 0..<5 {
            let path = FileNaming.freePath(folder: folder, base: base, in: root)
            let content = try bytes(path)
            do {
                try root.write(content, to: path, mode: mode, replacing: .nothing)
                return path
            } catch .destinationExists {
                continue
            }
        }
        throw .destinationExists(folder.isEmpty ? base + ".md" : folder + "/" + base + ".md")
    }

    // MARK: - Move and rename

    /// Moves `note` into `folder` (`/` or empty for the root) and returns its new path.
    /// A file of the same name there is never replaced.
    public func move(_ note: Note, to folder: String) throws(VaultError) -> String {
        let target = try moveTarget(note, to: folder)
        if target != note.path { try renameNoReplace(note.path, to: target) }
        return target
    }

    /// Where `move(_:to:)` puts `note`.
    public func moveTarget(_ note: Note, to folder: String) throws(VaultError) -> String {
        let destination = try existingFolder(folder == "/" ? "" : folder)
        try FolderRules.requireNotesFolder(destination, attachmentFolder: vault.config.attachmentFolder)
        let fileName = note.path.split(separator: "/").last.map(String.init) ?? note.path
        return destination.isEmpty ? fileName : destination + "/" + fileName
    }

    /// Renames the file of `note` to `title` (and its `title` key, if it has one).
    public func rename(_ note: Note, to title: String) throws(VaultError) -> String {
        let target = try renameTarget(note, to: title)
        // The file moves first (never over another file); the title follows, and if it
        // cannot be changed (front matter that does not parse) the file moves back.
        if target != note.path { try renameNoReplace(note.path, to: target) }
        do {
            try retitle(target, from: note, to: title)
        } catch {
            if target != note.path { try? renameNoReplace(target, to: note.path) }
            if case .located(var diagnostic) = error {
                diagnostic.path = note.path
                throw .located(diagnostic)
            }
            throw error
        }
        return target
    }

    /// Where `rename(_:to:)` puts `note`; an error when the title cannot be one or the
    /// note's front matter does not parse.
    public func renameTarget(_ note: Note, to title: String) throws(VaultError) -> String {
        let trimmed = title.trimmingSpaces()
        guard !trimmed.isEmpty else { throw .invalidTitle(title, reason: "a title cannot be empty") }
        if let error = note.frontMatterError { throw .located(error.diagnostic(path: note.path)) }
        let base = FileNaming.baseName(for: trimmed)
        return note.folder.isEmpty ? base + ".md" : note.folder + "/" + base + ".md"
    }

    /// Gives the note `note` that is now at `path` the title `title`.
    @discardableResult
    func retitle(_ path: String, from note: Note, to title: String) throws(VaultError) -> NoteWriter.Outcome {
        try retitleChange(path, from: note, to: title) == nil ? .unchanged : .written
    }

    /// Throws what `retitle` would throw for `note`, as it is on disk now, writing nothing.
    func checkRetitle(_ note: Note, to title: String) throws(VaultError) {
        let bytes = try root.read(note.path).bytes
        do {
            var editor = try FrontMatterEditor(bytes: bytes, timeZone: vault.timeZone)
            try Self.retitle(&editor, from: note, to: title.trimmingSpaces())
        } catch {
            throw .located(error.diagnostic(path: note.path))
        }
    }

    /// The text of the heading the note's title comes from (no `title` key, a first line
    /// that is a heading), which a rename changes, and the tags and block id that end it,
    /// which a rename keeps (`NoteText.nameEnd`); nil otherwise.
    func titleHeading(of note: Note) -> (text: String, marks: String)? {
        guard let bytes = try? root.read(note.path).bytes, let editor = try? FrontMatterEditor(bytes: bytes, timeZone: vault.timeZone),
              !editor.has(FrontMatterKey.title) else { return nil }
        let bodyStart = editor.frontMatter?.block.bodyStart ?? (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        return bytes.withUnsafeBytes { raw -> (text: String, marks: String)? in
            let body = UnsafeRawBufferPointer(rebasing: raw[bodyStart...])
            guard let first = NoteText.firstLine(in: body), first.isHeading else { return nil }
            let marks = NoteText.nameEnd(of: first.text, in: body)..<first.text.upperBound
            return (String(decoding: UnsafeRawBufferPointer(rebasing: body[first.text]), as: UTF8.self),
                    String(decoding: UnsafeRawBufferPointer(rebasing: body[marks]), as: UTF8.self))
        }
    }

    /// As `retitle`, with the bytes before and after.
    func retitleChange(_ path: String, from note: Note, to title: String) throws(VaultError) -> NoteWriter.Change? {
        try vault.writer.change(path) { editor in try Self.retitle(&editor, from: note, to: title.trimmingSpaces()) }
    }

    /// Makes `title` what the note shows as its title, where its title comes from: the
    /// `title` key, else the first heading (only its text changes: `## Old ##` becomes
    /// `## New ##`, and `# Old #tag ^id` becomes `# New #tag ^id`). A title that comes from
    /// the file name follows the file.
    private static func retitle(_ editor: inout FrontMatterEditor, from note: Note, to title: String) throws(FrontMatterError) {
        if editor.has(FrontMatterKey.title) {
            try editor.set(FrontMatterKey.title, to: .string(title))
            return
        }
        let bodyStart = editor.frontMatter?.block.bodyStart ?? (editor.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        let first = editor.bytes.withUnsafeBytes { NoteText.firstLine(in: UnsafeRawBufferPointer(rebasing: $0[bodyStart...])) }
        guard let first else { return }
        if first.isHeading, !first.text.isEmpty, title.allSatisfy({ !$0.isNewline }) {
            // The tags and block id that end the heading stay (`# Old #active` → `# New #active`);
            // a title typed with them (`New #active`) does not repeat them.
            let nameEnd = editor.bytes.withUnsafeBytes { NoteText.nameEnd(of: first.text, in: UnsafeRawBufferPointer(rebasing: $0[bodyStart...])) }
            let marks = String(decoding: editor.bytes[(bodyStart + nameEnd)..<(bodyStart + first.text.upperBound)], as: UTF8.self)
            let name = NoteText.name(title, withoutMarks: marks)
            let range = (bodyStart + first.text.lowerBound)..<(bodyStart + nameEnd)
            try editor.splice(range, with: Array(name.utf8))
        }
    }

    private func renameNoReplace(_ source: String, to target: String) throws(VaultError) {
        try root.move(source, to: target, operation: "move to '\(target)'")
    }

    // MARK: - Duplicate

    /// Copies `note` into `folder` (default: its own) as a new note: a new `id`, `created`
    /// and `modified` now, not pinned, and the title "… copy" (with the number its file
    /// name gets when "… copy" is taken, so that no two notes share a title).
    public func duplicate(_ note: Note, to folder: String? = nil) throws(VaultError) -> String {
        let destination = try existingFolder(folder.map { $0 == "/" ? "" : $0 } ?? note.folder)
        if folder != nil { try FolderRules.requireNotesFolder(destination, attachmentFolder: vault.config.attachmentFolder) }
        let (original, stat) = try root.read(note.path)
        let base = FileNaming.baseName(for: note.name + " copy")
        return try createFile(folder: destination, base: base, mode: stat.mode & 0o7777) { path throws(VaultError) in
            let stem = (path.split(separator: "/").last ?? "").dropLast(3)
            return try copyBytes(of: original, note: note, title: note.title + " copy" + stem.dropFirst(base.count))
        }
    }

    private func copyBytes(of original: [UInt8], note: Note, title: String) throws(VaultError) -> [UInt8] {
        let now = vault.now()
        do {
            var editor = try FrontMatterEditor(bytes: original, timeZone: vault.timeZone)
            try editor.set(FrontMatterKey.id, to: .string(Self.newID()))
            // As a rename: the key, else the first heading, else a key for a first line; a
            // title from the file name changes with the new name.
            try Self.retitle(&editor, from: note, to: title)
            try editor.set(FrontMatterKey.created, to: .date(now))
            try editor.set(FrontMatterKey.modified, to: .date(now))
            if editor.has(FrontMatterKey.sortDate) { try editor.set(FrontMatterKey.sortDate, to: .date(now)) }
            // A copy is a new note: the original keeps its place at the top.
            if editor.fields.pinned { try editor.remove(FrontMatterKey.pinned) }
            return editor.bytes
        } catch {
            throw .located(error.diagnostic(path: note.path))
        }
    }

    // MARK: - Pin

    /// Pins or unpins `note`. Unpinning a note without a `pinned` key changes nothing.
    @discardableResult
    public func setPinned(_ note: Note, _ pinned: Bool) throws(VaultError) -> NoteWriter.Outcome {
        let memory = PinMemory(root: root)
        let before = pinned ? nil : memory.form(of: note.path)
        var form: PinMemory.Form?
        let outcome = try vault.writer.update(note.path) { editor in
            if editor.fields.pinned == pinned { return }
            if pinned {
                if editor.has(FrontMatterKey.pinned) {
                    form = .key
                } else if let block = editor.frontMatter?.block, block.yamlRange.isEmpty {
                    form = .block
                }
            }
            // Absence means not pinned: unpinning removes the key, so that pin then unpin
            // gives back the file as it was. A line with a comment was written by hand, and
            // front matter written as {…} cannot lose a key: those say `false`; so does a key
            // this machine's pin found saying false (`PinMemory`).
            if pinned || before == .key || editor.frontMatter?.isFlowMapping == true || editor.hasComment(on: FrontMatterKey.pinned) {
                try editor.set(FrontMatterKey.pinned, to: .bool(pinned))
            } else {
                try editor.remove(FrontMatterKey.pinned)
                if before != .block { try editor.removeBlockIfEmpty() }
            }
        }
        if outcome == .written { memory.remember(form, for: note.path) }
        return outcome
    }

    // MARK: - Edit

    /// After an editor closed `path`: when its text differs from `before`, sets `modified`
    /// to now. A note without front matter keeps its file time as `modified` and gets no block.
    public func finishEdit(_ path: String, before: [UInt8]) throws(VaultError) -> NoteWriter.Outcome {
        let after = try root.read(path).bytes
        guard after != before else { return .unchanged }
        let hasBlock = after.withUnsafeBytes { raw -> Bool in
            if case .none = FrontMatterBlock.locate(in: raw) { return false }
            return true
        }
        guard hasBlock else { return .unchanged }
        let now = vault.now()
        return try vault.writer.update(path, touchesText: true) { editor in
            try editor.set(FrontMatterKey.modified, to: .date(now))
        }
    }

    // MARK: - Folders

    /// Checks that `folder` is an existing real directory of the vault (no symbolic link,
    /// no hidden directory) and returns it vault-relative; empty is the root.
    public func existingFolder(_ folder: String) throws(VaultError) -> String {
        try Self.existingFolder(folder, root: root)
    }

    /// The folder `folder` names, matched as `folder:` matches (ignoring case and Unicode
    /// normalisation): its path as it is on disk.
    static func existingFolder(_ folder: String, root: VaultRoot) throws(VaultError) -> String {
        let relative = try VaultPath.relative(folder, root: root)
        guard !relative.isEmpty else { return "" }
        let parts = relative.split(separator: "/").map(String.init)
        var found = ""
        func joined(_ name: String) -> String { found.isEmpty ? name : found + "/" + name }
        for (index, part) in parts.enumerated() {
            if let problem = VaultPath.problem(withName: part) {
                throw .invalidFolderName(relative, reason: problem)
            }
            if root.isDirectory(joined(part)) {
                found = joined(part)
            } else if let match = root.entries(of: found).first(where: { $0.kind == .directory && TagName.key($0.name) == TagName.key(part) }) {
                found = joined(match.name)
            } else if let link = root.entries(of: found).first(where: { $0.kind == .symbolicLink && TagName.key($0.name) == TagName.key(part) }) {
                // Not missing, and not to be created: the name is a link, never followed.
                throw .symbolicLink(joined(link.name))
            } else {
                // Suggest creating it only where that works: the last part missing, below a
                // folder that exists, no deeper than one level of subfolders.
                let creatable = index == parts.count - 1 && parts.count <= 2
                throw .folderNotFound(relative, suggestion: creatable ? joined(part) : nil)
            }
        }
        return found
    }
}
