/// A time stamp of a file, in seconds and nanoseconds since 1970.
public struct FileTime: Sendable, Equatable, Comparable {
    public var seconds: Int64
    public var nanoseconds: Int64

    public init(seconds: Int64, nanoseconds: Int64) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Nanoseconds since 1970, `Int64.max` (or `.min`) past the 292 years they can count:
    /// anyone may date a file 2300, and that must not stop a command.
    public var totalNanoseconds: Int64 {
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = product.addingReportingOverflow(nanoseconds)
        return overflowAgain ? (product < 0 ? .min : .max) : total
    }

    /// Seconds since 1970, for `Date(timeIntervalSince1970:)`.
    public var timeInterval: Double { Double(seconds) + Double(nanoseconds) / 1e9 }

    public static func < (a: FileTime, b: FileTime) -> Bool { a.totalNanoseconds < b.totalNanoseconds }
}

/// What kind of directory entry a name is.
public enum FileKind: Sendable, Equatable {
    case regular, directory, symbolicLink, other
    /// The directory did not say (some file systems); a stat tells.
    case unknown
}

/// What `vault` knows about a file from one statx(2) call.
public struct FileStatus: Sendable, Equatable {
    public var size: Int64
    public var inode: UInt64
    /// Type and permission bits.
    public var mode: UInt32
    public var modified: FileTime
    public var changed: FileTime
    /// Birth time, where the file system records one.
    public var born: FileTime?

    public init(size: Int64, inode: UInt64, mode: UInt32, modified: FileTime, changed: FileTime, born: FileTime? = nil) {
        self.size = size
        self.inode = inode
        self.mode = mode
        self.modified = modified
        self.changed = changed
        self.born = born
    }

    public var kind: FileKind { FileKind(mode: mode) }
    public var isDirectory: Bool { kind == .directory }
    public var isRegularFile: Bool { kind == .regular }
    /// True when no one may write the file: how a user says "leave this file alone".
    public var isReadOnly: Bool { mode & 0o222 == 0 }

    /// The identity of this version of the file.
    public var stamp: FileStamp {
        FileStamp(size: size, inode: inode, mtimeSeconds: modified.seconds, mtimeNanoseconds: modified.nanoseconds,
                  ctimeSeconds: changed.seconds, ctimeNanoseconds: changed.nanoseconds, mode: mode)
    }
}

/// What identifies a version of a file on disk: if any of these changed, so may its bytes.
public struct FileStamp: Sendable, Equatable {
    public var size: Int64
    public var inode: UInt64
    public var mtimeSeconds: Int64
    public var ctimeSeconds: Int64
    // Nanoseconds are below 10⁹: 32 bits each keep every note of a million-note vault 8
    // bytes smaller.
    private var mtimeNanos: UInt32
    private var ctimeNanos: UInt32
    public var mode: UInt32

    public var mtimeNanoseconds: Int64 {
        get { Int64(mtimeNanos) }
        set { mtimeNanos = UInt32(clamping: newValue) }
    }

    public var ctimeNanoseconds: Int64 {
        get { Int64(ctimeNanos) }
        set { ctimeNanos = UInt32(clamping: newValue) }
    }

    public init(size: Int64, inode: UInt64, mtimeSeconds: Int64, mtimeNanoseconds: Int64, ctimeSeconds: Int64, ctimeNanoseconds: Int64, mode: UInt32) {
        self.size = size
        self.inode = inode
        self.mtimeSeconds = mtimeSeconds
        self.ctimeSeconds = ctimeSeconds
        mtimeNanos = UInt32(clamping: mtimeNanoseconds)
        ctimeNanos = UInt32(clamping: ctimeNanoseconds)
        self.mode = mode
    }

    /// True when both stamps describe the same file with the same bytes and permissions.
    /// The change time is left out: renaming a file changes it, not what the file holds.
    public func isSameContent(as other: FileStamp) -> Bool {
        inode == other.inode && size == other.size && mode == other.mode
            && mtimeSeconds == other.mtimeSeconds && mtimeNanoseconds == other.mtimeNanoseconds
    }

    public var modified: FileTime { FileTime(seconds: mtimeSeconds, nanoseconds: mtimeNanoseconds) }
    /// The later of the modification and change times: content can change within one tick
    /// of either.
    public var lastChangeNanoseconds: Int64 {
        max(modified.totalNanoseconds, FileTime(seconds: ctimeSeconds, nanoseconds: ctimeNanoseconds).totalNanoseconds)
    }

    /// How long before a record of a file was written the file must have last changed for
    /// the record to stand for it.
    public static let racyWindowNanoseconds: Int64 = 2_000_000_000

    /// Whether a record of this file written at `writtenAt` (nanoseconds since 1970) stands
    /// for it: git's racy rule, the file last changed more than `window` before (one changed
    /// within a clock tick of being read can change again unseen, same size, same time). A
    /// write time too early for 64 bits to go back from (a forged one) settles nothing.
    public func isSettled(writtenAt: Int64, window: Int64 = racyWindowNanoseconds) -> Bool {
        let (settledBefore, overflow) = writtenAt.subtractingReportingOverflow(window)
        return !overflow && lastChangeNanoseconds < settledBefore
    }
}

/// A failed system call: what was attempted and the errno it set.
public struct SystemError: Error, Sendable, Equatable {
    /// What was attempted, for messages: `open`, `rename`, `create the directory`.
    public var operation: String
    public var code: Int32

    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// The system's description of the errno, lower-cased: `no such file or directory`.
    public var reason: String { Syscalls.describe(code) }
}
