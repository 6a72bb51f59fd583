import Foundation
import VaultPlatform

/// The front-matter cache in `.vault/cache/`: per note, the fields a scan derived from it,
/// keyed by path and trusted only while the file's `stat` is unchanged.
///
/// It can never change an answer: an entry is used only when size, modification and
/// change times (in nanoseconds), inode and mode all match, and — git's racy-index rule —
/// only when the file's last modification or change is safely older than the moment the cache was
/// written (a file changed in the same instant could otherwise keep its stat). A missing,
/// corrupt, foreign-version or unwritable cache is ignored silently; an entry whose values
/// turn out not to decode when a command reads them (bulky values and strings are checked
/// only then) is read again from its file (`CacheRepair`).
///
/// Two files, as the word index keeps (`WordIndexCache`): the main file describes every
/// note as of a scan; the recent file, the notes the main file does not describe as they
/// are now, while they are few (`NoteCacheRecent`). A few edits among 100,000 notes then
/// write a few entries, not the whole 68 MB cache again.
public final class NoteCache: @unchecked Sendable {
    /// Vault-relative path of the cache file.
    public static let path = ".vault/cache/notes-v9.bin"
    /// Vault-relative path of the recent file: the notes changed since the main file.
    public static let recentPath = ".vault/cache/notes-recent-v9.bin"
    static let magic: UInt64 = 0x3776_6568_6361_4356  // "VCachev7"
    /// A recent file's: a main file renamed over it is not taken for one.
    static let recentMagic: UInt64 = 0x3952_6568_6361_4356  // "VCacheR9"

    // Layout: magic, the properties' fingerprint, time zone, write time, count, where the
    // bulky region starts; then `count` entry offsets (UInt64, in scan order), `count`
    // entry numbers sorted by path (UInt32), then the entries, each its path, its length
    // (UInt32), the file's stamp, a checksum (UInt64, `WordChecksum`) of the rest of the
    // entry, the note's order key (UInt64, `ListOrderKey`: read from the values when a
    // list was sorted, it cost a sixth of `vault list --limit 50`), where its bulky values
    // are in the bulky region (Int64 offset, UInt32 length),
    // where each starts there (UInt32 each), the length of each common value but the last
    // (LEB128), and its common values; then the bulky region (`PropertyValues`). Strings and counts
    // have LEB128 lengths. Entries are in the order the scan lists files, so the entry a
    // scan wants is almost always the one at its own position.
    //
    // The checksum is checked when an entry is used: checking the common values one by
    // one instead took a sixth of the main page's instructions, and let through damage
    // that still decoded (a letter of a title changed into another).
    private let file: MappedFile
    private let storage: UnsafeRawBufferPointer
    private let offsetTable: Int
    private let sortedTable: Int
    /// The bulky values of every entry, mapped but not read in until a command asks.
    private let bulkyRegion: UnsafeRawBufferPointer
    /// What keeps the mapping alive for the notes decoded from it: one keeper per run of
    /// `keeperRun` entries. Every note made retains its keeper; with the cache itself as
    /// the one owner, both cores changed the same reference count for every note.
    private let keepers: [MappingKeeper]
    private static let keeperRun = 256

    /// The number of notes in the cache (the main file's).
    let count: Int
    /// Reads again the notes whose values turn out to be damaged.
    let repair: CacheRepair
    /// When the file was written (nanoseconds since 1970), for the racy rule.
    let writtenAt: Int64
    /// The notes changed since this main file, when there is a sound recent file for it.
    let recent: NoteCacheRecent?
    /// True when a recent file is there but is not sound (damaged, foreign, of another main
    /// file): it is written again after the scan.
    let recentIsUnsound: Bool

