import Foundation
import VaultPlatform

/// Turns a note file's bytes into a `Note`: front matter, derived title, snippet and dates.
public enum NoteReader {
    /// Reads a note whose bytes are `bytes`, found at vault-relative `path`.
    public static func read(_ bytes: UnsafeRawBufferPointer, path: String, status: FileStatus, timeZone: TimeZone = .current) -> Note {
        var fields = NoteFields()
        var frontMatterError: FrontMatterError?
        var bodyStart = 0
        var hasFrontMatter = false
        do {
            if let frontMatter = try FrontMatter.read(bytes, keys: NoteFields.keys) {
                hasFrontMatter = true
                fields = NoteFields(frontMatter, timeZone: timeZone)
                bodyStart = frontMatter.block.bodyStart
            }
        } catch {
            hasFrontMatter = true
            frontMatterError = error
            // The title and snippet still come from the text after the block, if it closes.
            if case .block(let block) = FrontMatterBlock.locate(in: bytes) { bodyStart = block.bodyStart }
        }
        if bodyStart == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            bodyStart = 3
        }
        let body = UnsafeRawBufferPointer(rebasing: bytes[bodyStart...])
        let derived = NoteText.derive(from: body, skipLine: fields.title)
        let stamp = status.stamp
        let mtime = stamp.modificationDate
        var created = fields.created ?? mtime
        if fields.created == nil, let born = status.born {
            // tar, rsync and git checkouts leave birth times later than modification times.
            let birth = Date(timeIntervalSince1970: born.timeInterval)
            created = min(birth, mtime)
        }
        // An unclosed block leaves `---` as the first line: not a title.
        let firstLine = derived.firstLine == "---" ? nil : derived.firstLine
        let title = fields.title ?? firstLine ?? Self.fileName(of: path)
        return Note(
            path: path,
            id: fields.id,
            title: title,
            tags: fields.tags,
            pinned: fields.pinned,
            created: created,
            modified: fields.modified ?? mtime,
            sortDate: fields.sortDate ?? created,
            snippet: derived.snippet,
            stamp: stamp,
            frontMatterError: frontMatterError,
            problems: fields.problems,
            hasFrontMatter: hasFrontMatter
        )
    }

    /// The offset where a note's searchable text starts: after valid front matter, else 0.
    public static func bodyStart(of bytes: UnsafeRawBufferPointer) -> Int {
        if case .block(let block) = FrontMatterBlock.locate(in: bytes) { return block.bodyStart }
        return 0
    }

    static func fileName(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".md") ? String(file.dropLast(3)) : file
    }
}

extension FileStamp {
    /// The modification time as a date.
    public var modificationDate: Date { Date(timeIntervalSince1970: modified.timeInterval) }
}
