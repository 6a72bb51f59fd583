#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A regular file another app exported (a zip archive), read at offsets: an archive's
/// directory first, then each entry when it is asked for, so that a large export never
/// sits in memory whole. Opened from the machine's own paths, never following a final
/// symbolic link.
package final class ExportFile: @unchecked Sendable {
    private let descriptor: Int32
    /// The file's size when it was opened.
    package let size: Int64

    package init(_ path: String) throws(SystemError) {
        let file = try OpenFile(path, in: Syscalls.currentDirectory)
        descriptor = file.descriptor
        size = file.status.size
    }

    deinit { Syscalls.close(descriptor) }

    /// The `count` bytes at `offset`; fewer only where the file ends.
    package func read(at offset: Int64, count: Int) throws(SystemError) -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw SystemError(operation: "read", code: errno)
            }
            if result == 0 { break }
            filled += result
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}

/// The regular files beneath a folder another app exported, listed without following a
/// symbolic link (links and other special files are left out), and read one at a time.
package enum ExportFolder {
    /// Paths relative to `root`, sorted; nil when files and folders are more than `limit`.
    package static func files(in root: String, limit: Int) throws(SystemError) -> [String]? {
        var found: [String] = []
        var pending = [""]
        var folders = 0
        while let folder = pending.popLast() {
            let path = folder.isEmpty ? root : root + "/" + folder
            let fd = try Syscalls.openDirectory(path)
            var entries: [(name: String, kind: FileKind)] = []
            try Syscalls.forEachEntry(ofDirectory: fd) { name, kind in
                entries.append((String(decoding: name, as: UTF8.self), kind))
            }
            for (name, kind) in entries {
                let relative = folder.isEmpty ? name : folder + "/" + name
                var kind = kind
                if kind == .unknown { kind = Syscalls.status(root + "/" + relative, in: Syscalls.currentDirectory)?.kind ?? .other }
                switch kind {
                case .regular: found.append(relative)
                case .directory:
                    pending.append(relative)
                    folders += 1
                default: continue
                }
                if found.count + folders > limit { return nil }
            }
        }
        return found.sorted()
    }

    /// The bytes of the regular file at `path`; nil when it holds more than `maximumSize`.
    package static func read(_ path: String, maximumSize: Int64) throws(SystemError) -> [UInt8]? {
        let file = try OpenFile(path, in: Syscalls.currentDirectory)
        defer { file.close() }
        guard file.status.size <= maximumSize else { return nil }
        var buffer: [UInt8] = []
        let status = try file.readAll(into: &buffer)
        guard status.size <= maximumSize else { return nil }
        return Array(buffer[..<Int(status.size)])
    }

    /// True when `path` is a directory (not a link to one).
    package static func isFolder(_ path: String) -> Bool {
        guard let fd = try? Syscalls.openDirectory(path) else { return false }
        Syscalls.close(fd)
        return true
    }
}
