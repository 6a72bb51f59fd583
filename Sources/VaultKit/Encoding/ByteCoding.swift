/// Little-endian binary encoding for the note cache.
public struct ByteWriter: Sendable {
    public var bytes: [UInt8] = []

    public init() {}

    public mutating func int(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func uint(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func double(_ value: Double) { uint(value.bitPattern) }

    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(Int64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }
}

/// Reads what `ByteWriter` wrote; every read is bounds-checked, so a corrupt cache
/// gives nil rather than a crash.
public struct ByteReader {
    public let bytes: UnsafeRawBufferPointer
    public var offset: Int

    public init(bytes: UnsafeRawBufferPointer, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    public mutating func int() -> Int64? {
        guard offset >= 0, offset + 8 <= bytes.count else { return nil }
        defer { offset += 8 }
        return Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
    }

    public mutating func uint() -> UInt64? { int().map { UInt64(bitPattern: $0) } }

    public mutating func double() -> Double? { uint().map(Double.init(bitPattern:)) }

    public mutating func bool() -> Bool? {
        guard offset >= 0, offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset] != 0
    }

    public mutating func string() -> String? {
        guard let length = int(), length >= 0, offset + Int(length) <= bytes.count else { return nil }
        defer { offset += Int(length) }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + Int(length))]), as: UTF8.self)
    }

    /// The bytes of a string, without making a `String`.
    public mutating func stringBytes() -> UnsafeRawBufferPointer? {
        guard let length = int(), length >= 0, offset + Int(length) <= bytes.count else { return nil }
        defer { offset += Int(length) }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + Int(length))])
    }

    public mutating func skipString() -> Bool { stringBytes() != nil }

    public mutating func skipOptionalString() -> Bool {
        guard let present = bool() else { return false }
        return !present || skipString()
    }

    public mutating func optionalString() -> String?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let value = string() else { return nil }
        return .some(value)
    }
}
