import Foundation
import VaultPlatform

/// The front-matter cache in `.vault/cache/`: per note, the fields a scan derived from it,
/// keyed by path and trusted only while the file's `stat` is unchanged.
///
/// It can never change an answer: an entry is used only when size, modification and
/// change times (in nanoseconds), inode and mode all match, and — git's racy-index rule —
/// only when the file's last modification or change is safely older than the moment the cache was
/// written (a file changed in the same instant could otherwise keep its stat). A missing,
/// corrupt, foreign-version or unwritable cache is ignored silently.
public final class NoteCache: @unchecked Sendable {
    /// Vault-relative path of the cache file.
    public static let path = ".vault/cache/notes-v2.bin"
    static let magic: UInt64 = 0x3276_6568_6361_4356  // "VCacheV2"
    /// Entries modified less than this long before the cache was written are re-read.
    static let racyWindowNanoseconds: Int64 = 2_000_000_000

    // Layout: magic, time zone, write time, count; then `count` entry offsets (UInt64, in
    // scan order), `count` entry numbers sorted by path (UInt32), then the entries, each
    // its path, its length and its fields. Entries are in the order the scan lists files,
    // so the entry a scan wants is almost always the one at its own position.
    private let file: MappedFile
    private let storage: UnsafeRawBufferPointer
    private let offsetTable: Int
    private let sortedTable: Int
    private let writtenAt: Int64

    /// The number of notes in the cache.
    let count: Int

    private init(file: MappedFile, count: Int, offsetTable: Int, writtenAt: Int64) {
        self.file = file
        self.storage = file.bytes
        self.count = count
        self.offsetTable = offsetTable
        self.sortedTable = offsetTable + 8 * count
        self.writtenAt = writtenAt
    }

    /// The whole cache file.
    var bytes: UnsafeRawBufferPointer { storage }

    /// Loads the cache of `root` written for `timeZone` (dates without an offset depend on it).
    static func load(root: VaultRoot, timeZone: TimeZone) -> NoteCache? {
        // Mapped, not copied: the entries are decoded straight from the page cache, and the
        // 35 MB of a 100,000-note vault's cache cost neither a copy nor fresh pages (a read
        // into fresh memory was a tenth of a full-text search). vault replaces this file
        // only by rename, so the mapped file never changes while it is read.
        guard let file = MappedFile(path, in: root.descriptor, maximumSize: 1 << 32) else { return nil }
        let storage = file.bytes
        var reader = ByteReader(bytes: storage, offset: 0)
        guard reader.uint() == magic, reader.string() == timeZone.identifier,
              let writtenAt = reader.int(), let count = reader.int(), count >= 0,
              reader.offset + 12 * Int(count) <= storage.count else { return nil }
        return NoteCache(file: file, count: Int(count), offsetTable: reader.offset, writtenAt: writtenAt)
    }

    /// The cached note at `path`, if the file still has `stamp` and was not racily recent.
    /// `position` is where the scan listed the file: where its entry usually is.
    func note(at path: String, position: Int, stamp: FileStamp) -> Note? {
        guard let offset = entryOffset(of: path, position: position) else { return nil }
        var reader = ByteReader(bytes: storage, offset: offset)
        guard let cachedStamp = Self.readStamp(&reader), cachedStamp == stamp else { return nil }
        guard stamp.lastChangeNanoseconds < writtenAt - Self.racyWindowNanoseconds else { return nil }
        return readNote(&reader, path: path, stamp: stamp)
    }

