/// A file's bytes in memory, read-only: mapped where that is safe, else read.
///
/// For files `vault` replaces only by rename (its cache): on a local file system a
/// mapped file then never changes while it is read, and its bytes come straight from the
/// page cache. On a network or FUSE file system another machine's rename can delete the
/// file under the mapping, and a page not yet read then faults (SIGBUS): there the file
/// is read whole instead.
package final class MappedFile: @unchecked Sendable {
    package let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool

    /// The bytes of the regular file at `path` (relative to `directory`, no symbolic link),
    /// if it is not empty and smaller than `maximumSize`. `populating` says, from the bytes,
    /// how many of the first ones are about to be read: their pages are mapped in at once.
    /// `reading`: read the file whole even where it could be mapped.
    package init?(_ path: String, in directory: Int32, maximumSize: Int64,
                  populating: (UnsafeRawBufferPointer) -> Int = { $0.count }, reading: Bool = false) {
        guard let file = try? OpenFile(path, in: directory) else { return nil }
        defer { file.close() }
        let size = file.status.size
        guard size > 0, size < maximumSize else { return nil }
        if !reading, Syscalls.fileSystemType(of: file.descriptor).map(Self.mapsSafely) ?? false {
            guard let bytes = Syscalls.mapReadOnly(file.descriptor, count: Int(size)) else { return nil }
            self.bytes = bytes
            isMapped = true
            Syscalls.populate(bytes, count: populating(bytes))
            return
        }
        // Read whole only up to `largestRead`, into memory asked for without trapping: a
        // forged or sparse file of any size is then no cache, as a damaged one is.
        // Page-aligned as a mapping is, for the readers that load words in place.
        guard size <= Self.largestRead, let buffer = Syscalls.allocateAligned(count: Int(size), alignment: 4096) else { return nil }
        var filled = 0
        while filled < buffer.count, case .success(let count) = Syscalls.read(file.descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])), count > 0 {
            filled += count
        }
        // A file cut short while read is another writer's half: not this cache file.
        guard filled == buffer.count else {
            Syscalls.deallocateAligned(buffer)
            return nil
        }
        bytes = UnsafeRawBufferPointer(buffer)
        isMapped = false
    }

    /// The magic numbers (`statfs`'s `f_type`) of local file systems, where a file
    /// renamed over stays whole for whoever has it mapped: ext2/3/4, btrfs, XFS, tmpfs,
    /// F2FS, ZFS, overlayfs, bcachefs, ramfs. Any other (NFS, SMB, FUSE, 9p) is read.
    private static let localFileSystems: Set<Int64> = [
        0xEF53, 0x9123_683E, 0x5846_5342, 0x0102_1994, 0xF2F5_2010, 0x2FC1_2FC1, 0x794C_7630, 0xCA45_1A4E, 0x8584_58F6,
    ]

    /// The largest file read whole where it cannot be mapped (a million notes' note cache
    /// is 700 MB).
    package static let largestRead: Int64 = 1 << 30

    /// Whether a file on the file system of type `type` may be mapped.
    package static func mapsSafely(_ type: Int64) -> Bool {
        localFileSystems.contains(type)
    }

    deinit {
        if isMapped {
            Syscalls.unmap(bytes)
        } else {
            Syscalls.deallocateAligned(UnsafeMutableRawBufferPointer(mutating: bytes))
        }
    }
}
