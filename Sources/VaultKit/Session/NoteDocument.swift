import Foundation
import VaultPlatform

/// A note as a front end shows and edits it: its fields, its whole text, and the version
/// of the file they were read from, which a save must name (never clobber an edit it did
/// not see).
public struct NoteDocument: Sendable {
    public let note: Note
    /// The whole file, front matter included.
    public let text: String
    /// The text after the front matter (the whole file when it has none, or when it does
    /// not parse).
    public let body: String
    /// Names this version of the file: it changes whenever the file does.
    public let version: String

    /// The text before `body`: the front matter block with its delimiter lines (and a BOM),
    /// byte for byte; "" when the note has none, or one that does not parse. A front end
    /// that edits the two apart joins them back as `frontMatter + body`.
    public var frontMatter: String {
        String(decoding: text.utf8.prefix(max(0, text.utf8.count - body.utf8.count)), as: UTF8.self)
    }

    /// The REF of each task of the note, by its line in `body` (1-based): what a checkbox
    /// of the rendered body names, so that ticking it changes that task and no other.
    public var taskRefsByBodyLine: [Int: String] {
        let utf8 = Array(text.utf8)
        let linesBefore = utf8.prefix(max(0, utf8.count - body.utf8.count)).count { $0 == UInt8(ascii: "\n") }
        let tasks = utf8.withUnsafeBytes { TaskReader.tasks(in: $0, path: note.path).tasks }
        return Dictionary(tasks.map { ($0.line - linesBefore, $0.fullRef) }, uniquingKeysWith: { first, _ in first })
    }
}

extension VaultSession {
    /// `path` as the vault-relative path of a note: inside the vault, no hidden component,
    /// ending in `.md`.
    public func notePath(_ path: String) throws(VaultError) -> String {
        let relative = try VaultPath.relative(path, root: root)
        let parts = relative.split(separator: "/")
        guard relative.hasSuffix(".md"), !parts.isEmpty, !parts.contains(where: { $0.hasPrefix(".") }) else {
            throw .noteNotFound(path)
        }
        return relative
    }

    /// The note at `path` as it is on disk now.
    public func document(at path: String) throws(VaultError) -> NoteDocument {
        let relative = try notePath(path)
        let (bytes, status) = try readExisting(relative)
        return Self.document(bytes, path: relative, status: status, timeZone: vault.timeZone, inlineTags: vault.config.inlineTags)
    }

    /// Replaces the text of the note at `path` with `text`, if the file is still the
    /// version `version` names; `.conflict` otherwise, and nothing is written. When the
    /// text changed, `modified` is set to now (in a note with front matter that parses);
    /// the file's permissions are kept, and the write is atomic. The save holds the
    /// vault's write lock: during a sync's merge it waits, and then finds the merged note
    /// (another version: `.conflict`), so that it is never acknowledged and then lost.
    public func save(_ text: String, to path: String, ifVersion version: String) throws(VaultError) -> NoteDocument {
        try save(text, to: path, ifVersion: version, base: nil).document
    }

    /// What a save with a base did: the note as written, and whether what was sent was
    /// merged with a change made on disk since.
    public struct SaveOutcome: Sendable {
        public let document: NoteDocument
        /// True when the file had changed since `version` and the text saved is the merge
        /// (`EditMerge`) of the disk's change with what was sent.
        public let merged: Bool
    }

    /// As `save(_:to:ifVersion:)`; when the file changed since `version` and `base` (the
    /// text `version` named, which the editor typed over) is given, the disk's change and
    /// the text are merged line by line as the sync merges, and the merge is saved.
    /// `.conflict` only when the same lines changed on both sides.
    /// `keepingMine` settles lines changed on both sides with `text` (the conflict view's
    /// "Keep mine"), every other change on disk kept.
    public func save(_ text: String, to path: String, ifVersion version: String, base: String?, keepingMine: Bool = false) throws(VaultError) -> SaveOutcome {
        try root.withWriteLock { () throws(VaultError) -> SaveOutcome in
            try saveHoldingLock(text, to: path, ifVersion: version, base: base, keepingMine: keepingMine)
        }
    }

