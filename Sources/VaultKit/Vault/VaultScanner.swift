import CSystemShims
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Walks a vault with `readdir` and reads every note once, in parallel on all cores.
///
/// Names starting with `.` are skipped (`.git`, `.vault`, `.trash`, editor swap files),
/// as are non-`.md` files (attachments) and symbolic links, which are never followed.
public struct VaultScanner: Sendable {
    public let root: VaultRoot
    public var timeZone: TimeZone = .current

    public init(root: VaultRoot) {
        self.root = root
    }

    /// Decides, while a note's bytes are in memory, whether the scan keeps it.
    /// The second argument is the note's searchable text: the body, or the whole file
    /// when its front matter is missing or broken.
    public typealias Filter = @Sendable (Note, UnsafeRawBufferPointer) -> Bool

    /// Scans the vault. With a `filter`, only the notes it accepts are returned.
    public func scan(filter: Filter? = nil) throws(VaultError) -> ScanResult {
        var listing = Listing()
        try listing.walk(root: root)
        let files = listing.files
        let notes = UnsafeMutableBufferPointer<Note?>.allocate(capacity: files.count)
        notes.initialize(repeating: nil)
        let issues = UnsafeMutableBufferPointer<ScanIssue?>.allocate(capacity: files.count)
        issues.initialize(repeating: nil)
        defer {
            notes.deinitialize()
            notes.deallocate()
            issues.deinitialize()
            issues.deallocate()
        }
        let output = SharedOutput(notes: notes, issues: issues)
        let chunkSize = max(16, files.count / (ProcessInfo.processInfo.activeProcessorCount * 16))
        let chunks = (files.count + chunkSize - 1) / chunkSize
        let rootFD = root.descriptor
        let timeZone = self.timeZone
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var buffer: [UInt8] = []
            for index in chunk * chunkSize..<min(files.count, (chunk + 1) * chunkSize) {
                let path = files[index]
                do {
                    let stat = try POSIXFile.readAll(path, relativeTo: rootFD, into: &buffer)
                    buffer.withUnsafeBytes { raw in
                        let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(stat.size)])
                        if Self.looksBinary(bytes) {
                            output.issues[index] = ScanIssue(path: path, kind: .binary)
                            return
                        }
                        let note = NoteReader.read(bytes, path: path, stat: stat, timeZone: timeZone)
                        if let filter {
                            let start = note.frontMatterError == nil ? NoteReader.bodyStart(of: bytes) : 0
                            guard filter(note, UnsafeRawBufferPointer(rebasing: bytes[start...])) else { return }
                        }
                        output.notes[index] = note
                    }
                } catch {
                    output.issues[index] = ScanIssue(path: path, kind: .unreadable((error as? VaultError)?.errorDescription ?? "cannot read"))
                }
            }
        }
        return ScanResult(
            notes: notes.compactMap { $0 },
            folders: listing.directories,
            issues: listing.issues + issues.compactMap { $0 }
        )
    }

    /// Git's rule: a NUL byte in the first 8000 bytes makes a file binary.
    static func looksBinary(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, 0, min(bytes.count, 8000)) != nil
    }
}

/// The outcome of a scan.
public struct ScanResult: Sendable {
    /// Every note, in directory order.
    public var notes: [Note]
    /// Every directory below the root (vault-relative), dot-directories excluded.
    public var folders: [String]
    /// Files the scan skipped, and why.
    public var issues: [ScanIssue]
}

/// A file or directory the scan did not read as a note.
public struct ScanIssue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case binary
        case symbolicLink
        case nameNotUTF8
        case unreadable(String)
    }

    public var path: String
    public var kind: Kind

    /// True for what every command should mention: a note that could not be read.
    /// Symbolic links are reported by `vault check` only.
    public var isWarning: Bool { kind != .symbolicLink }

    public var diagnostic: Diagnostic {
        let message: String
        switch kind {
        case .binary: message = "skipped: binary file (contains NUL bytes)"
        case .symbolicLink: message = "skipped: symbolic link (vault does not follow links)"
        case .nameNotUTF8: message = "skipped: name is not valid UTF-8"
        case .unreadable(let reason): message = "skipped: \(reason)"
        }
        return Diagnostic(path: path, severity: .warning, message: message)
    }
}

/// Shares the result buffers with the worker threads; each index is written by one worker.
private struct SharedOutput: @unchecked Sendable {
    let notes: UnsafeMutableBufferPointer<Note?>
    let issues: UnsafeMutableBufferPointer<ScanIssue?>
}

/// The directory walk: note paths, directories and skipped entries.
private struct Listing {
    var files: [String] = []
    var directories: [String] = []
    var issues: [ScanIssue] = []

    mutating func walk(root: VaultRoot) throws(VaultError) {
        let fd = openat(root.descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: root.path, operation: "open the vault", errno: errno) }
        walk(directory: fd, prefix: "")
    }

    /// Walks the directory open at `fd` (and closes it); `prefix` is its path plus `/`.
    private mutating func walk(directory fd: Int32, prefix: String) {
        guard let dir = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(dir) }
        var subdirectories: [String] = []
        while let entry = readdir(dir) {
            let name: String? = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(validatingCString: $0) }
            }
            let firstByte = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: 1) { $0.pointee }
            }
            if firstByte == UInt8(ascii: ".") { continue }
            guard let name else {
                issues.append(ScanIssue(path: prefix + "(unreadable name)", kind: .nameNotUTF8))
                continue
            }
            var type = Int32(entry.pointee.d_type)
            if type == DT_UNKNOWN, let stat = POSIXFile.stat(name, relativeTo: dirfd(dir)) {
                switch stat.mode & UInt32(S_IFMT) {
                case UInt32(S_IFDIR): type = Int32(DT_DIR)
                case UInt32(S_IFREG): type = Int32(DT_REG)
                case UInt32(S_IFLNK): type = Int32(DT_LNK)
                default: break
                }
            }
            switch type {
            case Int32(DT_DIR):
                subdirectories.append(name)
            case Int32(DT_REG) where name.hasSuffix(".md"):
                files.append(prefix + name)
            case Int32(DT_LNK):
                issues.append(ScanIssue(path: prefix + name, kind: .symbolicLink))
            default:
                continue
            }
        }
        for name in subdirectories.sorted() {
            let path = prefix + name
            directories.append(path)
            let child = openat(dirfd(dir), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else {
                issues.append(ScanIssue(path: path, kind: .unreadable("cannot open directory: " + String(cString: strerror(errno)).lowercased())))
                continue
            }
            walk(directory: child, prefix: path + "/")
        }
    }
}
