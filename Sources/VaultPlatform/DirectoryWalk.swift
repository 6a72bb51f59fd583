import Dispatch
import Foundation

/// The listing of a vault: note paths, directories and skipped entries, in depth-first
/// order with subdirectories sorted by name.
///
/// Directories are read in parallel, and each entry is looked at as bytes: a name becomes
/// a `String` only as the note's path. A directory whose stamp is what it was on an
/// earlier walk may be listed as it was then (`reuse`), as git's untracked cache does:
/// adding, removing or renaming an entry changes its directory's modification time.
package struct DirectoryWalk: Sendable {
    package var files = WalkFiles()
    package var directories: [String] = []
    package var skipped: [Skipped] = []
    /// Temporary files of the atomic write path, possibly left by a killed process.
    package var temporaries: [String] = []
    /// Each directory listed with its stamp taken before it was read, in walk order, for a
    /// later walk to reuse. Left out: directories whose stamp could not be read, and those
    /// with an entry the walk skipped or a temporary file, which are read each time.
    package var listings: [Listed] = []

    /// A directory as the walk listed it, and whether it was read rather than reused.
    package struct Listed: Sendable {
        package var directory: String
        /// Its stamp, taken before it was read.
        package var stamp: FileStamp
        /// Where its notes are in `files`.
        package var files: Range<Int>
        /// Its subdirectories' names, sorted.
        package var subdirectories: [String]
        package var isFresh: Bool

        package init(directory: String, stamp: FileStamp, files: Range<Int>, subdirectories: [String], isFresh: Bool) {
            self.directory = directory
            self.stamp = stamp
            self.files = files
            self.subdirectories = subdirectories
            self.isFresh = isFresh
        }
    }

    /// An entry the walk did not list, and why.
    package struct Skipped: Sendable, Equatable {
        package enum Reason: Sendable, Equatable {
            case symbolicLink
            /// The name's bytes are not UTF-8; `path` is its directory's (with `/`).
            case nameNotUTF8([UInt8])
            case unreadable(SystemError)
        }

        package var path: String
        package var reason: Reason
    }

    /// What one directory holds.
    fileprivate struct Entries: Sendable {
        var files: [String] = []
        var subdirectories: [String] = []
        var skipped: [Skipped] = []
        var temporaries: [String] = []
        /// The directory's path and `/`, followed by the name being looked at.
        var scratch: [UInt8] = []
        /// The directory's stamp before it was read; nil when it could not be taken.
        var stamp: FileStamp?
        var isFresh = true
        /// False when an entry's kind could not be told (its stat failed): a listing that
        /// may have left a note or a folder out is not kept for later walks.
        var isComplete = true
    }

    /// Lists the directory open at `rootFD`, leaving out the directories at `excluded`
    /// (vault-relative paths) and all below them. `reuse` gives the listing an earlier walk
    /// made of a directory (its vault-relative path, "" for the root), if its stamp is
    /// still the one given.
    package init(root rootFD: Int32, excluding excluded: Set<String> = [],
                 reuse: (@Sendable (_ directory: String, _ stamp: FileStamp) -> DirectoryListing?)? = nil) throws(SystemError) {
        Syscalls.close(try Syscalls.openDirectory(".", in: rootFD, followLinks: true))
        let queue = Queue(first: "")
        DispatchQueue.concurrentPerform(iterations: max(1, ProcessInfo.processInfo.activeProcessorCount)) { _ in
            while let directory = queue.next() {
                let entries = Self.list(directory, root: rootFD, reuse: reuse)
                let subdirectories = entries.subdirectories.map { directory.isEmpty ? $0 : directory + "/" + $0 }.filter { !excluded.contains($0) }
                queue.finish(directory, entries, subdirectories: subdirectories)
            }
        }
        append("", index: -1, from: queue.read)
    }

    /// The entries of `directory`: as an earlier walk listed them if `reuse` has them for
    /// its stamp, else read. The stamp is of the directory opened, taken before it is read:
    /// the listing and its stamp are then of one directory (a path could lead to another by
    /// the time it was read), and an entry added while it is read changes the stamp after.
    private static func list(_ directory: String, root: Int32,
                             reuse: (@Sendable (String, FileStamp) -> DirectoryListing?)?) -> Entries {
        let fd: Int32
        do {
            fd = try Syscalls.openDirectory(directory, in: root)
        } catch {
            var entries = Entries()
            entries.skipped.append(Skipped(path: directory, reason: .unreadable(SystemError(operation: "open directory", code: error.code))))
            return entries
        }
        let stamp = (try? Syscalls.status(of: fd)).flatMap { $0.isDirectory ? $0.stamp : nil }
        if let stamp, let reuse, let known = reuse(directory, stamp) {
            Syscalls.close(fd)
            return Entries(files: known.files, subdirectories: known.subdirectories, stamp: stamp, isFresh: false)
        }
        var entries = read(fd, path: directory)
        entries.stamp = stamp
        return entries
    }

    /// The directories waiting to be read, shared by the walk's threads: each takes the
    /// next as soon as it is free, and adds the subdirectories it finds. (Read a depth
    /// level at a time, every thread waited for the level's largest folder: the walk took
    /// as long on two cores as on one.)
    private final class Queue: @unchecked Sendable {
        private let condition = NSCondition()
        private var waiting: [String]
        /// How many directories are being read: while any is, more may come.
        private var reading = 0
        private(set) var read: [String: Entries] = [:]

        init(first: String) {
            waiting = [first]
        }

        /// The next directory to read; nil once every directory has been read.
        func next() -> String? {
            condition.lock()
            defer { condition.unlock() }
            while waiting.isEmpty {
                if reading == 0 { return nil }
                condition.wait()
            }
            reading += 1
            return waiting.removeLast()
        }

        func finish(_ directory: String, _ entries: Entries, subdirectories: [String]) {
            condition.lock()
            defer { condition.unlock() }
            read[directory] = entries
            waiting += subdirectories
            reading -= 1
            condition.broadcast()
        }
    }

    /// Whether a regular file named `name` is a note: `NAME.md`, not hidden. Byte by byte:
    /// a generic comparison of the suffix cost a hundred instructions a name.
    package static func isNoteName(_ name: UnsafeRawBufferPointer) -> Bool {
        let end = name.count
        return end > 3 && name[0] != UInt8(ascii: ".")
            && name[end - 3] == UInt8(ascii: ".") && name[end - 2] == UInt8(ascii: "m") && name[end - 1] == UInt8(ascii: "d")
    }

    /// Appends `directory` and then its subdirectories, depth first.
    private mutating func append(_ directory: String, index: Int, from read: [String: Entries]) {
        guard let entries = read[directory] else { return }
        let nameStart = directory.isEmpty ? 0 : directory.utf8.count + 1
        if let stamp = entries.stamp, entries.isComplete, entries.skipped.isEmpty, entries.temporaries.isEmpty {
            listings.append(Listed(directory: directory, stamp: stamp, files: files.count..<(files.count + entries.files.count),
                                   subdirectories: entries.subdirectories, isFresh: entries.isFresh))
        }
        files.append(entries.files, directory: index, nameStart: nameStart)
        skipped += entries.skipped
        temporaries += entries.temporaries
        for name in entries.subdirectories {
            let path = directory.isEmpty ? name : directory + "/" + name
            guard read[path] != nil else { continue }
            directories.append(path)
            append(path, index: directories.count - 1, from: read)
        }
    }

    /// Reads the directory open at `fd` (closing it), at vault-relative `path` ("" for the root).
    private static func read(_ fd: Int32, path: String) -> Entries {
        var entries = Entries()
        let prefix = Array((path.isEmpty ? "" : path + "/").utf8)
        entries.scratch = prefix
        entries.scratch.reserveCapacity(prefix.count + 256)
        do {
            try Syscalls.forEachEntry(ofDirectory: fd) { name, kind in
                entries.add(name, kind: kind, prefix: prefix)
            }
        } catch {
            entries.skipped.append(Skipped(path: path, reason: .unreadable(SystemError(operation: "open directory", code: error.code))))
            return entries
        }
        entries.subdirectories.sort()
        entries.scratch = []
        return entries
    }
}