    private init(file: MappedFile, storage: UnsafeRawBufferPointer, layout: Layout, repair: CacheRepair, recent: NoteCacheRecent?, recentIsUnsound: Bool) {
        self.file = file
        self.storage = storage
        self.bulkyRegion = UnsafeRawBufferPointer(rebasing: storage[layout.bulkyStart...])
        self.count = layout.count
        self.repair = repair
        self.offsetTable = layout.offsetTable
        self.sortedTable = layout.offsetTable + 8 * layout.count
        self.writtenAt = layout.writtenAt
        self.recent = recent
        self.recentIsUnsound = recentIsUnsound
        keepers = (0...(layout.count / Self.keeperRun)).map { _ in MappingKeeper(file, repair: repair) }
    }

    /// Where a file's parts are, from its header.
    private struct Layout {
        let count: Int
        let offsetTable: Int
        let writtenAt: Int64
        let bulkyStart: Int
    }

    /// Loads the cache of `root` written for `timeZone` (dates without an offset depend on it)
    /// and `inlineTags` (whether body `#tags` are among a note's tags), with its recent
    /// file when that is sound.
    static func load(root: VaultRoot, timeZone: TimeZone, inlineTags: Bool) -> NoteCache? {
        // Mapped, not copied: the entries are decoded straight from the page cache, and the
        // 35 MB of a 100,000-note vault's cache cost neither a copy nor fresh pages (a read
        // into fresh memory was a tenth of a full-text search). vault replaces this file
        // only by rename, so the mapped file never changes while it is read. Only the
        // entries are mapped in at once; the bulky region, when a command reads it.
        guard let file = MappedFile(path, in: root.descriptor, maximumSize: 1 << 40, populating: { bytes in
            var reader = ByteReader(bytes: bytes, offset: 0)
            guard reader.uint() == magic, reader.string() != nil, reader.string() != nil, reader.int() != nil, reader.int() != nil,
                  let bulkyStart = reader.int() else { return 0 }
            return Int(clamping: bulkyStart)
        }) else { return nil }
        let key = readingKey(timeZone, inlineTags: inlineTags)
        guard let layout = layout(of: file.bytes, magic: magic, readingKey: key) else { return nil }
        let repair = CacheRepair(root: root, timeZone: timeZone, inlineTags: inlineTags)
        var recent: NoteCacheRecent?
        var recentIsUnsound = false
        switch NoteCacheRecent.open(root: root, mainWrittenAt: layout.writtenAt) {
        case .absent: break
        case .unsound: recentIsUnsound = true
        case .sound(let opened, let bytes, let described):
            if let recentLayout = Self.layout(of: bytes, magic: recentMagic, readingKey: key) {
                let cache = NoteCache(file: opened, storage: bytes, layout: recentLayout, repair: repair, recent: nil, recentIsUnsound: false)
                recent = NoteCacheRecent(cache: cache, described: described)
            } else {
                recentIsUnsound = true
            }
        }
        return NoteCache(file: file, storage: file.bytes, layout: layout, repair: repair, recent: recent, recentIsUnsound: recentIsUnsound)
    }

    /// The layout of a file of `magic` written under `readingKey`, if its header holds up.
    private static func layout(of storage: UnsafeRawBufferPointer, magic: UInt64, readingKey: String) -> Layout? {
        var reader = ByteReader(bytes: storage, offset: 0)
        guard reader.uint() == magic, reader.string() == NoteProperties.fingerprint, reader.string() == readingKey,
              // No checksum covers the header: a time before any clock's would make the
              // racy rule's subtraction overflow.
              let writtenAt = reader.int(), writtenAt >= FileStamp.racyWindowNanoseconds,
              let count = reader.int(), count >= 0, count < Int64(UInt32.max), let bulkyStart = reader.int(),
              bulkyStart >= 0, reader.offset + 12 * Int(count) <= bulkyStart, bulkyStart <= storage.count else { return nil }
        return Layout(count: Int(count), offsetTable: reader.offset, writtenAt: writtenAt, bulkyStart: Int(bulkyStart))
    }

