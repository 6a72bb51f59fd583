internal import CSystemShims
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Every system call `vault` makes, as thin Swift functions: the one file that speaks C.
///
/// Paths are relative to a directory descriptor (`*at` calls), so that every file
/// operation stays inside the vault's root, and no call follows a final symbolic link
/// unless it says so. Failures come back as `SystemError` with the call's errno.
package enum Syscalls {
    // MARK: Descriptors

    /// Opens a directory relative to `directory` (`AT_FDCWD` semantics for absolute paths),
    /// refusing a symbolic link unless `followLinks`.
    /// Opens a directory relative to `directory`, refusing a symbolic link unless
    /// `followLinks` (which only the machine's own paths, from `currentDirectory`, take:
    /// beneath a vault's descriptor no link is ever followed).
    package static func openDirectory(_ path: String, in directory: Int32 = currentDirectory, followLinks: Bool = false) throws(SystemError) -> Int32 {
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW)
        let fd = directory == currentDirectory
            ? openat(directory, path.isEmpty ? "." : path, flags)
            : vault_open_beneath(directory, path, O_RDONLY | O_DIRECTORY, 0)
        guard fd >= 0 else { throw SystemError(operation: "open", code: errno) }
        return fd
    }

    /// Opens a regular file for reading without following a symbolic link or becoming a
    /// controlling terminal.
    static func openForReading(_ name: UnsafePointer<CChar>, in directory: Int32) throws(SystemError) -> Int32 {
        let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK
        let fd = directory == currentDirectory ? openat(directory, name, flags) : vault_open_beneath(directory, name, flags, 0)
        guard fd >= 0 else { throw SystemError(operation: "open", code: errno) }
        return fd
    }

    /// Creates a new file for writing; fails if the name exists.
    static func createExclusive(_ path: String, in directory: Int32, mode: UInt32) throws(SystemError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let fd = directory == currentDirectory
            ? openat(directory, path, flags, mode_t(mode & 0o7777))
            : vault_open_beneath(directory, path, flags, mode & 0o7777)
        guard fd >= 0 else { throw SystemError(operation: "create a temporary file", code: errno) }
        return fd
    }

    /// Appends `bytes` to the file at `path` (created if needed, never through a symbolic
    /// link) in one write(2): with O_APPEND, writers on several threads never interleave.
    package static func append(_ bytes: UnsafeRawBufferPointer, to path: String, in directory: Int32, mode: UInt32) throws(SystemError) {
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC
        let fd = directory == currentDirectory
            ? openat(directory, path, flags, mode_t(mode & 0o7777))
            : vault_open_beneath(directory, path, flags, mode & 0o7777)
        guard fd >= 0 else { throw SystemError(operation: "append to", code: errno) }
        defer { close(fd) }
        try writeAll(fd, bytes)
    }

    // MARK: Locks and leases

    /// Opens (creating it if needed) the file a lock is taken on, read-write, without
    /// following a symbolic link.
    static func openLockFile(_ path: String, in directory: Int32) throws(SystemError) -> Int32 {
        let flags = O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC
        let fd = directory == currentDirectory
            ? openat(directory, path, flags, mode_t(0o600))
            : vault_open_beneath(directory, path, flags, 0o600)
        guard fd >= 0 else { throw SystemError(operation: "open the lock", code: errno) }
        return fd
    }

    /// flock(2) `LOCK_EX` on `fd`, waiting for it, retried on EINTR.
    static func lockExclusive(_ fd: Int32) throws(SystemError) {
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw SystemError(operation: "lock", code: errno) }
        }
    }

    /// flock(2) `LOCK_EX | LOCK_NB`: false when another open file holds the lock.
    static func tryLockExclusive(_ fd: Int32) -> Bool {
        flock(fd, LOCK_EX | LOCK_NB) == 0
    }

    /// What a read lease on a file says about its writers.
    package enum Lease {
        /// Granted: no one has the file open for writing, and no one can open it so until
        /// it is given back.
        case held
        /// Someone has the file open for writing (a shell's `>>` between its open and its
        /// write, an editor).
        case writerOpen
        /// The file system or the file's owner allows no lease.
        case unknown
    }

    /// Takes a read lease on `fd` (open read-only); give it back with `releaseLease`.
    static func takeReadLease(_ fd: Int32) -> Lease {
        ignoreLeaseBreaks
        switch vault_take_read_lease(fd) {
        case 0: return .held
        case 1: return .writerOpen
        default: return .unknown
        }
    }

    static func releaseLease(_ fd: Int32) {
        vault_release_lease(fd)
    }

    /// Opens `path` read-only, without following a symbolic link; nil when it cannot.
    static func openForReading(_ path: String, in directory: Int32) -> Int32? {
        try? path.withCString { try openForReading($0, in: directory) }
    }

    /// A lease held for an instant is broken by a process opening the file with SIGIO, whose
    /// default action ends the process: it is ignored, once (nothing else uses SIGIO).
    private static let ignoreLeaseBreaks: Void = { signal(SIGIO, SIG_IGN) }()

    // MARK: Confinement

    /// Runs `body` with the directory that holds `path`'s last name and that name: beneath
    /// `directory` (a vault's descriptor), the parent is opened with `vault_open_beneath`,
    /// so that no symbolic link in any part of the path is followed and no `..` leads out;
    /// the `*at` call that `body` makes then guards the last name itself. From
    /// `currentDirectory` (the machine's own paths) `path` is used as it is.
    private static func beneath<R>(_ path: String, in directory: Int32, _ body: (Int32, String) -> R) throws(SystemError) -> R {
        guard directory != currentDirectory else { return body(directory, path) }
        guard !path.hasPrefix("/") else { throw SystemError(operation: "reach", code: EXDEV) }
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            guard path != "..", !path.isEmpty else { throw SystemError(operation: "reach", code: EXDEV) }
            return body(directory, path)
        }
        let parentPath = String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        guard name != "..", name != ".", !name.isEmpty else { throw SystemError(operation: "reach", code: EXDEV) }
        let parent = vault_open_beneath(directory, parentPath, O_RDONLY | O_DIRECTORY, 0)
        guard parent >= 0 else { throw SystemError(operation: "open", code: errno) }
        defer { _ = system_close(parent) }
        return body(parent, name)
    }

    /// `beneath` for a C string: a bare name (the scan's case) costs no copy.
    private static func beneath<R>(cString path: UnsafePointer<CChar>, in directory: Int32, _ body: (Int32, UnsafePointer<CChar>) -> R) throws(SystemError) -> R {
        if directory == currentDirectory || strchr(path, 0x2F) == nil && strcmp(path, "..") != 0 {
            return body(directory, path)
        }
        return try beneath(String(cString: path), in: directory) { parent, name in name.withCString { body(parent, $0) } }
    }

    package static func close(_ fd: Int32) {
        _ = system_close(fd)
    }

    /// The working directory, for `openDirectory` with an absolute or cwd-relative path.
    package static let currentDirectory: Int32 = AT_FDCWD

    // MARK: Status

    /// statx(2) of `path` relative to `directory`, not following a final symbolic link.
    package static func status(_ path: UnsafePointer<CChar>, in directory: Int32) -> FileStatus? {
        var raw = vault_file_stat()
        guard (try? beneath(cString: path, in: directory, { vault_statx($0, $1, 1, &raw) })) == 0 else { return nil }
        return FileStatus(raw)
    }

    /// The stamp of `path` relative to `directory`, not following a final symbolic link,
    /// by fstatat(2): the scan compares one with the cache's for every note, and statx(2),
    /// with its larger structure to fill, cost the kernel 3% more.
    package static func stamp(_ path: UnsafePointer<CChar>, in directory: Int32) -> FileStamp? {
        var raw = vault_file_stat()
        guard (try? beneath(cString: path, in: directory, { vault_lstat($0, $1, &raw) })) == 0 else { return nil }
        return FileStatus(raw).stamp
    }

    package static func status(_ path: String, in directory: Int32) -> FileStatus? {
        path.withCString { status($0, in: directory) }
    }

    /// The magic number of the file system `fd` is on (fstatfs(2)'s `f_type`), on Linux.
    package static func fileSystemType(of fd: Int32) -> Int64? {
        let type = vault_file_system_type(fd)
        return type < 0 ? nil : Int64(type)
    }

    /// statx(2) of an open descriptor.
    static func status(of fd: Int32) throws(SystemError) -> FileStatus {
        var raw = vault_file_stat()
        guard vault_fstatx(fd, &raw) == 0 else { throw SystemError(operation: "stat", code: errno) }
        return FileStatus(raw)
    }

    // MARK: Reading and writing

    /// read(2), retried on EINTR.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemError> {
        while true {
            let count = system_read(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(SystemError(operation: "read", code: errno)) }
        }
    }

    /// Writes all of `bytes`, retrying on EINTR and short writes.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let count = system_write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError(operation: "write", code: errno)
            }
            offset += count
        }
    }

    static func setPermissions(_ fd: Int32, _ mode: UInt32) throws(SystemError) {
        guard fchmod(fd, mode_t(mode & 0o7777)) == 0 else { throw SystemError(operation: "set permissions", code: errno) }
    }

    /// Sets the modification time, leaving the access time alone.
    static func setModificationTime(_ fd: Int32, seconds: Int64, nanoseconds: Int64) {
        // UTIME_OMIT ((1 << 30) - 2) leaves the access time alone.
        let stamps = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))]
        _ = stamps.withUnsafeBufferPointer { futimens(fd, $0.baseAddress) }
    }

    static func flush(_ fd: Int32) throws(SystemError) {
        guard fsync(fd) == 0 else { throw SystemError(operation: "flush", code: errno) }
    }

    // MARK: Names

    /// renameat2(2) with RENAME_NOREPLACE: never replaces an existing file.
    package static func renameNoReplace(_ source: String, to target: String, in directory: Int32) throws(SystemError) {
        try renaming(source, target, in: directory, operation: "rename") { vault_rename_noreplace($0, $1, $2, $3) }
    }

    /// rename(2): replaces whatever `target` is.
    static func rename(_ source: String, to target: String, in directory: Int32) throws(SystemError) {
        try renaming(source, target, in: directory, operation: "replace") { renameat($0, $1, $2, $3) }
    }

    /// renameat2(2) with RENAME_EXCHANGE: swaps two names atomically.
    static func exchange(_ a: String, _ b: String, in directory: Int32) throws(SystemError) {
        try renaming(a, b, in: directory, operation: "replace") { vault_rename_exchange($0, $1, $2, $3) }
    }

    /// One of the renameat calls, each name's parent reached `beneath` `directory`.
    private static func renaming(
        _ source: String, _ target: String, in directory: Int32, operation: String,
        _ call: (Int32, String, Int32, String) -> Int32
    ) throws(SystemError) {
        // errno is read in the call's closure, before a parent's descriptor is closed.
        let failure = try beneath(source, in: directory) { sourceParent, sourceName in
            Result { () throws(SystemError) in
                try beneath(target, in: directory) { targetParent, targetName in
                    call(sourceParent, sourceName, targetParent, targetName) == 0 ? nil : errno
                }
            }
        }.get()
        if let failure { throw SystemError(operation: operation, code: failure) }
    }

    /// Removes a file; true when it was removed or was already gone.
    @discardableResult
    package static func removeFile(_ path: String, in directory: Int32) -> Bool {
        do {
            return try beneath(path, in: directory) { (parent: Int32, name: String) in unlinkat(parent, name, 0) == 0 || errno == ENOENT }
        } catch {
            return error.isNotFound
        }
    }

    /// Removes an empty directory; false when it is not empty or cannot be removed.
    package static func removeDirectory(_ path: String, in directory: Int32) -> Bool {
        (try? beneath(path, in: directory) { (parent: Int32, name: String) in unlinkat(parent, name, AT_REMOVEDIR) == 0 }) ?? false
    }

    /// Creates a directory; an existing one is not an error unless `mustBeNew`.
    package static func makeDirectory(_ path: String, in directory: Int32 = currentDirectory, mustBeNew: Bool = false) throws(SystemError) {
        let failure = try beneath(path, in: directory) { (parent: Int32, name: String) in mkdirat(parent, name, 0o755) == 0 ? nil : errno }
        guard let failure else { return }
        if failure == EEXIST, !mustBeNew { return }
        throw SystemError(operation: "create the directory", code: failure)
    }

    // MARK: Directories

    /// The names in the directory at `path` (relative to `directory`, not a symbolic link),
    /// with their kinds; nil when it cannot be read.
    package static func entries(of path: String, in directory: Int32) -> [(name: [UInt8], kind: FileKind)]? {
        entries(of: path, in: directory) { _, _ in true }
    }

    /// The entries of `path` that `keeping` keeps, given each name's bytes and type before
    /// any is copied: a walk for a few files among a vault's hundreds of thousands.
    package static func entries(
        of path: String, in directory: Int32, keeping: (UnsafeRawBufferPointer, FileKind) -> Bool
    ) -> [(name: [UInt8], kind: FileKind)]? {
        var entries: [(name: [UInt8], kind: FileKind)] = []
        do {
            let fd = try openDirectory(path, in: directory)
            try forEachEntry(ofDirectory: fd) { name, kind in if keeping(name, kind) { entries.append((Array(name), kind)) } }
        } catch {
            return nil
        }
        return entries
    }

    /// The names of the directories in `path` (in `directory`), without copying the name
    /// of every file: a watcher walks a million-note vault's folders for them alone.
    package static func subdirectories(of path: String, in directory: Int32) -> [[UInt8]]? {
        var names: [[UInt8]] = []
        do {
            let fd = try openDirectory(path, in: directory)
            try forEachEntry(ofDirectory: fd) { name, kind in if kind == .directory { names.append(Array(name)) } }
        } catch {
            return nil
        }
        return names
    }

    /// Reads every entry of the open directory `fd` (which it takes over and closes),
    /// skipping `.` and `..`; `visit` gets each name's bytes (NUL-terminated just past the
    /// buffer's end) and its type.
    static func forEachEntry(ofDirectory fd: Int32, _ visit: (UnsafeRawBufferPointer, FileKind) -> Void) throws(SystemError) {
        guard let dir = fdopendir(fd) else {
            let code = errno
            _ = system_close(fd)
            throw SystemError(operation: "open", code: code)
        }
        defer { closedir(dir) }
        let handle = dirfd(dir)
        while let entry = readdir(dir) {
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                guard let base = raw.baseAddress else { return }
                let name = UnsafeRawBufferPointer(start: base, count: strnlen(base.assumingMemoryBound(to: CChar.self), raw.count))
                if name.count == 1 && name[0] == 0x2E || name.count == 2 && name[0] == 0x2E && name[1] == 0x2E { return }
                var kind = FileKind(direntType: entry.pointee.d_type)
                if kind == .unknown {
                    // Still `.unknown` when the stat fails: the caller reports the entry.
                    kind = status(base.assumingMemoryBound(to: CChar.self), in: handle)?.kind ?? .unknown
                }
                visit(name, kind)
            }
        }
    }

    // MARK: Watching

    #if os(Linux)
    /// inotify_init1(2): a descriptor that reports changes in watched directories.
    static func makeWatcher() throws(SystemError) -> Int32 {
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw SystemError(operation: "watch the vault", code: errno) }
        return fd
    }

    /// The events a directory watcher asks for: anything that changes which files are
    /// there or what they hold.
    static let watchedEvents = UInt32(IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
    static let eventIsDirectory = UInt32(IN_ISDIR)
    static let eventCreated = UInt32(IN_CREATE)
    static let eventOverflow = UInt32(IN_Q_OVERFLOW)
    static let eventIgnored = UInt32(IN_IGNORED)

    /// inotify_add_watch(2) on a directory; nil when it cannot be watched.
    static func watch(_ path: String, with fd: Int32) -> Int32? {
        let wd = inotify_add_watch(fd, path, watchedEvents)
        return wd >= 0 ? wd : nil
    }
    #endif

    /// Waits up to `milliseconds` for `fd` to be readable; true when it is, or when it has
    /// ended (a pipe whose writers closed says only POLLHUP): a read does not block.
    package static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0 && entry.revents & Int16(POLLIN | POLLHUP) != 0
    }

    // MARK: Local sockets

    /// The longest path a Unix socket address holds (`sun_path` less its final NUL).
    package static let localSocketPathLimit = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A Unix stream socket listening at `path`, which must not exist; only this user may
    /// connect (the socket is made 0600 before it listens).
    package static func listenLocal(_ path: String) throws(SystemError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError(operation: "create a socket", code: errno) }
        var address = try localAddress(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(fd, 16) == 0 else {
            let code = errno
            Self.close(fd)
            throw SystemError(operation: "listen at \(path)", code: code)
        }
        return fd
    }

    /// A Unix stream socket connected to `path`; nil when nothing listens there.
    package static func connectLocal(_ path: String) -> Int32? {
        guard var address = try? localAddress(path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        // Another user's process at the path (a folder others could write in) is no server
        // of ours: what a command prints is not sent to it, and its answers are not taken.
        guard connected == 0, isThisUser(fd) else {
            Self.close(fd)
            return nil
        }
        return fd
    }

    /// accept(2), the connection made close-on-exec; nil when none is waiting, and a
    /// connection from another user's process is closed at once.
    package static func acceptLocal(_ fd: Int32) -> Int32? {
        let connection = accept(fd, nil, nil)
        guard connection >= 0 else { return nil }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        guard isThisUser(connection) else {
            Self.close(connection)
            return nil
        }
        return connection
    }

    /// True when the process at the other end of the local socket `fd` runs as this user.
    private static func isThisUser(_ fd: Int32) -> Bool {
        var peer: UInt32 = 0
        return vault_peer_uid(fd, &peer) == 0 && peer == getuid()
    }

    private static func localAddress(_ path: String) throws(SystemError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count <= localSocketPathLimit else { throw SystemError(operation: "use the socket path \(path)", code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return address
    }

    /// sendmsg(2) of all of `bytes`, with `descriptors` passed along (SCM_RIGHTS) with the
    /// first of them. A peer that is gone is an error (EPIPE), not a signal.
    package static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, descriptors: [Int32] = []) throws(SystemError) {
        var offset = 0
        var pending = descriptors
        while offset < bytes.count || !pending.isEmpty {
            var vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress.map { $0 + offset }), iov_len: bytes.count - offset)
            var control = [UInt8](repeating: 0, count: pending.isEmpty ? 0 : controlSpace(pending.count))
            let sent = control.withUnsafeMutableBytes { control -> Int in
                var message = msghdr()
                withUnsafeMutablePointer(to: &vector) { message.msg_iov = $0 }
                message.msg_iovlen = 1
                if !pending.isEmpty, let base = control.baseAddress {
                    let header = base.assumingMemoryBound(to: cmsghdr.self)
                    header.pointee.cmsg_len = MemoryLayout<cmsghdr>.size + 4 * pending.count
                    header.pointee.cmsg_level = SOL_SOCKET
                    header.pointee.cmsg_type = Int32(SCM_RIGHTS)
                    pending.withUnsafeBytes { (base + MemoryLayout<cmsghdr>.size).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                    message.msg_control = base
                    message.msg_controllen = control.count
                }
                return withUnsafePointer(to: &vector) { _ in sendmsg(fd, &message, Int32(MSG_NOSIGNAL)) }
            }
            if sent < 0 {
                if errno == EINTR { continue }
                throw SystemError(operation: "send to a socket", code: errno)
            }
            pending = []
            offset += sent
        }
    }

    /// recvmsg(2) of up to `buffer.count` bytes and the descriptors passed with them (made
    /// close-on-exec); a count of 0 is the end of the stream.
    package static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, descriptors: inout [Int32]) -> Result<Int, SystemError> {
        var control = [UInt8](repeating: 0, count: controlSpace(8))
        while true {
            var vector = iovec(iov_base: buffer.baseAddress, iov_len: buffer.count)
            let (count, passed) = control.withUnsafeMutableBytes { control -> (Int, [Int32]) in
                var message = msghdr()
                message.msg_control = control.baseAddress
                message.msg_controllen = control.count
                let count = withUnsafeMutablePointer(to: &vector) { vector -> Int in
                    message.msg_iov = vector
                    message.msg_iovlen = 1
                    return recvmsg(fd, &message, Int32(MSG_CMSG_CLOEXEC))
                }
                guard count >= 0, message.msg_controllen >= MemoryLayout<cmsghdr>.size, let base = control.baseAddress else { return (count, []) }
                let header = base.assumingMemoryBound(to: cmsghdr.self).pointee
                guard header.cmsg_level == SOL_SOCKET, header.cmsg_type == Int32(SCM_RIGHTS) else { return (count, []) }
                let passed = (Int(header.cmsg_len) - MemoryLayout<cmsghdr>.size) / 4
                return (count, (0..<passed).map { base.loadUnaligned(fromByteOffset: MemoryLayout<cmsghdr>.size + 4 * $0, as: Int32.self) })
            }
            descriptors += passed
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(SystemError(operation: "read from a socket", code: errno)) }
        }
    }

    /// One byte from a socket; nil at its end or on an error.
    package static func readByte(_ fd: Int32) -> UInt8? {
        var byte: UInt8 = 0
        guard case .success(1) = withUnsafeMutableBytes(of: &byte, { read(fd, into: $0) }) else { return nil }
        return byte
    }

    /// Sends one byte; false when the peer is gone.
    @discardableResult
    package static func sendByte(_ fd: Int32, _ byte: UInt8) -> Bool {
        var byte = byte
        return withUnsafeBytes(of: &byte) { (try? send(fd, $0)) != nil }
    }

    /// CMSG_SPACE for `count` descriptors: the header, then the descriptors, padded to the
    /// header's alignment.
    private static func controlSpace(_ count: Int) -> Int {
        let alignment = MemoryLayout<Int>.size
        return MemoryLayout<cmsghdr>.size + (4 * count + alignment - 1) / alignment * alignment
    }

    /// The path of the running executable, symbolic links resolved.
    package static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// execve(2): this process becomes the program at `path`, with `arguments` (the first is
    /// its `argv[0]`), the same descriptors, and this process's environment byte for byte
    /// with `variable` set to `value`. Returns only when it could not.
    package static func replaceProcess(with path: String, arguments: [String], setting variable: String, to value: String) -> SystemError {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let prefix = Array((variable + "=").utf8CString.dropLast())
        var envp: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let pointer = entry.pointee {
            if strncmp(pointer, prefix, prefix.count) != 0 { envp.append(strdup(pointer)) }
            entry = entry.advanced(by: 1)
        }
        envp += [strdup(variable + "=" + value), nil]
        defer { for pointer in argv + envp { free(pointer) } }
        execve(path, &argv, &envp)
        return SystemError(operation: "run", code: errno)
    }

    /// The environment variable `name`, removed from this process's environment, so that no
    /// child inherits it. Call before starting threads that read the environment.
    package static func takeEnvironmentVariable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let taken = String(cString: value)
        unsetenv(name)
        return taken
    }

    /// realpath(3): `path` with every symbolic link and `.` or `..` resolved; nil when it
    /// does not lead to a file.
    package static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// inet_pton(3) of an IPv4 or IPv6 address in text: its bytes (4 or 16), nil when the
    /// text is no address (a name).
    package static func parseAddress(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// The addresses of this machine's network interfaces, as text (`192.168.1.2`,
    /// `fe80::1`, without a zone).
    package static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                }
            default: continue
            }
            let string = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !string.isEmpty, !addresses.contains(string) { addresses.append(string) }
        }
        return addresses
    }

    /// gethostname(2); nil when it fails.
    package static func hostName() -> String? {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return nil }
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    // MARK: Memory

    /// Maps `count` bytes of `fd` read-only; pages come in as they are read, or at once
    /// through `populate`.
    static func mapReadOnly(_ fd: Int32, count: Int) -> UnsafeRawBufferPointer? {
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != MAP_FAILED else { return nil }
        return UnsafeRawBufferPointer(start: address, count: count)
    }

    /// Maps in the pages of the first `count` bytes of a mapping at once (one call instead
    /// of a page fault every 64 KB); a hint, so failure (an older kernel) is ignored.
    static func populate(_ bytes: UnsafeRawBufferPointer, count: Int) {
        #if os(Linux)
        guard let start = bytes.baseAddress, count > 0 else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: start), min(count, bytes.count), 22 /* MADV_POPULATE_READ */)
        #endif
    }

    /// Asks for huge pages for the whole 2 MiB blocks of `bytes`, fresh memory not yet
    /// touched: a large array filled at once then takes a fault per 2 MiB rather than per
    /// 4 KiB. A hint, ignored where it is not supported.
    package static func adviseHugePages(_ bytes: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        let huge = 2 << 20
        guard let base = bytes.baseAddress else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + bytes.count) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, 14 /* MADV_HUGEPAGE */)
        #endif
    }

    /// `count` bytes aligned to `alignment` (posix_memalign): nil when there is not that
    /// much memory, where Swift's own allocation would stop the process.
    static func allocateAligned(count: Int, alignment: Int) -> UnsafeMutableRawBufferPointer? {
        var address: UnsafeMutableRawPointer?
        guard posix_memalign(&address, alignment, max(count, 1)) == 0, let address else { return nil }
        return UnsafeMutableRawBufferPointer(start: address, count: count)
    }

    static func deallocateAligned(_ bytes: UnsafeMutableRawBufferPointer) {
        free(bytes.baseAddress)
    }

    static func unmap(_ bytes: UnsafeRawBufferPointer) {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// memchr(3).
    static func findByte(_ byte: UInt8, in base: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        memchr(base, Int32(byte), count).map { UnsafeRawPointer($0) }
    }

    /// memcmp(3).
    static func compareBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Int32 {
        memcmp(a, b, count)
    }

    // MARK: Processes and terminals

    package static var processID: Int32 { getpid() }

    /// usleep(3): a short pause before trying again.
    static func sleep(microseconds: UInt32) {
        usleep(microseconds)
    }

    /// True unless no process `pid` exists (a process of another user still counts).
    package static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Ends the process at once, as `kill -9` would: no cleanup, no flushing.
    package static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }

    /// Makes a write to a pipe whose reader is gone an error (EPIPE) instead of a signal
    /// that ends the process: a server writing for a `vault list | head` must live on.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    package static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    // MARK: Child processes

    /// posix_spawn(2) of `path` with `arguments` (the first is the child's `argv[0]`) and
    /// this process's environment, in this process's group: no POSIX_SPAWN_SETPGROUP, so
    /// a child of a command run in a terminal's foreground stays in the foreground and can
    /// read the terminal. The child starts with the default action for `defaultSignals`
    /// (however this process handles them) and nothing blocked.
    static func spawn(_ path: String, _ arguments: [String], defaultSignals: [Int32], standardInput: Int32? = nil, closing: [Int32] = []) throws(SystemError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
            posix_spawn_file_actions_addclose(&actions, standardInput)
        }
        for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var attributes = posix_spawnattr_t()
        guard posix_spawnattr_init(&attributes) == 0 else { throw SystemError(operation: "start", code: ENOMEM) }
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard code == 0 else { throw SystemError(operation: "start", code: code) }
        return pid
    }

    /// A pipe: its read end and its write end.
    static func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw SystemError(operation: "make a pipe", code: errno) }
        return (descriptors[0], descriptors[1])
    }

    /// A pipe whose ends close on exec (a child started meanwhile holds neither open): its
    /// read end and its write end.
    package static func makeClosingPipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw SystemError(operation: "make a pipe", code: errno) }
        // Glibc's module has no pipe2: set at once, before this process starts a child.
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    /// Makes `descriptor` this process's standard output (closing `descriptor` itself).
    static func redirectStandardOutput(to descriptor: Int32) {
        dup2(descriptor, 1)
        close(descriptor)
    }

    /// Flushes C's buffered output and closes standard output: its reader sees the end.
    static func closeStandardOutput() {
        fflush(nil)
        close(1)
    }

    static func closeDescriptor(_ descriptor: Int32) {
        close(descriptor)
    }

    /// Sets the environment variable `name` for this process and its children, unless set.
    static func setEnvironmentDefault(_ name: String, _ value: String) {
        setenv(name, value, 0)
    }

    /// waitpid(2) until the child `pid` exits or is killed, retried on EINTR (a stopped
    /// child, as after Ctrl-Z, is waited for further).
    static func waitForExit(_ pid: Int32) throws(SystemError) -> ForegroundProcess.Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw SystemError(operation: "wait for", code: errno) }
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// strsignal(3), lower-cased for messages: "killed", "segmentation fault".
    static func describeSignal(_ signal: Int32) -> String {
        strsignal(signal).map { String(cString: $0).lowercased() } ?? "signal \(signal)"
    }

    // MARK: Signals

    /// SIGINT and SIGQUIT: what the terminal sends its foreground group on Ctrl-C and Ctrl-\.
    static let interruptSignals: [Int32] = [SIGINT, SIGQUIT]

    /// The actions a process had for some signals, to put back.
    struct SignalActions {
        fileprivate var saved: [(signal: Int32, action: sigaction)]

        /// The signals that were not ignored before (ignored ones stay ignored in a child,
        /// as the shell that started this process meant: `vault new &` in a script).
        var notIgnoredBefore: [Int32] {
            saved.filter { unsafeBitCast($0.action.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) }.map(\.signal)
        }
    }

    /// Ignores Ctrl-C and Ctrl-\ (SIGINT, SIGQUIT) in this process, as git does while its
    /// editor runs: the editor, in the same foreground group, gets them and decides.
    static func ignoreInterrupts() -> SignalActions {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var saved: [(signal: Int32, action: sigaction)] = []
        for signal in interruptSignals {
            var previous = sigaction()
            if sigaction(signal, &ignore, &previous) == 0 { saved.append((signal, previous)) }
        }
        return SignalActions(saved: saved)
    }

    static func restore(_ actions: SignalActions) {
        for var entry in actions.saved {
            _ = sigaction(entry.signal, &entry.action, nil)
        }
    }

    // MARK: Terminals

    /// A terminal's attributes (echo, canonical input, ...), to put back.
    struct TerminalAttributes {
        fileprivate var fd: Int32
        fileprivate var attributes: termios
    }

    /// tcgetattr(3) of `fd`; nil when it is no terminal.
    static func terminalAttributes(_ fd: Int32) -> TerminalAttributes? {
        guard isatty(fd) == 1 else { return nil }
        var attributes = termios()
        guard tcgetattr(fd, &attributes) == 0 else { return nil }
        return TerminalAttributes(fd: fd, attributes: attributes)
    }

    /// tcsetattr(3): puts back what `terminalAttributes` read, as long as this process is
    /// in the terminal's foreground group (from the background it would be stopped by
    /// SIGTTOU, or change the terminal under another job).
    static func restore(_ saved: TerminalAttributes) {
        guard tcgetpgrp(saved.fd) == getpgrp() else { return }
        var attributes = saved.attributes
        while tcsetattr(saved.fd, TCSANOW, &attributes) != 0 && errno == EINTR {}
    }

    /// User and system time of all threads so far, in nanoseconds.
    static func processCPUTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// How many page faults the process has taken that needed no disk read.
    static func minorFaults() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_minflt
    }

    /// strerror(3), lower-cased for messages.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    // MARK: Thread-local storage

    static func makeThreadKey(destructor: @convention(c) (UnsafeMutableRawPointer?) -> Void) -> UInt {
        var key = pthread_key_t()
        pthread_key_create(&key, destructor)
        return UInt(key)
    }

    static func threadValue(_ key: UInt) -> UnsafeMutableRawPointer? {
        pthread_getspecific(pthread_key_t(key))
    }

    static func setThreadValue(_ key: UInt, _ value: UnsafeMutableRawPointer?) {
        pthread_setspecific(pthread_key_t(key), value)
    }
}