extension DirectoryWalk.Entries {
    /// Files one entry of a directory whose path starts with `prefix`.
    fileprivate mutating func add(_ name: UnsafeRawBufferPointer, kind: FileKind, prefix: [UInt8]) {
        func path() -> String? {
            // The prefix is a path made here, valid already.
            guard name.isValidUTF8 else { return nil }
            scratch.removeSubrange(prefix.count...)
            scratch.append(contentsOf: name)
            return String(decoding: scratch, as: UTF8.self)
        }
        if kind == .unknown { isComplete = false }
        if name.first == UInt8(ascii: ".") {
            if name.count > 4, name.last == UInt8(ascii: "p"), let path = path(),
               AtomicFile.isTemporaryName(String(path.utf8.dropFirst(prefix.count)) ?? path) {
                temporaries.append(path)
            }
            return
        }
        let wanted = kind == .directory || kind == .symbolicLink || (kind == .regular && DirectoryWalk.isNoteName(name))
        guard let path = wanted || name.contains(where: { $0 >= 0x80 }) ? path() : "" else {
            skipped.append(DirectoryWalk.Skipped(path: String(decoding: prefix, as: UTF8.self), reason: .nameNotUTF8(Array(name))))
            return
        }
        guard wanted else { return }
        switch kind {
        case .directory: subdirectories.append(String(path.utf8.dropFirst(prefix.count)) ?? path)
        case .symbolicLink: skipped.append(DirectoryWalk.Skipped(path: path, reason: .symbolicLink))
        default: files.append(path)
        }
    }
}

/// A directory's notes and subdirectories as an earlier walk listed them.
package struct DirectoryListing: Sendable, Equatable {
    /// The notes' vault-relative paths, in the order the directory listed them.
    package var files: [String]
    /// The subdirectories' names, sorted.
    package var subdirectories: [String]

    package init(files: [String], subdirectories: [String]) {
        self.files = files
        self.subdirectories = subdirectories
    }
}
