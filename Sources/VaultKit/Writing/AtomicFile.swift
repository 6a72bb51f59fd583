import CSystemShims
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replaces files atomically: the new bytes go to a temporary file in the same directory,
/// which is flushed and renamed over the target, so a crash leaves the old file or the
/// new one, never half of either.
public enum AtomicFile {
    /// Tests only: `before-rename` makes the process die after a note's temporary file is
    /// written and before it replaces the note; `after:N` makes it die after N notes were
    /// replaced, in the middle of a bulk operation. Either is what `kill -9` would do.
    public static let crashEnvironmentKey = "VAULT_TEST_CRASH"

    /// What a write may replace.
    public enum Replacement: Sendable, Equatable {
        /// Nothing: the file is new, and `.destinationExists` is thrown if one appeared.
        case nothing
        /// Whatever is there: for vault's own files (settings, cache, history).
        case anything
        /// Only the file described by the stamp, as it was read; `.conflict` otherwise.
        case unchanged(FileStamp)
    }

    /// Writes `bytes` to the vault-relative `path`.
    ///
    /// - Parameters:
    ///   - mode: permission bits of the new file (the old file's, to keep them).
    ///   - modificationTime: when given, the new file keeps this modification time, so an
    ///     organising write (a tag, a pin) does not reorder lists by file time.
    ///   - replacing: which file, if any, the write may replace.
    ///   - crashTestPoint: true where tests may simulate a crash (`VAULT_TEST_CRASH`).
    public static func write(
        _ bytes: [UInt8],
        to path: String,
        in root: VaultRoot,
        mode: UInt32,
        modificationTime: timespec? = nil,
        replacing: Replacement = .anything,
        crashTestPoint: Bool = false
    ) throws(VaultError) {
        let temporary = temporaryName(for: path)
        let fd = openat(root.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode & 0o7777))
        guard fd >= 0 else { throw .io(path: path, operation: "create a temporary file", errno: errno) }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(fd) }
            if !renamed { unlinkat(root.descriptor, temporary, 0) }
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "write", errno: errno)
            }
            written += count
        }
        // umask may have narrowed the mode given to open(2).
        guard fchmod(fd, mode_t(mode & 0o7777)) == 0 else { throw .io(path: path, operation: "set permissions", errno: errno) }
        if let modificationTime {
            // UTIME_OMIT ((1 << 30) - 2) leaves the access time alone.
            let stamps = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), modificationTime]
            _ = stamps.withUnsafeBufferPointer { futimens(fd, $0.baseAddress) }
        }
        guard fsync(fd) == 0 else { throw .io(path: path, operation: "flush", errno: errno) }
        var ownStat = vault_file_stat()
        let ownInode = vault_fstatx(fd, &ownStat) == 0 ? ownStat.inode : nil
        close(fd)
        closed = true
        if crashTestPoint, ProcessInfo.processInfo.environment[crashEnvironmentKey] == "before-rename" {
            _exit(137)
        }
        defer { if renamed, crashTestPoint { CrashSimulation.shared.noteWritten() } }
        switch replacing {
        case .nothing:
            guard vault_rename_noreplace(root.descriptor, temporary, root.descriptor, path) == 0 else {
                if errno == EEXIST { throw .destinationExists(path) }
                throw .io(path: path, operation: "create", errno: errno)
            }
            renamed = true
        case .anything:
            guard renameat(root.descriptor, temporary, root.descriptor, path) == 0 else {
                throw .io(path: path, operation: "replace", errno: errno)
            }
            renamed = true
        case .unchanged(let stamp):
            try replace(path, with: temporary, ifStill: stamp, ownInode: ownInode, in: root)
            renamed = true
        }
    }

    /// Puts `temporary` in place of `path` if `path` is still the file `stamp` describes.
    ///
    /// Checking and then renaming would leave a window in which an editor's save is
    /// replaced unseen. Instead the two names are exchanged atomically and the file that
    /// comes out is checked: if it is not the one that was read, the exchange is undone
    /// and the caller reads the note again.
    private static func replace(_ path: String, with temporary: String, ifStill stamp: FileStamp, ownInode: UInt64?, in root: VaultRoot) throws(VaultError) {
        // Most conflicts show here, before anything moves.
        guard let current = POSIXFile.stat(path, relativeTo: root.descriptor), FileStamp(current).isSameContent(as: stamp) else {
            throw .conflict(path: path)
        }
        guard vault_rename_exchange(root.descriptor, temporary, root.descriptor, path) == 0 else {
            guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else {
                throw .io(path: path, operation: "replace", errno: errno)
            }
            // A file system that cannot exchange: the narrow window is unavoidable.
            guard renameat(root.descriptor, temporary, root.descriptor, path) == 0 else {
                throw .io(path: path, operation: "replace", errno: errno)
            }
            return
        }
        // `temporary` now names the file that was at `path` at the moment of the exchange.
        if let displaced = POSIXFile.stat(temporary, relativeTo: root.descriptor), FileStamp(displaced).isSameContent(as: stamp) {
            unlinkat(root.descriptor, temporary, 0)
            return
        }
        // An editor saved in between. Put its file back, unless a later save already
        // replaced ours, and let the caller start again from what is on disk.
        if let now = POSIXFile.stat(path, relativeTo: root.descriptor), now.inode == ownInode {
            _ = vault_rename_exchange(root.descriptor, temporary, root.descriptor, path)
        }
        unlinkat(root.descriptor, temporary, 0)
        throw .conflict(path: path)
    }

    /// True for a name `temporaryName(for:)` makes.
    static func isTemporaryName(_ name: String) -> Bool {
        name.hasSuffix(".tmp") && name.contains(".vault-") && writerProcess(of: name) != nil
    }

    /// Removes the temporary files in `paths` whose writing process is gone: what a
    /// `kill -9` in the middle of a write leaves. A file of a running process is kept.
    public static func removeLeftovers(_ paths: [String], in root: VaultRoot) {
        for path in paths {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let pid = writerProcess(of: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlinkat(root.descriptor, path, 0)
        }
    }

    /// The process id in `.NAME.vault-PID-N.tmp`.
    private static func writerProcess(of name: String) -> pid_t? {
        guard let marker = name.range(of: ".vault-", options: .backwards) else { return nil }
        let fields = name[marker.upperBound...].split(separator: "-")
        guard fields.count == 2, fields[1].hasSuffix(".tmp") else { return nil }
        return pid_t(fields[0])
    }

    /// A hidden name beside `path`, so that a scan never reads a half-written file.
    static func temporaryName(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return directory + ".\(name).vault-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }
}

/// Counts note writes for `VAULT_TEST_CRASH=after:N`.
final class CrashSimulation: @unchecked Sendable {
    static let shared = CrashSimulation()

    private let lock = NSLock()
    private var written = 0
    private let limit: Int? = {
        guard let value = ProcessInfo.processInfo.environment[AtomicFile.crashEnvironmentKey], value.hasPrefix("after:") else { return nil }
        return Int(value.dropFirst(6))
    }()

    func noteWritten() {
        guard let limit else { return }
        let count = lock.withLock {
            written += 1
            return written
        }
        if count >= limit { _exit(137) }
    }
}