    /// The number of notes the files describe, as far as they know: the main file's
    /// entries that still described a note when the recent file was written, and the
    /// recent file's. What a scan's cache hits are measured against.
    var describedCount: Int {
        guard let recent else { return count }
        return recent.described + recent.cache.count
    }

    /// What the values were read under, besides the rules: the time zone, and whether
    /// inline tags are tags. A cache read under other settings is not used: turning
    /// `tags.inline` off must not leave notes tagged from their bodies.
    static func readingKey(_ timeZone: TimeZone, inlineTags: Bool) -> String {
        inlineTags ? timeZone.identifier : timeZone.identifier + ";front-matter tags only"
    }

    /// The cached note at `path`, if the file still has `stamp` and was not racily recent.
    /// `position` is where the scan listed the file: where its entry usually is.
    func note(at path: String, position: Int, stamp: FileStamp) -> Note? {
        entry(at: path, position: position, stamp: stamp).flatMap { note($0, path: path, position: position, stamp: stamp) }
    }

    /// An entry found for a file that still has the stamp it was cached with, whose bytes
    /// sum as they did when written: its note's order key, and where the rest of it is.
    struct Entry {
        let orderKey: ListOrderKey
        /// From where its bulky values are to its end.
        let rest: Range<Int>
        /// Its number in its file (-1 when not looked up by path): a scan that finds it away
        /// from the position it guessed guesses the next ones as far away.
        var number = -1
        /// True when it is the recent file's.
        var isRecent = false
    }

    /// The entry of `path` (listed at `position`), if the file still has `stamp`, was not
    /// racily recent and its entry sums as written: the main file's, else the recent file's.
    func entry(at path: String, position: Int, stamp: FileStamp) -> Entry? {
        if let entry = ownEntry(at: path, position: position, stamp: stamp) { return entry }
        guard let recent, var entry = recent.cache.ownEntry(at: path, position: Int.max, stamp: stamp) else { return nil }
        entry.isRecent = true
        return entry
    }

    /// True when the recent file already holds what writing it again for `settled` would:
    /// it is sound, it counts no note gone from a vault of `notes` notes, and it describes
    /// every note of `settled` as it is (with no recent file, when there is none).
    func recentHolds(_ settled: [Note], notes: Int) -> Bool {
        guard !recentIsUnsound, describedCount <= notes else { return false }
        guard let recent else { return settled.isEmpty }
        return settled.allSatisfy { recent.cache.ownEntry(at: $0.path, position: Int.max, stamp: $0.stamp) != nil }
    }

    /// Where the main file's entry for `path` (listed at `position`) is, when it has
    /// `stamp` and is not racily recent: a note a scan need not make counts as cached. Its
    /// bytes are not summed, as nothing of it is used yet (`heldValues(atPlace:position:)`
    /// sums them before use, without looking the entry up again).
    func mainPlace(of path: String, position: Int, stamp: FileStamp) -> (place: Int, number: Int)? {
        // The place of the entry's length, which the stamp follows.
        stamped(path, position: position, stamp: stamp).map { ($0.entry.lowerBound - 4, $0.number) }
    }

    /// The note of the main file's entry for `path` (listed at `position`), with the stamp
    /// the entry holds: for a note a scan found described as it is (`mainHolds`) and did
    /// not make, made later without another stat. Summed before it is used, as `entry` is.
    func heldNote(at path: String, position: Int) -> Note? {
        guard let (entry, stamp) = heldEntry(at: path, position: position) else { return nil }
        return ownNote(entry, path: path, position: position, stamp: stamp)
    }

    /// The order key and values of the main file's entry at `place`
    /// (`mainPlace(of:position:stamp:)`, of the note listed at `position`), summed as
    /// `heldNote` sums them, without making its note: for a command that reads a field of
    /// each note the scan did not make (`vault tasks`, its task list).
    func heldValues(atPlace place: Int, position: Int) -> (orderKey: ListOrderKey, values: PropertyValues)? {
        guard place >= 0, place <= storage.count else { return nil }
        var reader = ByteReader(bytes: storage, offset: place)
        guard let range = Self.rest(&reader, in: storage), let (entry, _) = heldEntry(in: range),
              let values = values(of: entry, position: position) else { return nil }
        return (entry.orderKey, values)
    }

