import Foundation
import VaultPlatform

/// The directory listings of the last walk, in `.vault/cache/`: a directory whose stamp is
/// unchanged since is listed from here instead of read, as git's untracked cache does.
///
/// Adding, removing or renaming an entry changes the modification time of its directory,
/// so an unchanged stamp (size, inode, mode, modification and change times in nanoseconds)
/// means unchanged entries. A note edited in place does not change its directory, which is
/// why the notes themselves are still looked at one by one (`NoteCache`). The racy rule is
/// the note cache's: a listing is kept only when its directory last changed safely before
/// the walk began, since an entry added in the same clock tick could leave the stamp as
/// it was. Listing the folders of a 100,000-note vault took a fifth of `vault list`.
///
/// Only on file systems known to keep that rule with nanosecond times from the local
/// clock (ext4, btrfs, XFS, tmpfs, F2FS, ZFS): on others (FAT, whose root folder keeps no
/// time at all, network and FUSE file systems, whose times may be cached or come from
/// another clock) every folder is read. A missing, damaged or foreign file is ignored; a
/// folder whose record does not check out is read.
final class ListingCache: @unchecked Sendable {
    /// Vault-relative path of the cache file.
    static let path = ".vault/cache/listing-v2.bin"
    static let magic: UInt64 = 0x3276_7473_694C_5456  // "VTListv2"

    // Layout: magic, the number of folders, then per folder its path, its stamp, the
    // length of its body (UInt32), the body (the number of notes and their paths, then of
    // subfolders and their names, sorted) and a checksum (UInt64, `WordChecksum`) of the
    // record from its path to the end of its body.
    //
    // Mapped until `close()`, which the scan calls once the folders are listed (the walk's
    // threads have stopped by then): at a million notes its pages were 38 MB of the
    // command's memory.
    private var file: MappedFile?
    private let records: [String: Record]
    private let root: VaultRoot
    /// When the walk that uses this began: the moment the racy rule counts from.
    private let listedAt: Date

    private struct Record {
        var stamp: FileStamp
        /// From the path to the end of the body: what the checksum covers.
        var checked: Range<Int>
        var body: Range<Int>
        var checksum: UInt64
    }

    private init(root: VaultRoot, file: MappedFile?, records: [String: Record], listedAt: Date) {
        self.root = root
        self.file = file
        self.records = records
        self.listedAt = listedAt
    }

    /// The magic numbers (`statfs`'s `f_type`) of the file systems whose folders' stamps
    /// change whenever an entry of theirs does: ext2/3/4, btrfs, XFS, tmpfs, F2FS, ZFS.
    private static let trustedFileSystems: Set<Int64> = [0xEF53, 0x9123_683E, 0x5846_5342, 0x0102_1994, 0xF2F5_2010, 0x2FC1_2FC1]

    /// Whether the vault at `root` is on a file system where listings may be reused.
    static func isUsable(in root: VaultRoot) -> Bool {
        Syscalls.fileSystemType(of: root.descriptor).map(trustedFileSystems.contains) ?? false
    }

    /// The cache of the vault at `root`, for a walk that begins now (empty when there is
    /// no file yet, or none that reads); nil on a file system where listings are not reused.
    /// `listedAt` is the real clock, not the vault's `now`: the racy rule compares it with
    /// the file system's times.
    static func open(root: VaultRoot, listedAt: Date = Date()) -> ListingCache? {
        guard isUsable(in: root) else { return nil }
        // Not populated at once: read once from start to end, the pages mapped in 64 KB a
        // fault cost less than asking for all of them (a third of a millisecond).
        guard let file = MappedFile(path, in: root.descriptor, maximumSize: 1 << 36, populating: { _ in 0 }),
              let records = Self.records(in: file.bytes) else {
            return ListingCache(root: root, file: nil, records: [:], listedAt: listedAt)
        }
        return ListingCache(root: root, file: file, records: records, listedAt: listedAt)
    }

    /// Where each folder's record is in `bytes`; nil for bytes that are not a cache file.
    private static func records(in bytes: UnsafeRawBufferPointer) -> [String: Record]? {
        var reader = ByteReader(bytes: bytes, offset: 0)
        guard reader.uint() == magic, let count = reader.length(), count <= bytes.count else { return nil }
        var records: [String: Record] = [:]
        for _ in 0..<count {
            let start = reader.offset
            guard let directory = reader.string(), let stamp = reader.stamp(), let length = reader.uint32().flatMap({ Int(exactly: $0) }),
                  length <= bytes.count - reader.offset else { return nil }
            let body = reader.offset..<(reader.offset + length)
            reader.offset = body.upperBound
            guard let checksum = reader.uint() else { return nil }
            records[directory] = Record(stamp: stamp, checked: start..<body.upperBound, body: body, checksum: checksum)
        }
        return records
    }

