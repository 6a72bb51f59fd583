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
/// A missing, damaged or foreign file is ignored; a directory whose record does not
/// check out is read.
final class ListingCache: @unchecked Sendable {
    /// Vault-relative path of the cache file.
    static let path = ".vault/cache/listing-v1.bin"
    static let magic: UInt64 = 0x3176_7473_694C_5456  // "VTListv1"

    // Layout: magic, the number of directories, then per directory its path, its stamp,
    // a checksum (UInt64, `WordChecksum`) of its body and the body's length (UInt32); the
    // body is the number of notes and their paths, then of subdirectories and their names.
    private let file: MappedFile
    /// Where each directory's stamp and body are, by path.
    private let records: [String: (stamp: FileStamp, checksum: UInt64, body: Range<Int>)]

    private init(file: MappedFile, records: [String: (stamp: FileStamp, checksum: UInt64, body: Range<Int>)]) {
        self.file = file
        self.records = records
    }

    static func load(root: VaultRoot) -> ListingCache? {
        guard let file = MappedFile(path, in: root.descriptor, maximumSize: 1 << 36) else { return nil }
        var reader = ByteReader(bytes: file.bytes, offset: 0)
        guard reader.uint() == magic, let count = reader.length(), count <= file.bytes.count else { return nil }
        var records: [String: (stamp: FileStamp, checksum: UInt64, body: Range<Int>)] = [:]
        for _ in 0..<count {
            guard let directory = reader.string(), let stamp = reader.stamp(), let checksum = reader.uint(),
                  let length = reader.uint32().map(Int.init), length <= file.bytes.count - reader.offset else { return nil }
            records[directory] = (stamp, checksum, reader.offset..<(reader.offset + length))
            reader.offset += length
        }
        return ListingCache(file: file, records: records)
    }

    /// The listing of `directory` ("" for the root) if it was kept for `stamp`; nil if not,
    /// or if its record does not check out.
    func listing(of directory: String, stamp: FileStamp) -> DirectoryListing? {
        guard let record = records[directory], record.stamp == stamp else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: file.bytes[record.body])
        guard WordChecksum.of(body) == record.checksum else { return nil }
        var reader = ByteReader(bytes: body, offset: 0)
        let prefix = Array((directory.isEmpty ? "" : directory + "/").utf8)
        guard let fileCount = reader.length(), fileCount <= body.count else { return nil }
        var files: [String] = []
        files.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            // Checked as the walk would have found it, as bytes: a note of this directory.
            guard let bytes = reader.stringBytes(), bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
            let name = UnsafeRawBufferPointer(rebasing: bytes[prefix.count...])
            guard Self.isEntryName(name), name.count > 3, name[name.count - 3] == UInt8(ascii: "."), name[name.count - 2] == UInt8(ascii: "m"),
                  name[name.count - 1] == UInt8(ascii: "d"), let path = String(validUTF8: bytes) else { return nil }
            files.append(path)
        }
        guard let subdirectoryCount = reader.length(), subdirectoryCount <= body.count else { return nil }
        var subdirectories: [String] = []
        subdirectories.reserveCapacity(subdirectoryCount)
        for _ in 0..<subdirectoryCount {
            guard let name = reader.string(), Self.isEntryName(name.utf8) else { return nil }
            subdirectories.append(name)
        }
        guard reader.offset == body.count else { return nil }
        return DirectoryListing(stamp: stamp, files: files, subdirectories: subdirectories)
    }

    /// A name the walk lists: not empty, no `/`, not hidden.
    private static func isEntryName(_ name: some Collection<UInt8>) -> Bool {
        name.first.map { $0 != UInt8(ascii: ".") } == true && !name.contains(UInt8(ascii: "/"))
    }

    /// Writes the listings of a walk that `keeps` (atomically; errors are ignored: the
    /// cache is optional), if one of them was read from the disk: else the file already
    /// holds them.
    static func update(with listings: [DirectoryWalk.Listed], root: VaultRoot, listedAt: Date) {
        let kept = listings.filter { keeps($0.listing, listedAt: listedAt) }
        guard kept.contains(where: \.isFresh) else { return }
        var writer = ByteWriter()
        writer.uint(magic)
        writer.length(kept.count)
        for listed in kept {
            var body = ByteWriter()
            body.length(listed.listing.files.count)
            for file in listed.listing.files { body.string(file) }
            body.length(listed.listing.subdirectories.count)
            for name in listed.listing.subdirectories { body.string(name) }
            writer.string(listed.directory)
            writer.stamp(listed.listing.stamp)
            writer.uint(body.bytes.withUnsafeBytes { WordChecksum.of($0) })
            writer.uint32(UInt32(clamping: body.bytes.count))
            writer.bytes += body.bytes
        }
        try? root.makeDirectory(".vault/cache")
        root.ensureIgnoredInGit()
        try? root.write(chunks: [writer.bytes], to: path, mode: 0o644)
    }

    /// Whether `listing` may be reused by later walks: its directory last changed safely
    /// before `listedAt`, when the walk that read it began.
    static func keeps(_ listing: DirectoryListing, listedAt: Date) -> Bool {
        listing.stamp.lastChangeNanoseconds < Int64((listedAt.timeIntervalSince1970 * 1e9).rounded(.down)) - NoteCache.racyWindowNanoseconds
    }
}
