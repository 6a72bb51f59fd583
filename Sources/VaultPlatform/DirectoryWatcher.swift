import Foundation

/// Watches every directory of a tree with inotify and reports which entries changed: the
/// live index of `vault serve` rescans on what it reports.
///
/// Directories created later are watched as they appear. Hidden directories are not
/// watched (`.git` churns on every commit, and `.vault` holds the cache the server itself
/// writes), except those named in `alsoWatch` (`.trash`, whose count the page shows).
/// When the kernel's queue overflows (a branch switch touching many thousands of files),
/// the report says so and the listener rescans everything.
///
/// Cookies tell a listener that it has heard of every change made before some moment, as
/// watchman's do: `placeCookie` creates a file in the cookie directory, and since inotify
/// keeps one queue in order, the report that names the cookie comes after every event of
/// the changes made before it.
package final class DirectoryWatcher: @unchecked Sendable {
    /// What changed since the last report: vault-relative paths of entries, and whether
    /// some changes were lost (then rescan everything).
    package struct Report: Sendable {
        package var paths: [String]
        package var overflowed: Bool
        /// Cookies (`placeCookie`) that appeared since the last report.
        package var cookies: [String] = []
    }

    private let root: String
    private let alsoWatch: Set<String>
    private let cookieDirectory: String?
    private var cookieWatch: Int32 = -1
    private var cookieCount = 0
    private let onChange: @Sendable (Report) -> Void
    private let lock = NSLock()
    private var fd: Int32 = -1
    private var directories: [Int32: String] = [:]
    private var stopped = false

    /// Starts watching the directory at the absolute path `root`; cookies go in
    /// `cookieDirectory` (relative to `root`, created if missing), whose other files are
    /// not reported. `directories` (relative to `root`), when given, are the directories
    /// below it as a walk just found them: reading every directory again for its
    /// subdirectories took 1.7 s of a million-note vault's start.
    package init(
        root: String, directories: [String]? = nil, alsoWatch: Set<String> = [], cookieDirectory: String? = nil,
        onChange: @escaping @Sendable (Report) -> Void
    ) throws(SystemError) {
        self.root = root
        self.alsoWatch = alsoWatch
        self.cookieDirectory = cookieDirectory
        self.onChange = onChange
        #if os(Linux)
        fd = try Syscalls.makeWatcher()
        if let directories {
            for directory in [""] + directories.filter({ !$0.split(separator: "/").contains { $0.hasPrefix(".") } }) { add(directory) }
            for directory in alsoWatch { addTree(directory) }
        } else {
            addTree("")
        }
        if let cookieDirectory {
            try Syscalls.makeDirectory(root + "/" + cookieDirectory)
            // Named by an absolute path (inotify takes no descriptor): a link there would
            // take the cookie files out of the vault.
            guard Syscalls.status(root + "/" + cookieDirectory, in: Syscalls.currentDirectory)?.isDirectory == true else {
                throw SystemError(operation: "use \(cookieDirectory), a symbolic link,", code: ELOOP)
            }
            guard let wd = Syscalls.watch(root + "/" + cookieDirectory, with: fd) else {
                throw SystemError(operation: "watch \(cookieDirectory)", code: 2)
            }
            cookieWatch = wd
        }
        let thread = Thread { [self] in self.readEvents() }
        thread.name = "vault-watcher"
        thread.start()
        #else
        throw SystemError(operation: "watch the vault (inotify is Linux only)", code: 38)
        #endif
    }

    deinit { stop() }

    /// Stops watching; no report comes after this returns.
    package func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
        }
    }

    /// A name for the next cookie, unique in this process.
    package func newCookieName() -> String {
        lock.withLock {
            cookieCount += 1
            return "cookie-\(Syscalls.processID)-\(cookieCount)"
        }
    }

    /// Creates the cookie file `name`, which a later report's `cookies` holds; false
    /// without a cookie directory or when the file cannot be created.
    package func placeCookie(_ name: String) -> Bool {
        guard let cookieDirectory,
              let fd = try? Syscalls.createExclusive(root + "/" + cookieDirectory + "/" + name, in: Syscalls.currentDirectory, mode: 0o600)
        else { return false }
        Syscalls.close(fd)
        return true
    }

    /// Removes a cookie file `placeCookie` made.
    package func removeCookie(_ name: String) {
        guard let cookieDirectory else { return }
        _ = Syscalls.removeFile(root + "/" + cookieDirectory + "/" + name, in: Syscalls.currentDirectory)
    }

    /// The number of directories watched.
    package var watchedCount: Int { lock.withLock { directories.count } }

    #if os(Linux)
    /// Watches `relative` ("" for the root), not the directories below it; false when it
    /// cannot be watched.
    @discardableResult
    private func add(_ relative: String) -> Bool {
        guard let wd = Syscalls.watch(relative.isEmpty ? root : root + "/" + relative, with: fd) else { return false }
        lock.withLock { directories[wd] = relative }
        return true
    }

    /// Watches `relative` ("" for the root) and every directory below it.
    private func addTree(_ relative: String) {
        let absolute = relative.isEmpty ? root : root + "/" + relative
        guard add(relative), let fd = try? Syscalls.openDirectory(absolute, followLinks: false),
              let subdirectories = Syscalls.subdirectories(of: ".", in: fd) else { return }
        defer { Syscalls.close(fd) }
        for bytes in subdirectories {
            guard let name = String(validating: bytes, as: UTF8.self), isWatched(name, in: relative) else { continue }
            addTree(relative.isEmpty ? name : relative + "/" + name)
        }
    }

    private func isWatched(_ name: String, in parent: String) -> Bool {
        !name.hasPrefix(".") || (parent.isEmpty && alsoWatch.contains(name))
    }

    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if lock.withLock({ stopped }) { break }
            guard Syscalls.waitReadable(fd, milliseconds: 200) else { continue }
            var report = Report(paths: [], overflowed: false)
            // Drain what is queued now, so that a burst becomes one report.
            while case .success(let count) = buffer.withUnsafeMutableBytes({ Syscalls.read(fd, into: $0) }), count > 0 {
                buffer.withUnsafeBytes { parse(UnsafeRawBufferPointer(rebasing: $0[0..<count]), into: &report) }
            }
            if !report.paths.isEmpty || report.overflowed || !report.cookies.isEmpty, !lock.withLock({ stopped }) { onChange(report) }
        }
        Syscalls.close(fd)
    }

    /// inotify_event: wd (Int32), mask, cookie (UInt32), len (UInt32), then `len` bytes
    /// of NUL-padded name.
    private func parse(_ bytes: UnsafeRawBufferPointer, into report: inout Report) {
        var offset = 0
        while offset + 16 <= bytes.count {
            let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = UnsafeRawBufferPointer(rebasing: bytes[(offset + 16)..<min(bytes.count, offset + 16 + length)])
            offset += 16 + length
            if mask & Syscalls.eventOverflow != 0 {
                report.overflowed = true
                continue
            }
            if wd == cookieWatch {
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if mask & Syscalls.eventCreated != 0, name.hasPrefix("cookie-") { report.cookies.append(name) }
                continue
            }
            guard let directory = lock.withLock({ directories[wd] }) else { continue }
            if mask & Syscalls.eventIgnored != 0 {
                lock.withLock { _ = directories.removeValue(forKey: wd) }
                continue
            }
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            let path = name.isEmpty ? directory : (directory.isEmpty ? name : directory + "/" + name)
            report.paths.append(path)
            if mask & Syscalls.eventIsDirectory != 0, !name.isEmpty, isWatched(name, in: directory) {
                addTree(path)
            }
        }
    }
    #endif
}