    /// The main file's entry for `path` (listed at `position`) and the stamp it holds, if
    /// not racily recent and summed as written: looked up once.
    private func heldEntry(at path: String, position: Int) -> (Entry, FileStamp)? {
        entryRange(of: path, position: position).flatMap { heldEntry(in: $0.range) }
    }

    /// The main file's entry whose bytes (after its path and length) are `range`, and the
    /// stamp it holds, if not racily recent and summed as written.
    private func heldEntry(in range: Range<Int>) -> (Entry, FileStamp)? {
        var reader = ByteReader(bytes: storage, offset: range.lowerBound)
        guard let stamp = reader.stamp(), stamp.isSettled(writtenAt: writtenAt),
              let entry = summed(range, rest: reader.offset) else { return nil }
        return (entry, stamp)
    }

    /// The bytes of `path`'s entry, and where they go on after its stamp, when the stamp
    /// is `stamp` and not racily recent.
    private func stamped(_ path: String, position: Int, stamp: FileStamp) -> (number: Int, entry: Range<Int>, rest: Int)? {
        guard let (number, entry) = entryRange(of: path, position: position) else { return nil }
        var reader = ByteReader(bytes: storage, offset: entry.lowerBound)
        guard let cachedStamp = reader.stamp(), cachedStamp == stamp, stamp.isSettled(writtenAt: writtenAt) else { return nil }
        return (number, entry, reader.offset)
    }

    /// The entry of this file alone.
    private func ownEntry(at path: String, position: Int, stamp: FileStamp) -> Entry? {
        guard let (number, entry, rest) = stamped(path, position: position, stamp: stamp), var found = summed(entry, rest: rest) else { return nil }
        found.number = number
        return found
    }

    /// The entry whose bytes are `entry`, its stamp ending at `rest`, if it sums as written.
    private func summed(_ entry: Range<Int>, rest: Int) -> Entry? {
        var reader = ByteReader(bytes: storage, offset: rest)
        guard let checksum = reader.uint(), reader.offset <= entry.upperBound,
              WordChecksum.of(UnsafeRawBufferPointer(rebasing: storage[reader.offset..<entry.upperBound])) == checksum,
              let orderKey = reader.uint(), reader.offset <= entry.upperBound else { return nil }
        return Entry(orderKey: ListOrderKey(value: orderKey), rest: reader.offset..<entry.upperBound)
    }

    /// The note of `entry`, found for `path` (listed at `position`) with `stamp`.
    func note(_ entry: Entry, path: String, position: Int, stamp: FileStamp) -> Note? {
        if entry.isRecent {
            return recent?.cache.ownNote(entry, path: path, position: position, stamp: stamp)
        }
        return ownNote(entry, path: path, position: position, stamp: stamp)
    }

    private func ownNote(_ entry: Entry, path: String, position: Int, stamp: FileStamp) -> Note? {
        values(of: entry, position: position).map { Note(path: path, stamp: stamp, values: $0, orderKey: entry.orderKey) }
    }

    /// The values of this file's `entry`, listed at `position`.
    private func values(of entry: Entry, position: Int) -> PropertyValues? {
        var reader = ByteReader(bytes: storage, offset: entry.rest.lowerBound)
        guard let bulkyOffset = reader.int(), let bulkyLength = reader.uint32().map(Int.init),
              reader.offset <= entry.rest.upperBound, bulkyOffset >= 0,
              bulkyOffset <= bulkyRegion.count, bulkyLength <= bulkyRegion.count - Int(bulkyOffset) else { return nil }
        let bulky = UnsafeRawBufferPointer(rebasing: bulkyRegion[Int(bulkyOffset)..<(Int(bulkyOffset) + bulkyLength)])
        return PropertyValues(cached: UnsafeRawBufferPointer(rebasing: storage[reader.offset..<entry.rest.upperBound]), bulky: bulky,
                              owner: keepers[min(max(position, 0), count) / Self.keeperRun])
    }

