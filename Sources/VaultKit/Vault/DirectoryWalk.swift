import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The listing of a vault: note paths, directories and skipped entries, in depth-first
/// order with subdirectories sorted by name.
///
/// Directories are read in parallel, one depth level at a time (a vault is two or three
/// levels deep and its folders hold thousands of notes each), and each entry is looked
/// at as bytes: a name becomes a `String` only as the note's path.
struct DirectoryWalk {
    var files: [String] = []
    /// For each file: the index of its directory in `directories` (-1: the root) and
    /// where its name starts in its path.
    var fileDirectory: [Int] = []
    var fileNameStart: [Int] = []
    var directories: [String] = []
    var issues: [ScanIssue] = []
    var temporaries: [String] = []

    /// What one directory holds.
    fileprivate struct Entries: Sendable {
        var files: [String] = []
        var subdirectories: [String] = []
        var issues: [ScanIssue] = []
        var temporaries: [String] = []
        /// The directory's path and `/`, followed by the name being looked at.
        var scratch: [UInt8] = []
    }

    init(root: VaultRoot) throws(VaultError) {
        let rootFD = root.descriptor
        let fd = openat(rootFD, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: root.path, operation: "open the vault", errno: errno) }
        close(fd)
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
                next += results[index].subdirectories.map { directory.isEmpty ? $0 : directory + "/" + $0 }
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
        issues += entries.issues
        temporaries += entries.temporaries
        for name in entries.subdirectories {
            let path = directory.isEmpty ? name : directory + "/" + name
            directories.append(path)
            append(path, index: directories.count - 1, from: read)
        }
    }

    /// Reads the directory at vault-relative `path` ("" for the root).
    private static func read(_ path: String, root: Int32) -> Entries {
        var entries = Entries()
        let fd = openat(root, path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0, let dir = fdopendir(fd) else {
            let reason = "cannot open directory: " + String(cString: strerror(errno)).lowercased()
            if fd >= 0 { close(fd) }
            entries.issues.append(ScanIssue(path: path, kind: .unreadable(reason)))
            return entries
        }
        defer { closedir(dir) }
        let prefix = Array((path.isEmpty ? "" : path + "/").utf8)
        entries.scratch = prefix
        entries.scratch.reserveCapacity(prefix.count + 256)
        while let entry = readdir(dir) {
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                guard let base = raw.baseAddress else { return }
                let name = UnsafeRawBufferPointer(start: base, count: strnlen(base.assumingMemoryBound(to: CChar.self), raw.count))
                entries.add(name, type: entry.pointee.d_type, prefix: prefix, directory: dirfd(dir))
            }
        }
        entries.subdirectories.sort()
        entries.scratch = []
        return entries
    }
}

extension DirectoryWalk.Entries {
    private static let markdown = Array(".md".utf8)

    /// Files one entry of the directory open at `directory` whose path starts with `prefix`.
    fileprivate mutating func add(_ name: UnsafeRawBufferPointer, type: UInt8, prefix: [UInt8], directory: Int32) {
        func path() -> String? {
            scratch.removeSubrange(prefix.count...)
            scratch.append(contentsOf: name)
            // `String(validating:)` is generic and costs a metadata lookup per name: decode,
            // and treat a name that needed repair as invalid.
            let path = String(decoding: scratch, as: UTF8.self)
            return name.allSatisfy({ $0 < 0x80 }) || path.utf8.elementsEqual(scratch) ? path : nil
        }
        if name.first == UInt8(ascii: ".") {
            if name.count > 4, name.last == UInt8(ascii: "p"), let path = path(),
               AtomicFile.isTemporaryName(String(path.utf8.dropFirst(prefix.count)) ?? path) {
                temporaries.append(path)
            }
            return
        }
        var type = Int32(type)
        if type == DT_UNKNOWN, let base = name.baseAddress {
            // The name in a dirent is NUL-terminated.
            var info = stat()
            if fstatat(directory, base.assumingMemoryBound(to: CChar.self), &info, AT_SYMLINK_NOFOLLOW) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFDIR: type = Int32(DT_DIR)
                case S_IFREG: type = Int32(DT_REG)
                case S_IFLNK: type = Int32(DT_LNK)
                default: break
                }
            }
        }
        let isNote = name.count >= 3 && name.suffix(3).elementsEqual(Self.markdown)
        let wanted = type == DT_DIR || type == DT_LNK || (type == DT_REG && isNote)
        guard let path = wanted || name.contains(where: { $0 >= 0x80 }) ? path() : "" else {
            let shown = String(decoding: prefix, as: UTF8.self) + VaultPath.displayed(bytes: Array(name))
            issues.append(ScanIssue(path: shown, kind: .nameNotUTF8))
            return
        }
        guard wanted else { return }
        switch type {
        case Int32(DT_DIR): subdirectories.append(String(path.utf8.dropFirst(prefix.count)) ?? path)
        case Int32(DT_LNK): issues.append(ScanIssue(path: path, kind: .symbolicLink))
        default: files.append(path)
        }
    }
}
