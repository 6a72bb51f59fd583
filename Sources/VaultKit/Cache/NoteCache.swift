import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
    public static let path = ".vault/cache/notes-v1.bin"
    static let magic: UInt64 = 0x3176_6568_6361_4356  // "VCacheV1"
    /// Entries modified less than this long before the cache was written are re-read.
    static let racyWindowNanoseconds: Int64 = 2_000_000_000

    private let storage: UnsafeMutableRawBufferPointer
    /// Offsets of the entries' paths, in the byte order of the paths (entries are written
    /// sorted), so a lookup is a binary search with no `String` per entry.
    private let offsets: [Int]
    private let writtenAt: Int64

    /// The number of notes in the cache.
    var count: Int { offsets.count }

    private init(storage: UnsafeMutableRawBufferPointer, offsets: [Int], writtenAt: Int64) {
        self.storage = storage
        self.offsets = offsets
        self.writtenAt = writtenAt
    }

    deinit { storage.deallocate() }

    /// Loads the cache of `root` written for `timeZone` (dates without an offset depend on it).
    static func load(root: VaultRoot, timeZone: TimeZone) -> NoteCache? {
        let fd = openat(root.descriptor, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size < 1 << 32 else { return nil }
        // Read straight into the storage the entries will be decoded from: no second copy.
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(info.st_size), alignment: 8)
        var filled = 0
        while filled < storage.count {
            let count = read(fd, storage.baseAddress.map { $0 + filled }, storage.count - filled)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        guard filled == storage.count else {
            storage.deallocate()
            return nil
        }
        var reader = ByteReader(bytes: UnsafeRawBufferPointer(storage), offset: 0)
        guard reader.uint() == magic, reader.string() == timeZone.identifier,
              let writtenAt = reader.int(), let count = reader.int(), count >= 0 else {
            storage.deallocate()
            return nil
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(Int(min(count, 10_000_000)))
        for _ in 0..<count {
            let start = reader.offset
            guard reader.skipString(), let length = reader.int(), length >= 0 else {
                storage.deallocate()
                return nil
            }
            offsets.append(start)
            reader.offset += Int(length)
        }
        return NoteCache(storage: storage, offsets: offsets, writtenAt: writtenAt)
    }

    /// The cached note at `path`, if the file still has `stamp` and was not racily recent.
    func note(at path: String, stamp: FileStamp) -> Note? {
        guard let offset = entryOffset(of: path) else { return nil }
        var reader = ByteReader(bytes: UnsafeRawBufferPointer(storage), offset: offset)
        guard let cachedStamp = Self.readStamp(&reader), cachedStamp == stamp else { return nil }
        // The later of the two times: content can change within one tick of either.
        let changed = max(stamp.mtimeSeconds * 1_000_000_000 + stamp.mtimeNanoseconds,
                          stamp.ctimeSeconds * 1_000_000_000 + stamp.ctimeNanoseconds)
        guard changed < writtenAt - Self.racyWindowNanoseconds else { return nil }
        return Self.readNote(&reader, path: path, stamp: stamp)
    }

    /// Where the entry of `path` starts (after its path and length), by binary search.
    private func entryOffset(of path: String) -> Int? {
        var path = path
        return path.withUTF8 { wanted -> Int? in
            let bytes = UnsafeRawBufferPointer(storage)
            var low = 0
            var high = offsets.count
            while low < high {
                let middle = (low + high) / 2
                var reader = ByteReader(bytes: bytes, offset: offsets[middle])
                guard let key = reader.stringBytes() else { return nil }
                let order = compare(key, UnsafeRawBufferPointer(wanted))
                if order == 0 {
                    guard reader.int() != nil else { return nil }
                    return reader.offset
                }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    private func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    /// Writes the cache for `notes` (atomically; errors are ignored: the cache is optional).
    /// `startedAt` is when the scan that read them began, for the racy rule.
    static func write(_ notes: [Note], root: VaultRoot, timeZone: TimeZone, startedAt: Date) {
        var writer = ByteWriter()
        writer.uint(magic)
        writer.string(timeZone.identifier)
        writer.int(Int64((startedAt.timeIntervalSince1970 * 1e9).rounded(.down)))
        writer.int(Int64(notes.count))
        for note in notes.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            var entry = ByteWriter()
            writeStamp(note.stamp, to: &entry)
            writeNote(note, to: &entry)
            writer.string(note.path)
            writer.int(Int64(entry.bytes.count))
            writer.bytes += entry.bytes
        }
        mkdirat(root.descriptor, ".vault/cache", 0o755)
        ensureIgnored(root: root)
        try? AtomicFile.write(writer.bytes, to: path, in: root, mode: 0o644)
    }

    /// Keeps the cache out of the user's git history.
    private static func ensureIgnored(root: VaultRoot) {
        let ignore = ".vault/.gitignore"
        var buffer: [UInt8] = []
        let existing = (try? POSIXFile.readAll(ignore, relativeTo: root.descriptor, into: &buffer))
            .map { String(decoding: buffer[0..<Int($0.size)], as: UTF8.self) } ?? ""
        guard !existing.split(whereSeparator: \.isNewline).contains(where: { $0 == "cache/" || $0 == "/cache/" }) else { return }
        let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + "cache/\n"
        try? AtomicFile.write(Array(text.utf8), to: ignore, in: root, mode: 0o644)
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

    private static func readError(_ reader: inout ByteReader) -> FrontMatterError? {
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

    private static func readNote(_ reader: inout ByteReader, path: String, stamp: FileStamp) -> Note? {
        guard let id = reader.optionalString(), let title = reader.string(), let tagCount = reader.int(),
              tagCount >= 0, tagCount < 10_000 else { return nil }
        var tags: [String] = []
        tags.reserveCapacity(Int(tagCount))
        for _ in 0..<tagCount {
            guard let tag = reader.string() else { return nil }
            tags.append(tag)
        }
        guard let pinned = reader.bool(), let created = reader.double(), let modified = reader.double(),
              let sortDate = reader.double(), let snippet = reader.string(), let hasFrontMatter = reader.bool(),
              let hasError = reader.bool() else { return nil }
        var frontMatterError: FrontMatterError?
        if hasError {
            guard let error = readError(&reader) else { return nil }
            frontMatterError = error
        }
        guard let problemCount = reader.int(), problemCount >= 0, problemCount < 10_000 else { return nil }
        var problems: [FrontMatterError] = []
        for _ in 0..<problemCount {
            guard let problem = readError(&reader) else { return nil }
            problems.append(problem)
        }
        return Note(
            path: path, id: id, title: title, tags: tags, pinned: pinned,
            created: Date(timeIntervalSince1970: created), modified: Date(timeIntervalSince1970: modified),
            sortDate: Date(timeIntervalSince1970: sortDate), snippet: snippet, stamp: stamp,
            frontMatterError: frontMatterError, problems: problems, hasFrontMatter: hasFrontMatter
        )
    }
}