    /// Where `path`'s entry is, after its path and length: at `position` when the vault is
    /// listed as it was, else found by binary search over the sorted table.
    private func entryRange(of path: String, position: Int) -> (number: Int, range: Range<Int>)? {
        // The walk's paths are native strings, whose bytes are at hand without a copy of the
        // string (which `withUTF8` needs, retained and released for every note).
        path.utf8.withContiguousStorageIfAvailable { entryRange(of: UnsafeRawBufferPointer($0), position: position) }
            ?? Array(path.utf8).withUnsafeBytes { entryRange(of: $0, position: position) }
    }

    private func entryRange(of wanted: UnsafeRawBufferPointer, position: Int) -> (number: Int, range: Range<Int>)? {
        if position >= 0, position < count, let range = entryRange(entry: position, ifPathIs: wanted) { return (position, range) }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let entry = Int(storage.loadUnaligned(fromByteOffset: sortedTable + 4 * middle, as: UInt32.self).littleEndian)
            var reader = ByteReader(bytes: storage, offset: entryStart(entry))
            guard let key = reader.stringBytes() else { return nil }
            let order = Self.compare(key, wanted)
            if order == 0 { return Self.rest(&reader, in: storage).map { (entry, $0) } }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private func entryStart(_ entry: Int) -> Int {
        guard entry >= 0, entry < count else { return -1 }
        return Int(truncatingIfNeeded: storage.loadUnaligned(fromByteOffset: offsetTable + 8 * entry, as: UInt64.self).littleEndian)
    }

    private func entryRange(entry: Int, ifPathIs wanted: UnsafeRawBufferPointer) -> Range<Int>? {
        var reader = ByteReader(bytes: storage, offset: entryStart(entry))
        guard let key = reader.stringBytes(), Self.compare(key, wanted) == 0 else { return nil }
        return Self.rest(&reader, in: storage)
    }

    /// The bytes an entry's length (where `reader` is) covers.
    private static func rest(_ reader: inout ByteReader, in storage: UnsafeRawBufferPointer) -> Range<Int>? {
        guard let length = reader.uint32(), Int(length) <= storage.count - reader.offset else { return nil }
        return reader.offset..<(reader.offset + Int(length))
    }

    /// The byte order of two paths (memcmp, then length), the order of the sorted table.
    private static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        ByteSearch.compare(a, b)
    }

    /// Writes the cache for `notes`, in the order the scan listed them (atomically; errors
    /// are ignored: the cache is optional). `startedAt` is when the scan that read them
    /// began, for the racy rule.
    static func write(_ notes: [Note], root: VaultRoot, timeZone: TimeZone, inlineTags: Bool, startedAt: Date) {
        let chunks = chunks(for: notes, magic: magic, timeZone: timeZone, inlineTags: inlineTags, startedAt: startedAt)
        root.prepareCacheDirectory()
        // In parts: the entries are 700 MB for a million notes, and joined to the tables
        // they were in memory twice. Flushed, unlike the other cache files: its bulky
        // values are not summed, and zeros a power cut left there could still decode.
        try? root.write(chunks: chunks, to: path, mode: 0o644)
        // A recent file describes changes since another main file.
        root.removeFile(recentPath)
        // Earlier formats' files, if any, are left from older versions.
        for version in 1...8 { root.removeFile(".vault/cache/notes-v\(version).bin") }
    }

