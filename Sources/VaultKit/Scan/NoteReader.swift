import Foundation
import VaultPlatform

/// Turns a note file's bytes into a `Note`: reads the front matter and hands it, with the
/// body and the file's status, to every property (`NoteProperties.all`).
public enum NoteReader {
    /// Reads a note whose bytes are `bytes`, found at vault-relative `path`; `inlineTags`:
    /// whether body `#tags` are tags (`tags.inline` in the config).
    public static func read(_ bytes: UnsafeRawBufferPointer, path: String, status: FileStatus, timeZone: TimeZone = .current,
                            inlineTags: Bool = true, readingLater: Bool = false) -> Note {
        var fields = NoteFields()
        var frontMatterError: FrontMatterError?
        var bodyStart = 0
        var hasFrontMatter = false
        var otherKeys: [String] = []
        do {
            // Every key is read: the others are for `[key:value]` searches.
            if let frontMatter = try FrontMatter.read(bytes) {
                hasFrontMatter = true
                fields = NoteFields(frontMatter, understood: NoteProperties.frontMatterFields, timeZone: timeZone)
                otherKeys = NoteOtherKeys.entries(of: frontMatter, understood: NoteProperties.frontMatterKeys)
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
        var source = NoteSource(
            path: path, fields: fields, frontMatterError: frontMatterError, hasFrontMatter: hasFrontMatter,
            body: body, file: bytes, text: NoteText.derive(from: body, titleKey: fields.title, fileName: fileName(of: path)), status: status, timeZone: timeZone
        )
        source.inlineTags = inlineTags
        source.otherKeys = otherKeys
        if inlineTags { source.inline = InlineTags.occurrences(in: body) }
        return Note(reading: source, later: readingLater)
    }

    /// The note at vault-relative `path` in `root`, read as the scan reads it (`buffer` is
    /// reused between calls); nil when the scan would report the file instead: unreadable
    /// or binary.
    static func read(_ path: String, in root: VaultRoot, buffer: inout [UInt8], timeZone: TimeZone, inlineTags: Bool) -> Note? {
        guard let status = try? root.read(path, into: &buffer) else { return nil }
        return buffer.withUnsafeBytes { raw -> Note? in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(status.size)])
            if VaultScanner.looksBinary(bytes) { return nil }
            return read(bytes, path: path, status: status, timeZone: timeZone, inlineTags: inlineTags)
        }
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
    public var modificationDate: Date { modified.date }
}
