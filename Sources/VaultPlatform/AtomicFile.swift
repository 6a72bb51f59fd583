import Foundation

/// Replaces files atomically: the new bytes go to a temporary file in the same directory,
/// which is flushed and renamed over the target, so a crash leaves the old file or the
/// new one, never half of either (cache files, checked when read, skip the flush:
/// `Durability.checked`).
package enum AtomicFile {
    /// Tests only: `before-rename` makes the process die after a note's temporary file is
    /// written and before it replaces the note; `after:N` makes it die after N notes were
    /// replaced, in the middle of a bulk operation; `cache-before-rename`, before a cache
    /// file (`Durability.checked`) replaces the old one. Each is what `kill -9` would do.

    /// Why a write did not happen.
    package enum Failure: Error, Equatable {
        /// `.nothing` was to be replaced, and a file is there.
        case exists
        /// The file to replace is not the one that was read.
        case changed
        case system(SystemError)
    }

    /// What a power cut may leave of a write.
    package enum Durability: Sendable, Equatable {
        /// The old file or the new one, whole: the bytes are flushed to the disk before the
        /// rename (fsync). Notes, settings, history, the trash.
        case flushed
        /// The old file, the new one, or the new name with bytes missing or zeros (the
        /// rename may reach the disk before the bytes): for vault's cache files, each of
        /// which is checked when read (checksums, bounds) and rebuilt when it fails. A
        /// killed process leaves the old file or the new one as `.flushed` does; only a
        /// power cut tells the two apart (docs/cache.md).
        case checked
    }

    /// What a write may replace.
    package enum Replacement: Sendable, Equatable {
        /// Nothing: the file is new, and `.destinationExists` is thrown if one appeared.
        case nothing
        /// Whatever is there: for vault's own files (settings, cache, history).
        case anything
        /// Only the file described by the stamp, as it was read; `.conflict` otherwise.
        case unchanged(FileStamp)
    }

    /// Writes `chunks` one after the other, as one file, to `path`, relative to the
    /// directory `directory`: a large file made of parts need not be joined in memory first.
    ///
    /// - Parameters:
    ///   - mode: permission bits of the new file (the old file's, to keep them).
    ///   - modificationTime: when given, the new file keeps this modification time, so an
    ///     organising write (a tag, a pin) does not reorder lists by file time.
    ///   - replacing: which file, if any, the write may replace.
    ///   - crashTestPoint: true where tests may simulate a crash (`CrashSimulation`).
    ///   - durability: whether the bytes reach the disk before the rename (`.flushed`), or
    ///     may follow it (`.checked`: files whose every byte is checked when read).
    package static func write(
        chunks: [[UInt8]],
        to path: String,
        in directory: Int32,
        mode: UInt32,
        modificationTime: FileTime? = nil,
        replacing: Replacement = .anything,
        crashTestPoint: Bool = false,
        durability: Durability = .flushed
    ) throws(Failure) {
        let temporary = temporaryName(for: path)
        let fd: Int32
        do {
            fd = try Syscalls.createExclusive(temporary, in: directory, mode: mode)
        } catch {
            throw .system(error)
        }
        var closed = false
        var renamed = false
        defer {
            if !closed { Syscalls.close(fd) }
            if !renamed { Syscalls.removeFile(temporary, in: directory) }
        }
        let ownInode: UInt64?
        do {
            for bytes in chunks {
                try bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try Syscalls.writeAll(fd, raw) } }.get()
            }
            // umask may have narrowed the mode given to open(2).
            try Syscalls.setPermissions(fd, mode)
            if let modificationTime {
                Syscalls.setModificationTime(fd, seconds: modificationTime.seconds, nanoseconds: modificationTime.nanoseconds)
            }
            if durability == .flushed { try Syscalls.flush(fd) }
            ownInode = try? Syscalls.status(of: fd).inode
        } catch {
            throw .system(error)
        }
        Syscalls.close(fd)
        closed = true
        if crashTestPoint, CrashSimulation.shared.stopsBeforeRename {
            Syscalls.exitImmediately(137)
        }
        if durability == .checked, CrashSimulation.shared.stopsBeforeCacheRename {
            Syscalls.exitImmediately(137)
        }
        defer { if renamed, crashTestPoint { CrashSimulation.shared.noteWritten() } }
        do {
            switch replacing {
            case .nothing:
                do {
                    try Syscalls.renameNoReplace(temporary, to: path, in: directory)
                } catch where error.isExists {
                    throw .exists
                } catch {
                    throw .system(SystemError(operation: "create", code: error.code))
                }
            case .anything:
                do {
                    try Syscalls.rename(temporary, to: path, in: directory)
                } catch {
                    throw .system(error)
                }
            case .unchanged(let stamp):
                try replace(path, with: temporary, ifStill: stamp, ownInode: ownInode, in: directory)
            }
            renamed = true
        }
    }

    /// Puts `temporary` in place of `path` if `path` is still the file `stamp` describes.
    ///
    /// Checking and then renaming would leave a window in which an editor's save is
    /// replaced unseen. Instead the two names are exchanged atomically and the file that
    /// comes out is checked: if it is not the one that was read, the exchange is undone
    /// and the caller reads the note again. A file that comes out unchanged but that some
    /// process still has open (a shell's `>>` between its open and its write) is not
    /// unlinked under it either: the exchange is undone and tried again a little later.
    private static func replace(_ path: String, with temporary: String, ifStill stamp: FileStamp, ownInode: UInt64?, in directory: Int32) throws(Failure) {
        for attempt in 0..<busyAttempts {
            // Most conflicts show here, before anything moves.
            guard let current = Syscalls.status(path, in: directory), current.stamp.isSameContent(as: stamp) else {
                throw .changed
            }
            do {
                try Syscalls.exchange(temporary, path, in: directory)
            } catch {
                guard error.isUnsupported else { throw .system(error) }
                // A file system that cannot exchange: the narrow window is unavoidable.
                do {
                    try Syscalls.rename(temporary, to: path, in: directory)
                } catch {
                    throw .system(error)
                }
                return
            }
            // `temporary` now names the file that was at `path` at the moment of the exchange.
            if removeIfUnchanged(temporary, stamp: stamp, in: directory) == .removed { return }
            // An editor saved in between, or still has the file open for writing. Put its
            // file back, unless a later save already replaced ours.
            let displacedChanged = Syscalls.status(temporary, in: directory)?.stamp.isSameContent(as: stamp) != true
            guard let now = Syscalls.status(path, in: directory), now.inode == ownInode,
                  (try? Syscalls.exchange(temporary, path, in: directory)) != nil
            else {
                Syscalls.removeFile(temporary, in: directory)
                throw .changed
            }
            guard !displacedChanged, attempt + 1 < busyAttempts else { break }
            Syscalls.sleep(microseconds: 1_000 << min(attempt, 6))
        }
        // The caller starts again from what is on disk (and reports a note that stays busy).
        throw .changed
    }

    private enum Displaced {
        case removed
        case changed
        case writerOpen
    }

    /// Removes the file the exchange displaced when it is still the one that was read and
    /// no one has it open for writing: checked holding a read lease, which no writer can
    /// open the file past until the file is gone (where leases exist).
    private static func removeIfUnchanged(_ temporary: String, stamp: FileStamp, in directory: Int32) -> Displaced {
        guard let fd = Syscalls.openForReading(temporary, in: directory) else { return .changed }
        defer { Syscalls.close(fd) }
        let lease = Syscalls.takeReadLease(fd)
        if lease == .writerOpen { return .writerOpen }
        defer { if lease == .held { Syscalls.releaseLease(fd) } }
        guard (try? Syscalls.status(of: fd))?.stamp.isSameContent(as: stamp) == true else { return .changed }
        Syscalls.removeFile(temporary, in: directory)
        return .removed
    }

    /// How many times a note some process keeps open for writing is tried before the
    /// write gives up (about a quarter of a second in all).
    static let busyAttempts = 10

    /// True for a name `temporaryName(for:)` makes.
    package static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".vault-") && writerProcess(of: name) != nil
    }

    /// Removes the temporary files in `paths` whose writing process is gone: what a
    /// `kill -9` in the middle of a write leaves. A file of a running process is kept.
    package static func removeLeftovers(_ paths: [String], in directory: Int32) {
        for path in paths {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let pid = writerProcess(of: name), pid != Syscalls.processID, !Syscalls.processExists(pid) else { continue }
            Syscalls.removeFile(path, in: directory)
        }
    }

    /// The process id in `.NAME.vault-PID-N.tmp`.
    private static func writerProcess(of name: String) -> Int32? {
        guard let marker = name.range(of: ".vault-", options: .backwards) else { return nil }
        let fields = name[marker.upperBound...].split(separator: "-")
        guard fields.count == 2, fields[1].hasSuffix(".tmp") else { return nil }
        return Int32(fields[0])
    }

    /// A hidden name beside `path`, so that a scan never reads a half-written file.
    static func temporaryName(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return directory + ".\(name).vault-\(Syscalls.processID)-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }
}

/// A crash simulated for tests, injected once by the front end (`vault --test-crash`):
/// `before-rename` exits before a note's new bytes replace the old ones, `after:N` right
/// after the Nth note written or moved to or from the trash, `cache-before-rename` before
/// the first cache file written without a flush (`Durability.checked`) replaces the old
/// one; each as `kill -9` would leave things.
package final class CrashSimulation: @unchecked Sendable {
    package static let shared = CrashSimulation()

    private let lock = NSLock()
    private var written = 0
    private var point: String?

    /// Simulates the crash `point` from now on.
    package func simulate(_ point: String) {
        lock.withLock { self.point = point }
    }

    var stopsBeforeRename: Bool { lock.withLock { point == "before-rename" } }

    /// `cache-before-rename`: exits before a cache file's new bytes replace the old ones.
    var stopsBeforeCacheRename: Bool { lock.withLock { point == "cache-before-rename" } }

    package func noteWritten() {
        let crashes = lock.withLock { () -> Bool in
            guard let point, point.hasPrefix("after:"), let limit = Int(point.dropFirst(6)) else { return false }
            written += 1
            return written >= limit
        }
        if crashes { Syscalls.exitImmediately(137) }
    }
}
