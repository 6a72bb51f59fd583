import CZlib
import VaultPlatform

/// A zip archive from another app (a Bear backup, a Notion or Takeout export), read as
/// untrusted input: its central directory at once, every entry checked before any is
/// read (count, sizes, compression ratio, name, kind, encryption), and each entry's
/// bytes only when asked for, inflated with zlib and checked against their CRC-32.
///
/// Names are vault paths (`Notes/a.md`): no `..`, nothing absolute, no backslash, no
/// control character. Stored and deflated entries are read, zip64 sizes and offsets too;
/// symbolic links and encrypted entries are refused with the archive.
public final class ZipArchive: Sendable {
    /// What errors call the archive: the path the user gave, or `outer.zip/inner.zip`.
    public let name: String
    /// Every entry, folders included, in the central directory's order.
    public let entries: [ZipEntry]
    private let storage: Storage
    private let limits: ZipLimits
    private let byName: [String: Int]

    private enum Storage: Sendable {
        case file(ExportFile)
        case memory([UInt8])

        var size: Int64 {
            switch self {
            case .file(let file): file.size
            case .memory(let bytes): Int64(bytes.count)
            }
        }

        func read(at offset: Int64, count: Int) throws(SystemError) -> [UInt8] {
            switch self {
            case .file(let file):
                return try file.read(at: offset, count: count)
            case .memory(let bytes):
                guard offset >= 0, offset < Int64(bytes.count), count > 0 else { return [] }
                let start = Int(offset)
                return Array(bytes[start..<min(bytes.count, start + count)])
            }
        }
    }

    /// Opens the zip file at `path` (from the working directory) and reads its directory.
    public convenience init(path: String, limits: ZipLimits = ZipLimits()) throws(VaultError) {
        let file: ExportFile
        do {
            file = try ExportFile(path)
        } catch {
            throw .io(path: path, operation: error.operation, errno: error.code)
        }
        try self.init(name: path, storage: .file(file), limits: limits)
    }

    /// Reads a zip held in memory (an archive inside an archive), named `name` in errors.
    public convenience init(bytes: [UInt8], name: String, limits: ZipLimits = ZipLimits()) throws(VaultError) {
        try self.init(name: name, storage: .memory(bytes), limits: limits)
    }

    private init(name: String, storage: Storage, limits: ZipLimits) throws(VaultError) {
        self.name = name
        self.storage = storage
        self.limits = limits
        let directory = try ZipDirectory(storage: { (offset: Int64, count: Int) throws(SystemError) -> [UInt8] in
            try storage.read(at: offset, count: count)
        }, size: storage.size, name: name, limits: limits)
        entries = directory.entries
        var byName: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            guard byName.updateValue(index, forKey: entry.name) == nil else {
                throw .unreadableExport(path: name, entry: entry.name, reason: "the archive holds two entries of this name")
            }
        }
        self.byName = byName
    }

    /// True when the archive starts as a zip does (`PK\3\4`, or an empty zip's `PK\5\6`).
    public static func looksLikeZip(_ prefix: [UInt8]) -> Bool {
        prefix.count >= 4 && prefix[0] == 0x50 && prefix[1] == 0x4B && (prefix[2] == 3 && prefix[3] == 4 || prefix[2] == 5 && prefix[3] == 6)
    }

    /// The entry named `name` (a file's path inside the archive), if it holds one.
    public func entry(named name: String) -> ZipEntry? {
        byName[name].map { entries[$0] }
    }

    /// The entry's bytes, inflated and checked against its CRC-32.
    public func bytes(of entry: ZipEntry) throws(VaultError) -> [UInt8] {
        let header = try read(at: entry.headerOffset, count: 30, entry: entry)
        guard header.count == 30, header.uint32(at: 0) == 0x0403_4B50 else {
            throw refused(entry, header.count < 30 ? "the archive is truncated" : "its local header is missing")
        }
        let dataOffset = entry.headerOffset + 30 + Int64(header.uint16(at: 26)) + Int64(header.uint16(at: 28))
        let stored = try read(at: dataOffset, count: Int(entry.compressedSize), entry: entry)
        guard stored.count == Int(entry.compressedSize) else { throw refused(entry, "the archive is truncated") }
        let bytes: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.size else { throw refused(entry, "its stored size differs from its size") }
            bytes = stored
        default:
            guard let inflated = Self.inflate(stored, size: Int(entry.size)) else {
                throw refused(entry, "its compressed data is damaged or larger than declared")
            }
            bytes = inflated
        }
        guard Self.crc32(bytes) == entry.crc32 else { throw refused(entry, "its data fails the CRC-32 check") }
        return bytes
    }

    private func read(at offset: Int64, count: Int, entry: ZipEntry) throws(VaultError) -> [UInt8] {
        do {
            return try storage.read(at: offset, count: count)
        } catch {
            throw .io(path: name, operation: error.operation, errno: error.code)
        }
    }

    private func refused(_ entry: ZipEntry, _ reason: String) -> VaultError {
        .unreadableExport(path: name, entry: entry.name, reason: reason)
    }

    /// Raw deflate (no zlib header) into exactly `size` bytes; nil when the data is
    /// damaged, ends early or would inflate past `size` (the declared size is the bound).
    static func inflate(_ input: [UInt8], size: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: size + 1)
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = input
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else { return nil }
        output.removeLast()
        return output
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var crc: uLong = 0
            var offset = 0
            // zlib takes a 32-bit length; an entry is bounded far below, but step anyway.
            while offset < buffer.count {
                let count = min(buffer.count - offset, 1 << 30)
                crc = CZlib.crc32(crc, buffer.baseAddress! + offset, uInt(count))
                offset += count
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }
}

/// One file or folder of a zip archive, as its central directory describes it.
public struct ZipEntry: Sendable, Equatable {
    /// Its path inside the archive, without a folder's trailing `/`.
    public var name: String
    public var isFolder: Bool
    /// Inflated size in bytes.
    public var size: Int64
    var compressedSize: Int64
    var method: UInt16
    var crc32: UInt32
    var headerOffset: Int64
}

extension [UInt8] {
    func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
    }

    func uint64(at offset: Int) -> UInt64 {
        UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32
    }
}
