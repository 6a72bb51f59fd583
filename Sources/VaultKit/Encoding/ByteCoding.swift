import VaultPlatform

/// Little-endian binary encoding for the note cache.
package struct ByteWriter: Sendable {
    package var bytes: [UInt8] = []

    package init() {}

    package mutating func int(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func uint(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func double(_ value: Double) { uint(value.bitPattern) }

    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func uint32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A length or a count, LEB128: one byte below 128, as nearly all of a note's are (a
    /// million notes' cache was 40 MB smaller than with eight bytes each).
    package mutating func length(_ value: Int) {
        var value = UInt64(max(0, value))
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            length(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Bytes after their length, as `string` writes a string's.
    package mutating func record(_ record: [UInt8]) {
        length(record.count)
        bytes += record
    }

    package mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }
}

/// Reads what `ByteWriter` wrote; every read is bounds-checked, so a corrupt cache
/// gives nil rather than a crash.
package struct ByteReader {
    package let bytes: UnsafeRawBufferPointer
    package var offset: Int

    package init(bytes: UnsafeRawBufferPointer, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    package mutating func int() -> Int64? {
        guard offset >= 0, offset + 8 <= bytes.count else { return nil }
        defer { offset += 8 }
        return Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
    }

    package mutating func uint() -> UInt64? { int().map { UInt64(bitPattern: $0) } }

    package mutating func double() -> Double? { uint().map(Double.init(bitPattern:)) }

    package mutating func uint32() -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// What `ByteWriter.length` wrote; nil past the end or for more than ten bytes. One
    /// byte, as nearly every length is, is read without a call.
    @inline(__always) package mutating func length() -> Int? {
        if offset >= 0, offset < bytes.count, bytes[offset] < 0x80 {
            defer { offset += 1 }
            return Int(bytes[offset])
        }
        return longLength()
    }

    private mutating func longLength() -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset >= 0, offset < bytes.count, shift < 63 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value <= UInt64(Int.max) ? Int(value) : nil }
            shift += 7
        }
        return nil
    }

    package mutating func bool() -> Bool? {
        guard offset >= 0, offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset] != 0
    }

    /// Nil also for bytes that are not UTF-8: the writer wrote Swift strings, so such bytes
    /// are damage, which must not reach the user as replacement characters.
    package mutating func string() -> String? {
        stringBytes().flatMap(String.init(validUTF8:))
    }

    /// The bytes of a string, without making a `String`.
    package mutating func stringBytes() -> UnsafeRawBufferPointer? {
        guard let length = length(), length <= bytes.count - offset else { return nil }
        defer { offset += length }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
    }

    package mutating func skipString() -> Bool { stringBytes() != nil }

    package mutating func skipOptionalString() -> Bool {
        guard let present = bool() else { return false }
        return !present || skipString()
    }

    package mutating func optionalString() -> String?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let value = string() else { return nil }
        return .some(value)
    }
}

extension ByteWriter {
    /// A file's stamp, as the caches keep it.
    mutating func stamp(_ stamp: FileStamp) {
        int(stamp.size)
        uint(stamp.inode)
        int(stamp.mtimeSeconds)
        int(stamp.ctimeSeconds)
        uint32(UInt32(clamping: stamp.mtimeNanoseconds))
        uint32(UInt32(clamping: stamp.ctimeNanoseconds))
        uint32(stamp.mode)
    }
}

extension ByteReader {
    /// What `ByteWriter.stamp(_:)` wrote: 44 bytes, checked for bounds once (every note's
    /// stamp is read on every command, and a check per field was a fifth of reading it).
    mutating func stamp() -> FileStamp? {
        guard offset >= 0, bytes.count - offset >= 44 else { return nil }
        let at = offset
        func load<T: FixedWidthInteger>(_ field: Int, as type: T.Type) -> T {
            T(littleEndian: bytes.loadUnaligned(fromByteOffset: at + field, as: T.self))
        }
        offset += 44
        return FileStamp(size: load(0, as: Int64.self), inode: load(8, as: UInt64.self),
                         mtimeSeconds: load(16, as: Int64.self), mtimeNanoseconds: Int64(load(32, as: UInt32.self)),
                         ctimeSeconds: load(24, as: Int64.self), ctimeNanoseconds: Int64(load(36, as: UInt32.self)),
                         mode: load(40, as: UInt32.self))
    }
}
