/// A file mapped read-only into memory, unmapped when the last reference goes.
///
/// For files `vault` replaces only by rename (its cache): a mapped file then never
/// changes while it is read, and its bytes come straight from the page cache.
package final class MappedFile: @unchecked Sendable {
    package let bytes: UnsafeRawBufferPointer

    /// Maps the regular file at `path` (relative to `directory`, no symbolic link), if it
    /// is not empty and smaller than `maximumSize`. `populating` says, from the bytes, how
    /// many of the first ones are about to be read: their pages are mapped in at once.
    package init?(_ path: String, in directory: Int32, maximumSize: Int64,
                  populating: (UnsafeRawBufferPointer) -> Int = { $0.count }) {
        guard let file = try? OpenFile(path, in: directory) else { return nil }
        defer { file.close() }
        let size = file.status.size
        guard size > 0, size < maximumSize, let bytes = Syscalls.mapReadOnly(file.descriptor, count: Int(size)) else { return nil }
        self.bytes = bytes
        Syscalls.populate(bytes, count: populating(bytes))
    }

    deinit { Syscalls.unmap(bytes) }
}
