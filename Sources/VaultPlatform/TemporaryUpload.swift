#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A file a front end was sent (an export to import), kept under its name in a private
/// folder of the system's temporary directory, outside the vault, until `remove()`: the
/// readers take paths, and an export's name says what it is (an ENEX file's is its notebook).
package struct TemporaryUpload: Sendable {
    /// The file's absolute path.
    package let path: String
    private let directory: String

    /// Writes `bytes` as `name` (its last path component, control characters refused).
    package init(_ bytes: [UInt8], name: String) throws(SystemError) {
        var base = String(name.split(separator: "/").last ?? "upload")
        if base.isEmpty || base == "." || base == ".." || base.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { base = "upload" }
        let temporary = Syscalls.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((temporary + "/vault-upload-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw SystemError(operation: "create a temporary folder", code: errno) }
        directory = String(cString: template)
        path = directory + "/" + base
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            rmdir(directory)
            throw SystemError(operation: "create a temporary file", code: code)
        }
        defer { Syscalls.close(fd) }
        let written = bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try Syscalls.writeAll(fd, raw) } }
        if case .failure(let error) = written {
            unlink(path)
            rmdir(directory)
            throw error
        }
    }

    /// Removes the file and its folder.
    package func remove() {
        unlink(path)
        rmdir(directory)
    }
}
