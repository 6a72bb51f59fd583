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
        let fd = openat(directory, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw .io(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        var stat = vault_file_stat()
        guard vault_fstatx(fd, &stat) == 0 else { throw .io(path: path, operation: "stat", errno: errno) }
        guard stat.mode & UInt32(S_IFMT) == UInt32(S_IFREG) else {
            throw .io(path: path, operation: "read a file that is not a regular file", errno: EINVAL)
        }
        // One byte more than the size, to notice a file that grew since fstat.
        let wanted = Int(stat.size) + 1
        if buffer.count < wanted { buffer = [UInt8](repeating: 0, count: max(wanted, 64 * 1024)) }
        var filled = 0
        while true {
            if filled == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            let count = buffer.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress.map { $0 + filled }, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "read", errno: errno)
            }
            if count == 0 { break }
            filled += count
        }
        stat.size = Int64(filled)
        return stat
    }

    /// stat of `path` relative to `directory`, not following a final symbolic link.
    static func stat(_ path: String, relativeTo directory: Int32) -> vault_file_stat? {
        var stat = vault_file_stat()
        guard vault_statx(directory, path, 1, &stat) == 0 else { return nil }
        return stat
    }
}