    /// Lets the mapping go: no listing is given after this.
    func close() {
        file = nil
    }

    /// The listing of `directory` ("" for the root) if it was kept for `stamp`; nil if not,
    /// or if its record does not check out.
    func listing(of directory: String, stamp: FileStamp) -> DirectoryListing? {
        guard let bytes = file?.bytes, let record = records[directory], record.stamp == stamp,
              WordChecksum.of(UnsafeRawBufferPointer(rebasing: bytes[record.checked])) == record.checksum else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[record.body])
        var reader = ByteReader(bytes: body, offset: 0)
        let prefix = Array((directory.isEmpty ? "" : directory + "/").utf8)
        guard let fileCount = reader.length(), fileCount <= body.count else { return nil }
        var files: [String] = []
        files.reserveCapacity(fileCount)
        let sound = prefix.withUnsafeBytes { prefix in
            for _ in 0..<fileCount {
                // Checked as the walk would have found it, as bytes: a note of this folder.
                guard let bytes = reader.stringBytes(), bytes.count > prefix.count,
                      ByteSearch.compare(UnsafeRawBufferPointer(rebasing: bytes[..<prefix.count]), prefix) == 0 else { return false }
                let name = UnsafeRawBufferPointer(rebasing: bytes[prefix.count...])
                guard DirectoryWalk.isNoteName(name), Self.isEntryName(name), let path = String(validUTF8: bytes) else { return false }
                files.append(path)
            }
            return true
        }
        guard sound else { return nil }
        guard let subdirectoryCount = reader.length(), subdirectoryCount <= body.count else { return nil }
        var subdirectories: [String] = []
        subdirectories.reserveCapacity(subdirectoryCount)
        for _ in 0..<subdirectoryCount {
            // Sorted and each once, as the walk lists them: a name twice would be walked twice.
            guard let bytes = reader.stringBytes(), Self.isEntryName(bytes), let name = String(validUTF8: bytes),
                  subdirectories.last.map({ $0.utf8.lexicographicallyPrecedes(name.utf8) }) ?? true else { return nil }
            subdirectories.append(name)
        }
        guard reader.offset == body.count else { return nil }
        return DirectoryListing(files: files, subdirectories: subdirectories)
    }

    /// A name the walk lists: not empty, not hidden, no `/` or NUL.
    /// Eight bytes at a time: every walk checks every cached name.
    private static func isEntryName(_ name: UnsafeRawBufferPointer) -> Bool {
        guard !name.isEmpty, let base = name.baseAddress, base.load(as: UInt8.self) != UInt8(ascii: ".") else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        // Whether a word has a zero byte, in the words themselves and after turning `/` into 0.
        func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & (ones << 7) != 0 }
        var offset = 0
        while offset + 8 <= name.count {
            let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if hasZero(word) || hasZero(word ^ (ones &* UInt64(UInt8(ascii: "/")))) { return false }
            offset += 8
        }
        for index in offset..<name.count where name[index] == UInt8(ascii: "/") || name[index] == 0 { return false }
        return true
    }

    /// Writes the listings of `walk` that `keeps` (atomically; errors are ignored: the
    /// cache is optional), if one of them was read from the disk: else the file already
    /// holds them.
    func update(from walk: DirectoryWalk) {
        let kept = walk.listings.filter { Self.keeps($0.stamp, listedAt: listedAt) }
        guard kept.contains(where: \.isFresh) else { return }
        var records = ByteWriter()
        var count = 0
        for listed in kept {
            var body = ByteWriter()
            body.length(listed.files.count)
            for file in walk.files[listed.files] { body.string(file) }
            body.length(listed.subdirectories.count)
            for name in listed.subdirectories { body.string(name) }
            guard let length = UInt32(exactly: body.bytes.count) else { continue }
            let start = records.bytes.count
            records.string(listed.directory)
            records.stamp(listed.stamp)
            records.uint32(length)
            records.bytes += body.bytes
            records.uint(records.bytes.withUnsafeBytes { WordChecksum.of(UnsafeRawBufferPointer(rebasing: $0[start...])) })
            count += 1
        }
        var header = ByteWriter()
        header.uint(Self.magic)
        header.length(count)
        root.prepareCacheDirectory()
        // Not flushed: every record is summed when read (`AtomicFile.Durability.checked`).
        try? root.write(chunks: [header.bytes, records.bytes], to: Self.path, mode: 0o644, durability: .checked)
        // The first format's file, summed another way, is left from an older version.
        root.removeFile(".vault/cache/listing-v1.bin")
    }

    /// Whether a listing whose folder had `stamp` may be reused by later walks: the folder
    /// last changed safely before `listedAt`, when the walk that read it began.
    static func keeps(_ stamp: FileStamp, listedAt: Date) -> Bool {
        stamp.isSettled(writtenAt: listedAt.nanosecondsSince1970)
    }
}