    /// Where the fields of `path`'s entry start: at `position` when the vault is listed as
    /// it was, else by binary search over the sorted table.
    private func entryOffset(of path: String, position: Int) -> Int? {
        var path = path
        return path.withUTF8 { wanted -> Int? in
            let wanted = UnsafeRawBufferPointer(wanted)
            if position < count, let offset = fieldsOffset(entry: position, ifPathIs: wanted) { return offset }
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                let entry = Int(storage.loadUnaligned(fromByteOffset: sortedTable + 4 * middle, as: UInt32.self).littleEndian)
                var reader = ByteReader(bytes: storage, offset: entryStart(entry))
                guard let key = reader.stringBytes() else { return nil }
                let order = Self.compare(key, wanted)
                if order == 0 {
                    guard reader.int() != nil else { return nil }
                    return reader.offset
                }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    private func entryStart(_ entry: Int) -> Int {
        guard entry >= 0, entry < count else { return -1 }
        return Int(truncatingIfNeeded: storage.loadUnaligned(fromByteOffset: offsetTable + 8 * entry, as: UInt64.self).littleEndian)
    }

    private func fieldsOffset(entry: Int, ifPathIs wanted: UnsafeRawBufferPointer) -> Int? {
        var reader = ByteReader(bytes: storage, offset: entryStart(entry))
        guard let key = reader.stringBytes(), Self.compare(key, wanted) == 0, reader.int() != nil else { return nil }
        return reader.offset
    }

    /// The byte order of two paths (memcmp, then length), the order of the sorted table.
    private static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        ByteSearch.compare(a, b)
    }

    /// Writes the cache for `notes`, in the order the scan listed them (atomically; errors
    /// are ignored: the cache is optional). `startedAt` is when the scan that read them
    /// began, for the racy rule.
    static func write(_ notes: [Note], root: VaultRoot, timeZone: TimeZone, startedAt: Date) {
        var header = ByteWriter()
        header.uint(magic)
        header.string(timeZone.identifier)
        header.int(Int64((startedAt.timeIntervalSince1970 * 1e9).rounded(.down)))
        header.int(Int64(notes.count))
        let entriesStart = header.bytes.count + 12 * notes.count
        var entries = ByteWriter()
        var offsets = ByteWriter()
        // Where each path's bytes are in `entries`, to sort by them without `String`s.
        var paths: [(start: Int, count: Int)] = []
        paths.reserveCapacity(notes.count)
        for note in notes {
            offsets.uint(UInt64(entriesStart + entries.bytes.count))
            paths.append((entries.bytes.count + 8, note.path.utf8.count))
            entries.string(note.path)
            let lengthAt = entries.bytes.count
            entries.int(0)
            writeStamp(note.stamp, to: &entries)
            if let cached = note.cachedDetails {
                entries.bytes.append(contentsOf: cached.storedFields)
            } else {
                writeNote(note, to: &entries)
            }
            let length = Int64(entries.bytes.count - lengthAt - 8).littleEndian
            withUnsafeBytes(of: length) { entries.bytes.replaceSubrange(lengthAt..<(lengthAt + 8), with: $0) }
        }
        var bytes = header.bytes + offsets.bytes
        let sorted = entries.bytes.withUnsafeBytes { raw in
            notes.indices.sorted { a, b in
                let x = UnsafeRawBufferPointer(rebasing: raw[paths[a].start..<(paths[a].start + paths[a].count)])
                let y = UnsafeRawBufferPointer(rebasing: raw[paths[b].start..<(paths[b].start + paths[b].count)])
                return compare(x, y) < 0
            }
        }
        for entry in sorted {
            withUnsafeBytes(of: UInt32(entry).littleEndian) { bytes.append(contentsOf: $0) }
        }
        bytes += entries.bytes
        try? root.makeDirectory(".vault/cache")
        ensureIgnored(root: root)
        try? root.write(bytes, to: path, mode: 0o644)
        // The first format's file, if any, is left from an older version.
        root.removeFile(".vault/cache/notes-v1.bin")
    }

    /// Keeps the cache out of the user's git history.
    private static func ensureIgnored(root: VaultRoot) {
        let ignore = ".vault/.gitignore"
        let existing = (try? root.read(ignore)).map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        guard !existing.split(whereSeparator: \.isNewline).contains(where: { $0 == "cache/" || $0 == "/cache/" }) else { return }
        let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + "cache/\n"
        try? root.write(Array(text.utf8), to: ignore, mode: 0o644)
    }

    private static func writeStamp(_ stamp: FileStamp, to writer: inout ByteWriter) {
        writer.int(stamp.size)
        writer.uint(stamp.inode)
        writer.int(stamp.mtimeSeconds)
        writer.int(stamp.mtimeNanoseconds)
        writer.int(stamp.ctimeSeconds)
        writer.int(stamp.ctimeNanoseconds)
        writer.uint(UInt64(stamp.mode))
    }

    private static func readStamp(_ reader: inout ByteReader) -> FileStamp? {
        guard let size = reader.int(), let inode = reader.uint(), let mtime = reader.int(), let mtimeNanoseconds = reader.int(),
              let ctime = reader.int(), let ctimeNanoseconds = reader.int(), let mode = reader.uint() else { return nil }
        return FileStamp(size: size, inode: inode, mtimeSeconds: mtime, mtimeNanoseconds: mtimeNanoseconds,
                         ctimeSeconds: ctime, ctimeNanoseconds: ctimeNanoseconds, mode: UInt32(truncatingIfNeeded: mode))
    }

    private static func writeError(_ error: FrontMatterError, to writer: inout ByteWriter) {
        writer.string(error.message)
        writer.int(Int64(error.line))
        writer.int(Int64(error.column))
    }

    static func readError(_ reader: inout ByteReader) -> FrontMatterError? {
        guard let message = reader.string(), let line = reader.int(), let column = reader.int() else { return nil }
        return FrontMatterError(message: message, line: Int(line), column: Int(column))
    }

    private static func writeNote(_ note: Note, to writer: inout ByteWriter) {
        writer.optionalString(note.id)
        writer.string(note.title)
        writer.int(Int64(note.tags.count))
        for tag in note.tags { writer.string(tag) }
        writer.bool(note.pinned)
        writer.double(note.created.timeIntervalSince1970)
        writer.double(note.modified.timeIntervalSince1970)
        writer.double(note.sortDate.timeIntervalSince1970)
        writer.string(note.snippet)
        writer.bool(note.hasFrontMatter)
        writer.bool(note.frontMatterError != nil)
        if let error = note.frontMatterError { writeError(error, to: &writer) }
        writer.int(Int64(note.problems.count))
        for problem in note.problems { writeError(problem, to: &writer) }
    }

    /// Checks the fields of the entry `reader` is at and makes its note, the text fields
    /// left in the cache's bytes.
    private func readNote(_ reader: inout ByteReader, path: String, stamp: FileStamp) -> Note? {
        let fields = reader.offset
        guard reader.skipOptionalString(), reader.skipString() else { return nil }
        let tagList = reader.offset
        guard let tagCount = reader.int(), tagCount >= 0, tagCount < 10_000 else { return nil }
        for _ in 0..<tagCount {
            guard reader.skipString() else { return nil }
        }
        guard let pinned = reader.bool(), let created = reader.double(), let modified = reader.double(),
              let sortDate = reader.double() else { return nil }
        let snippetAt = reader.offset
        guard reader.skipString(), let hasFrontMatter = reader.bool() else { return nil }
        let errorsAt = reader.offset
        guard let hasError = reader.bool(), !hasError || Self.readError(&reader) != nil,
              let problemCount = reader.int(), problemCount >= 0, problemCount < 10_000 else { return nil }
        for _ in 0..<problemCount {
            guard Self.readError(&reader) != nil else { return nil }
        }
        let details = CachedNoteDetails(cache: self, fields: UInt32(fields), tagList: UInt32(tagList), snippetAt: UInt32(snippetAt),
                                  errorsAt: UInt32(errorsAt), end: UInt32(reader.offset))
        return Note(
            path: path, pinned: pinned, created: Date(timeIntervalSince1970: created),
            modified: Date(timeIntervalSince1970: modified), sortDate: Date(timeIntervalSince1970: sortDate),
            stamp: stamp, hasFrontMatter: hasFrontMatter, cached: details
        )
    }
}
