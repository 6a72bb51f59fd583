import Dispatch

/// The listing of a vault: note paths, directories and skipped entries, in depth-first
/// order with subdirectories sorted by name.
///
/// Directories are read in parallel, one depth level at a time (a vault is two or three
/// levels deep and its folders hold thousands of notes each), and each entry is looked
/// at as bytes: a name becomes a `String` only as the note's path.
package struct DirectoryWalk: Sendable {
    package var files: [String] = []
    /// For each file: the index of its directory in `directories` (-1: the root) and
    /// where its name starts in its path.
    package var fileDirectory: [Int] = []
    package var fileNameStart: [Int] = []
    package var directories: [String] = []
    package var skipped: [Skipped] = []
    /// Temporary files of the atomic write path, possibly left by a killed process.
    package var temporaries: [String] = []

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
    }

    /// Lists the directory open at `rootFD`, leaving out the directories at `excluded`
    /// (vault-relative paths) and all below them.
    package init(root rootFD: Int32, excluding excluded: Set<String> = []) throws(SystemError) {
        Syscalls.close(try Syscalls.openDirectory(".", in: rootFD, followLinks: true))
        var read: [String: Entries] = [:]
        var level = [""]
        while !level.isEmpty {
            let results = WorkerSlots(repeating: Entries(), count: level.count)
            let directories = level
            DispatchQueue.concurrentPerform(iterations: directories.count) { index in
                results[index] = Self.read(directories[index], root: rootFD)
            }
            var next: [String] = []
            for (index, directory) in level.enumerated() {
                next += results[index].subdirectories.map { directory.isEmpty ? $0 : directory + "/" + $0 }.filter { !excluded.contains($0) }
                read[directory] = results[index]
            }
            results.free()
            level = next
        }
        append("", index: -1, from: read)
    }

    /// Appends `directory` and then its subdirectories, depth first.
    private mutating func append(_ directory: String, index: Int, from read: [String: Entries]) {
        guard let entries = read[directory] else { return }
        let nameStart = directory.isEmpty ? 0 : directory.utf8.count + 1
        files += entries.files
        fileDirectory += repeatElement(index, count: entries.files.count)
        fileNameStart += repeatElement(nameStart, count: entries.files.count)
        skipped += entries.skipped
        temporaries += entries.temporaries
        for name in entries.subdirectories {
            let path = directory.isEmpty ? name : directory + "/" + name
            guard read[path] != nil else { continue }
            directories.append(path)
            append(path, index: directories.count - 1, from: read)
        }
    }

    /// Reads the directory at vault-relative `path` ("" for the root).
    private static func read(_ path: String, root: Int32) -> Entries {
        var entries = Entries()
        let prefix = Array((path.isEmpty ? "" : path + "/").utf8)
        entries.scratch = prefix
        entries.scratch.reserveCapacity(prefix.count + 256)
        do {
            let fd = try Syscalls.openDirectory(path, in: root)
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
    private static let markdown = Array(".md".utf8)

    /// Files one entry of a directory whose path starts with `prefix`.
    fileprivate mutating func add(_ name: UnsafeRawBufferPointer, kind: FileKind, prefix: [UInt8]) {
        func path() -> String? {
            // The prefix is a path made here, valid already.
            guard name.isValidUTF8 else { return nil }
            scratch.removeSubrange(prefix.count...)
            scratch.append(contentsOf: name)
            return String(decoding: scratch, as: UTF8.self)
        }
        if name.first == UInt8(ascii: ".") {
            if name.count > 4, name.last == UInt8(ascii: "p"), let path = path(),
               AtomicFile.isTemporaryName(String(path.utf8.dropFirst(prefix.count)) ?? path) {
                temporaries.append(path)
            }
            return
        }
        let isNote = name.count >= 3 && name.suffix(3).elementsEqual(Self.markdown)
        let wanted = kind == .directory || kind == .symbolicLink || (kind == .regular && isNote)
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