    /// Writes the recent file for `notes` (those `main` does not describe as they are,
    /// `described` being how many notes it does), atomically; errors are ignored.
    static func writeRecent(_ notes: [Note], described: Int, main: NoteCache, root: VaultRoot, timeZone: TimeZone, inlineTags: Bool, startedAt: Date) {
        let bytes = chunks(for: notes, magic: recentMagic, timeZone: timeZone, inlineTags: inlineTags, startedAt: startedAt).flatMap { $0 }
        root.prepareCacheDirectory()
        // Not flushed: summed whole when it opens, so a power cut's leftovers are refused.
        try? root.write(NoteCacheRecent.sealed(bytes, mainWrittenAt: main.writtenAt, described: described), to: recentPath, mode: 0o644, durability: .checked)
    }

    /// A cache file's bytes for `notes`, in parts: header and tables, entries, bulky values.
    private static func chunks(for notes: [Note], magic: UInt64, timeZone: TimeZone, inlineTags: Bool, startedAt: Date) -> [[UInt8]] {
        Note.readLaterValues(of: notes)
        var entries = ByteWriter()
        var bulky = ByteWriter()
        // Sized once: grown by doubling, a million notes' entries were copied a dozen times.
        entries.bytes.reserveCapacity(notes.reduce(0) { $0 + $1.path.utf8.count + $1.encodedValues.common.count + 128 })
        bulky.bytes.reserveCapacity(notes.reduce(0) { $0 + $1.encodedValues.bulky.count })
        var entryStarts: [Int] = []
        entryStarts.reserveCapacity(notes.count)
        // Where each path's bytes are in `entries`, to sort by them without `String`s.
        var paths: [(start: Int, count: Int)] = []
        paths.reserveCapacity(notes.count)
        for note in notes {
            let values = note.encodedValues.resolved
            entryStarts.append(entries.bytes.count)
            entries.string(note.path)
            paths.append((entries.bytes.count - note.path.utf8.count, note.path.utf8.count))
            let lengthAt = entries.bytes.count
            entries.uint32(0)
            entries.stamp(note.stamp)
            let checksumAt = entries.bytes.count
            entries.uint(0)
            entries.uint(note.orderKey.value)
            entries.int(Int64(bulky.bytes.count))
            entries.uint32(UInt32(clamping: values.bulky.count))
            entries.bytes.append(contentsOf: values.cacheTable)
            entries.bytes.append(contentsOf: values.common)
            // Stored in place: `replaceSubrange` took thousands of instructions a call.
            entries.bytes.withUnsafeMutableBytes { entry in
                let checksum = WordChecksum.of(UnsafeRawBufferPointer(rebasing: entry[(checksumAt + 8)...]))
                entry.storeBytes(of: checksum.littleEndian, toByteOffset: checksumAt, as: UInt64.self)
                entry.storeBytes(of: UInt32(clamping: entry.count - lengthAt - 4).littleEndian, toByteOffset: lengthAt, as: UInt32.self)
            }
            bulky.bytes.append(contentsOf: values.bulky)
        }
        func header(bulkyStart: Int) -> ByteWriter {
            var header = ByteWriter()
            header.uint(magic)
            header.string(NoteProperties.fingerprint)
            header.string(readingKey(timeZone, inlineTags: inlineTags))
            header.int(startedAt.nanosecondsSince1970)
            header.int(Int64(notes.count))
            header.int(Int64(bulkyStart))
            return header
        }
        let entriesStart = header(bulkyStart: 0).bytes.count + 12 * notes.count
        var bytes = header(bulkyStart: entriesStart + entries.bytes.count).bytes
        for start in entryStarts {
            withUnsafeBytes(of: UInt64(entriesStart + start).littleEndian) { bytes.append(contentsOf: $0) }
        }
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
        return [bytes, entries.bytes, bulky.bytes]
    }

}

/// Holds a mapped cache file for the notes of one run of entries.
final class MappingKeeper: @unchecked Sendable {
    private let file: MappedFile
    /// Reads notes again whose values in the file do not decode.
    let repair: CacheRepair

    init(_ file: MappedFile, repair: CacheRepair) {
        self.file = file
        self.repair = repair
    }
}
