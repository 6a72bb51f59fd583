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
    /// modification time, mode, and the change time, which no one can set: a file
    /// rewritten in place with its size and modification time put back is another
    /// version), as hexadecimal.
    public static func version(of stamp: FileStamp) -> String {
        [UInt64(stamp.inode), UInt64(bitPattern: stamp.size), UInt64(bitPattern: stamp.mtimeSeconds),
         UInt64(bitPattern: stamp.mtimeNanoseconds), UInt64(stamp.mode),
         UInt64(bitPattern: stamp.ctimeSeconds), UInt64(bitPattern: stamp.ctimeNanoseconds)].map { String($0, radix: 16) }.joined(separator: "-")
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
    /// The bytes of the note at `relative`; `.noteNotFound` when there is no such file.
    func readExisting(_ relative: String) throws(VaultError) -> (bytes: [UInt8], status: FileStatus) {
        do {
            return try root.read(relative)
        } catch .io(_, _, let code) where SystemError(operation: "", code: code).isNotFound {
            throw .noteNotFound(relative)
        }
    }
}
