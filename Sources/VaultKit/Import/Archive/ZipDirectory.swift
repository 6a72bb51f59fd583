import VaultPlatform

/// A zip archive's central directory, read and checked whole before any entry is read:
/// an archive with one bad entry is refused, so that an import never writes half of it.
struct ZipDirectory {
    typealias Reader = (Int64, Int) throws(SystemError) -> [UInt8]

    var entries: [ZipEntry] = []
    private let name: String
    private let limits: ZipLimits

    init(storage read: Reader, size: Int64, name: String, limits: ZipLimits) throws(VaultError) {
        self.name = name
        self.limits = limits
        func load(_ offset: Int64, _ count: Int) throws(VaultError) -> [UInt8] {
            do {
                return try read(offset, count)
            } catch {
                throw .io(path: name, operation: error.operation, errno: error.code)
            }
        }
        // The end record is in the last 22 bytes plus a comment of at most 64 KiB.
        let tailStart = max(0, size - 22 - 0xFFFF)
        let tail = try load(tailStart, Int(size - tailStart))
        guard tail.count >= 22, let end = Self.lastIndex(of: 0x0605_4B50, in: tail, before: tail.count - 21) else {
            throw .unreadableExport(path: name, entry: nil, reason: "not a zip archive, or a truncated one (no end of central directory)")
        }
        var count = Int64(tail.uint16(at: end + 10))
        var directorySize = Int64(tail.uint32(at: end + 12))
        var directoryOffset = Int64(tail.uint32(at: end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // Zip64: a locator just before the end record leads to the 64-bit end record.
            guard end >= 20, tail.uint32(at: end - 20) == 0x0706_4B50 else { throw refused("its zip64 end record is missing") }
            let record = try load(Int64(clamping: tail.uint64(at: end - 12)), 56)
            guard record.count == 56, record.uint32(at: 0) == 0x0606_4B50 else { throw refused("its zip64 end record is damaged") }
            count = Int64(clamping: record.uint64(at: 32))
            directorySize = Int64(clamping: record.uint64(at: 40))
            directoryOffset = Int64(clamping: record.uint64(at: 48))
        }
        guard count <= limits.entries else { throw refused("it holds \(count) entries, more than \(limits.entries)") }
        // Subtracted, not added: zip64 values are any 64-bit number.
        guard directoryOffset <= size, directorySize <= size - directoryOffset, directorySize <= count * (46 + 3 * 0xFFFF) else {
            throw refused("the archive is truncated (its central directory ends past its end)")
        }
        let directory = try load(directoryOffset, Int(directorySize))
        var offset = 0
        var total: Int64 = 0
        for _ in 0..<count {
            let entry = try self.entry(in: directory, at: &offset, archiveSize: size)
            total += entry.size
            guard total <= limits.totalSize else {
                throw refused("its entries inflate to more than \(limits.totalSize) bytes")
            }
            entries.append(entry)
        }
    }

    private func refused(_ reason: String) -> VaultError {
        .unreadableExport(path: name, entry: nil, reason: reason)
    }

    private func refused(_ entry: String, _ reason: String) -> VaultError {
        .unreadableExport(path: name, entry: entry, reason: reason)
    }

    /// The central directory record at `offset`, checked; `offset` moves past it.
    private func entry(in directory: [UInt8], at offset: inout Int, archiveSize: Int64) throws(VaultError) -> ZipEntry {
        guard offset + 46 <= directory.count, directory.uint32(at: offset) == 0x0201_4B50 else {
            throw refused("its central directory is damaged")
        }
        let record = offset
        let madeBy = directory.uint16(at: record + 4)
        let flags = directory.uint16(at: record + 8)
        let method = directory.uint16(at: record + 10)
        let crc = directory.uint32(at: record + 16)
        var compressedSize = Int64(directory.uint32(at: record + 20))
        var size = Int64(directory.uint32(at: record + 24))
        let nameLength = Int(directory.uint16(at: record + 28))
        let extraLength = Int(directory.uint16(at: record + 30))
        let commentLength = Int(directory.uint16(at: record + 32))
        let external = directory.uint32(at: record + 38)
        var headerOffset = Int64(directory.uint32(at: record + 42))
        offset = record + 46 + nameLength + extraLength + commentLength
        guard offset <= directory.count else { throw refused("its central directory is damaged") }
        let rawName = Array(directory[(record + 46)..<(record + 46 + nameLength)])
        let name = Self.decodedName(rawName, utf8: flags & 0x0800 != 0)
        if let problem = Self.problem(withName: rawName, decoded: name) { throw refused(name, problem) }

        // Zip64: the sizes and offset that read all ones are in the extra field, in order.
        var extra = record + 46 + nameLength
        let extraEnd = extra + extraLength
        while extra + 4 <= extraEnd {
            let id = directory.uint16(at: extra)
            let length = Int(directory.uint16(at: extra + 2))
            var field = extra + 4
            let fieldEnd = field + length
            guard fieldEnd <= extraEnd else { break }
            if id == 0x0001 {
                func next() -> Int64? {
                    guard field + 8 <= fieldEnd else { return nil }
                    defer { field += 8 }
                    return Int64(clamping: directory.uint64(at: field))
                }
                if size == 0xFFFF_FFFF { size = next() ?? size }
                if compressedSize == 0xFFFF_FFFF { compressedSize = next() ?? compressedSize }
                if headerOffset == 0xFFFF_FFFF { headerOffset = next() ?? headerOffset }
            }
            extra = fieldEnd
        }

        let isFolder = rawName.last == UInt8(ascii: "/")
        let mode = madeBy >> 8 == 3 ? (external >> 16) & 0o170000 : 0
        if mode == 0o120000 { throw refused(name, "symbolic links are refused") }
        if mode != 0, mode != 0o100000, mode != 0o040000 { throw refused(name, "it is not a regular file or a folder") }
        if flags & 0x0001 != 0 { throw refused(name, "it is encrypted") }
        guard method == 0 || method == 8 else { throw refused(name, "its compression method \(method) is not stored or deflate") }
        guard size <= limits.entrySize else { throw refused(name, "it inflates to \(size) bytes, more than \(limits.entrySize)") }
        if size > limits.ratioFloor, size / limits.ratio > compressedSize {
            throw refused(name, "it inflates more than \(limits.ratio) times its compressed size (a zip bomb)")
        }
        guard headerOffset <= archiveSize - 30, compressedSize <= archiveSize - 30 - headerOffset else {
            throw refused(name, "the archive is truncated")
        }
        let cleanName = isFolder ? String(name.dropLast()) : name
        return ZipEntry(name: cleanName, isFolder: isFolder, size: size, compressedSize: compressedSize, method: method,
                        crc32: crc, headerOffset: headerOffset)
    }

    /// UTF-8 when flagged or valid (macOS writes it unflagged); else each byte as Latin-1.
    private static func decodedName(_ bytes: [UInt8], utf8: Bool) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// Why an entry's name is no vault path, or nil.
    static func problem(withName bytes: [UInt8], decoded name: String) -> String? {
        if bytes.isEmpty { return "its name is empty" }
        if bytes.contains(0) { return "its name holds a NUL byte" }
        if bytes.contains(UInt8(ascii: "\\")) { return "its name holds a backslash" }
        if bytes.first == UInt8(ascii: "/") { return "its name is an absolute path" }
        if bytes.count >= 2, bytes[1] == UInt8(ascii: ":"), bytes[0] < 0x80, Character(Unicode.Scalar(bytes[0])).isLetter {
            return "its name is an absolute path"
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "its name holds control characters" }
        var parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        if parts.contains("..") { return "its name leads outside the archive" }
        if parts.isEmpty || parts.contains(where: { $0.isEmpty || $0 == "." }) { return "its name is not a plain path" }
        return nil
    }

    private static func lastIndex(of signature: UInt32, in bytes: [UInt8], before end: Int) -> Int? {
        var index = end - 1
        while index >= 0 {
            if bytes[index] == 0x50, bytes.uint32(at: index) == signature { return index }
            index -= 1
        }
        return nil
    }
}
