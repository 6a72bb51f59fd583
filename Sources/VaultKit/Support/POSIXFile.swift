import CSystemShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin, throwing wrappers over the POSIX calls the scanner and the write path use.
enum POSIXFile {
    /// Reads the whole regular file at `path` (relative to `directory`), without
    /// following a symbolic link. `buffer` is reused across calls.
    static func readAll(_ path: String, relativeTo directory: Int32, into buffer: inout [UInt8]) throws(VaultError) -> vault_file_stat {
        let file = try OpenFile(path, in: directory, displayPath: path)
        defer { file.close() }
        return try file.readAll(into: &buffer)
    }

    /// stat of `path` relative to `directory`, not following a final symbolic link.
    static func stat(_ path: UnsafePointer<CChar>, relativeTo directory: Int32) -> vault_file_stat? {
        var stat = vault_file_stat()
        guard vault_statx(directory, path, 1, &stat) == 0 else { return nil }
        return stat
    }
}

/// A regular file open for reading, with its stat: the scanner opens a note once, checks
/// the cache with the stat, and reads the bytes only when it must.
struct OpenFile {
    let descriptor: Int32
    let stat: vault_file_stat
    /// The vault-relative path, for messages.
    let path: String

    /// Opens `name` relative to `directory` without following a symbolic link.
    init(_ name: UnsafePointer<CChar>, in directory: Int32, displayPath: String) throws(VaultError) {
        path = displayPath
        let fd = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw .io(path: displayPath, operation: "open", errno: errno) }
        var stat = vault_file_stat()
        guard vault_fstatx(fd, &stat) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .io(path: displayPath, operation: "stat", errno: code)
        }
        guard stat.mode & UInt32(S_IFMT) == UInt32(S_IFREG) else {
            Glibc.close(fd)
            throw .io(path: displayPath, operation: "read a file that is not a regular file", errno: EINVAL)
        }
        descriptor = fd
        self.stat = stat
    }

    func close() { Glibc.close(descriptor) }

    /// Reads the whole file into `buffer`; the returned stat's size is the bytes read.
    ///
    /// With `endAtShortRead`, a read that returns less than asked is taken as the end of
    /// the file, as it is for a regular file on a local file system: the scanner saves a
    /// system call per note. The write path reads on to an explicit end of file, since
    /// what it reads it writes back.
    func readAll(into buffer: inout [UInt8], endAtShortRead: Bool = false) throws(VaultError) -> vault_file_stat {
        // One byte more than the size, to notice a file that grew since fstat.
        let wanted = Int(stat.size) + 1
        if buffer.count < wanted { buffer = [UInt8](repeating: 0, count: max(wanted, 64 * 1024)) }
        var filled = 0
        while true {
            if filled == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            let count = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress.map { $0 + filled }, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "read", errno: errno)
            }
            if count == 0 { break }
            filled += count
            if endAtShortRead, filled < buffer.count { break }
        }
        var result = stat
        result.size = Int64(filled)
        return result
    }
}