// The libc names that the enum's own members shadow.
private func system_close(_ fd: Int32) -> Int32 { close(fd) }
private func system_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func system_write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }

extension FileStatus {
    init(_ raw: vault_file_stat) {
        self.init(
            size: raw.size, inode: raw.inode, mode: raw.mode,
            modified: FileTime(seconds: raw.mtime_sec, nanoseconds: raw.mtime_nsec),
            changed: FileTime(seconds: raw.ctime_sec, nanoseconds: raw.ctime_nsec),
            born: raw.has_btime != 0 ? FileTime(seconds: raw.btime_sec, nanoseconds: raw.btime_nsec) : nil
        )
    }
}

extension FileKind {
    init(direntType type: UInt8) {
        switch Int32(type) {
        case Int32(DT_DIR): self = .directory
        case Int32(DT_REG): self = .regular
        case Int32(DT_LNK): self = .symbolicLink
        case Int32(DT_UNKNOWN): self = .unknown
        default: self = .other
        }
    }

    init(mode: UInt32) {
        switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFDIR): self = .directory
        case UInt32(S_IFREG): self = .regular
        case UInt32(S_IFLNK): self = .symbolicLink
        default: self = .other
        }
    }
}

extension SystemError {
    /// The errno values callers tell apart.
    package var isExists: Bool { code == EEXIST }
    package var isNotFound: Bool { code == ENOENT }
    /// A symbolic link in the way of a path beneath a vault (which is never followed).
    package var isSymbolicLink: Bool { code == ELOOP }
    /// Something other than a regular file where one was to be read (`OpenFile`).
    package var isNotRegularFile: Bool { code == SystemError.notRegularFile && operation == SystemError.notRegularFileOperation }
    /// A path that leads out of the vault (`..` above the root, or an absolute one).
    package var isOutside: Bool { code == EXDEV }
    /// The file system cannot do what was asked (an exchange on an old file system).
    var isUnsupported: Bool { code == EINVAL || code == ENOSYS || code == EOPNOTSUPP }
    package static var notRegularFile: Int32 { EINVAL }
    package static let notRegularFileOperation = "read a file that is not a regular file"
}
