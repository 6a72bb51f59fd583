/// A regular file open for reading, with its status: the scanner opens a note once,
/// checks the cache with the status, and reads the bytes only when it must.
package struct OpenFile {
    let descriptor: Int32
    package let status: FileStatus

    /// Opens `name` relative to `directory` without following a symbolic link; anything
    /// but a regular file is refused.
    package init(_ name: UnsafePointer<CChar>, in directory: Int32) throws(SystemError) {
        let fd = try Syscalls.openForReading(name, in: directory)
        do {
            status = try Syscalls.status(of: fd)
        } catch {
            Syscalls.close(fd)
            throw error
        }
        guard status.isRegularFile else {
            Syscalls.close(fd)
            throw SystemError(operation: SystemError.notRegularFileOperation, code: SystemError.notRegularFile)
        }
        descriptor = fd
    }

    package init(_ path: String, in directory: Int32) throws(SystemError) {
        self = try path.withCString { name in
            Result { () throws(SystemError) in try OpenFile(name, in: directory) }
        }.get()
    }

    package func close() { Syscalls.close(descriptor) }

    /// Reads the next bytes of the file into `buffer`, at most its size; 0 at the end.
    /// For a reader that streams a file too large to hold whole (an export).
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        try Syscalls.read(descriptor, into: buffer).get()
    }

    /// Reads the whole file into `buffer`; the returned status's size is the bytes read.
    ///
    /// With `endAtShortRead`, a read that returns less than asked is taken as the end of
    /// the file, as it is for a regular file on a local file system: the scanner saves a
    /// system call per note. The write path reads on to an explicit end of file, since
    /// what it reads it writes back.
    package func readAll(into buffer: inout [UInt8], endAtShortRead: Bool = false) throws(SystemError) -> FileStatus {
        // One byte more than the size, to notice a file that grew since the stat.
        let wanted = Int(status.size) + 1
        if buffer.count < wanted { buffer = [UInt8](repeating: 0, count: max(wanted, 64 * 1024)) }
        var filled = 0
        while true {
            if filled == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            let count = try buffer.withUnsafeMutableBytes { raw in
                Syscalls.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
            }.get()
            if count == 0 { break }
            filled += count
            if endAtShortRead, filled < buffer.count { break }
        }
        var result = status
        result.size = Int64(filled)
        return result
    }

    /// Reads the whole regular file at `path` (relative to `directory`), without following
    /// a symbolic link. `buffer` is reused across calls.
    package static func readAll(_ path: String, in directory: Int32, into buffer: inout [UInt8]) throws(SystemError) -> FileStatus {
        let file = try OpenFile(path, in: directory)
        defer { file.close() }
        return try file.readAll(into: &buffer)
    }

    /// The bytes of the regular file at `path`, and its status.
    package static func contents(of path: String, in directory: Int32) throws(SystemError) -> (bytes: [UInt8], status: FileStatus) {
        var buffer: [UInt8] = []
        let status = try readAll(path, in: directory, into: &buffer)
        buffer.removeSubrange(Int(status.size)...)
        return (buffer, status)
    }
}