    private func saveHoldingLock(_ text: String, to path: String, ifVersion version: String, base: String?, keepingMine: Bool) throws(VaultError) -> SaveOutcome {
        let relative = try notePath(path)
        let (current, status) = try root.read(relative)
        var bytes = Array(text.utf8)
        var merged = false
        if Self.version(of: status.stamp) != version {
            let merge = base.flatMap { base in
                keepingMine
                    ? EditMerge.keepingMine(base: Array(base.utf8), mine: bytes, disk: current, timeZone: vault.timeZone)
                    : EditMerge.merge(base: Array(base.utf8), mine: bytes, disk: current, timeZone: vault.timeZone)
            }
            guard let merge else {
                throw .conflict(path: relative)
            }
            bytes = merge
            merged = true
        }
        let before = Self.document(current, path: relative, status: status, timeZone: vault.timeZone, inlineTags: vault.config.inlineTags)
        guard bytes != current else { return SaveOutcome(document: before, merged: merged) }
        if status.isReadOnly {
            throw .located(Diagnostic(path: relative, severity: .error, message: "note is read-only; vault leaves it unchanged (chmod u+w to allow)"))
        }
        if var editor = try? FrontMatterEditor(bytes: bytes, timeZone: vault.timeZone), editor.frontMatter != nil,
           (try? editor.set(FrontMatterKey.modified, to: .date(vault.now()))) != nil {
            // Without a `created` key, created is the file's birth time, and the atomic write
            // makes a new file: the date the note had before this save is written down, so
            // that it stays (DESIGN 1.2: edits never change `created`).
            if !editor.has(FrontMatterKey.created), before.note.frontMatterError == nil {
                try? editor.set(FrontMatterKey.created, to: .date(before.note.created))
            }
            bytes = editor.bytes
        }
        try root.write(bytes, to: relative, mode: status.mode, replacing: .unchanged(status.stamp), crashTestPoint: true)
        return SaveOutcome(document: try document(at: relative), merged: merged)
    }

    static func document(_ bytes: [UInt8], path: String, status: FileStatus, timeZone: TimeZone, inlineTags: Bool) -> NoteDocument {
        bytes.withUnsafeBytes { raw in
            let note = NoteReader.read(raw, path: path, status: status, timeZone: timeZone, inlineTags: inlineTags)
            let start = note.frontMatterError == nil ? NoteReader.bodyStart(of: raw) : 0
            return NoteDocument(
                note: note, text: String(decoding: raw, as: UTF8.self),
                body: String(decoding: raw[start...], as: UTF8.self), version: version(of: status.stamp)
            )
        }
    }

    /// A file version's name: what identifies the file's content (inode, size,
    /// modification time, mode), as hexadecimal.
    public static func version(of stamp: FileStamp) -> String {
        [UInt64(stamp.inode), UInt64(bitPattern: stamp.size), UInt64(bitPattern: stamp.mtimeSeconds),
         UInt64(bitPattern: stamp.mtimeNanoseconds), UInt64(stamp.mode)].map { String($0, radix: 16) }.joined(separator: "-")
    }
}

extension VaultSession {
    /// The bytes of the regular file at `path` (an attachment: an image, a PDF), confined
    /// to the vault: no hidden component, no symbolic link, nothing outside the root.
    public func fileContents(at path: String) throws(VaultError) -> [UInt8] {
        let relative = try VaultPath.relative(path, root: root)
        let parts = relative.split(separator: "/")
        guard !parts.isEmpty, !parts.contains(where: { $0.hasPrefix(".") }) else { throw .noteNotFound(path) }
        return try readExisting(relative).bytes
    }

    /// Reads `relative`; nothing there is `.noteNotFound`, not an I/O error.
    private func readExisting(_ relative: String) throws(VaultError) -> (bytes: [UInt8], status: FileStatus) {
        do {
            return try root.read(relative)
        } catch .io(_, _, let code) where SystemError(operation: "", code: code).isNotFound {
            throw .noteNotFound(relative)
        }
    }
}
