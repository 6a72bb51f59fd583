import Foundation

/// Builds small zip archives byte by byte, hostile ones included: every field a test
/// needs to lie about can be set per entry.
struct ZipBuilder {
    struct Entry {
        var name: [UInt8]
        var data: [UInt8]
        /// Deflate as one stored deflate block (method 8): inflating it is real zlib work.
        var deflated = false
        var crc: UInt32?
        var declaredSize: UInt32?
        var flags: UInt16 = 0x0800
        /// Unix mode in the high half of the external attributes (made by Unix).
        var unixMode: UInt32? = 0o100644
        /// In a zip64 archive: the compressed size its extra field declares.
        var compressedSize64: UInt64?
    }

    var entries: [Entry] = []
    /// Writes sizes, offsets and the count in zip64 records, as large archives have them.
    var zip64 = false

    mutating func add(_ name: String, _ text: String, deflated: Bool = false) {
        entries.append(Entry(name: Array(name.utf8), data: Array(text.utf8), deflated: deflated))
    }

    mutating func add(_ entry: Entry) { entries.append(entry) }

    var bytes: [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let stored = entry.deflated ? Self.storedDeflateBlock(entry.data) : entry.data
            let crc = entry.crc ?? Self.crc32(entry.data)
            let size = entry.declaredSize ?? UInt32(entry.data.count)
            let method: UInt16 = entry.deflated ? 8 : 0
            let offset = UInt32(out.count)
            out += le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(method) + le16(0) + le16(0)
            out += le32(crc) + le32(UInt32(stored.count)) + le32(size) + le16(UInt16(entry.name.count)) + le16(0)
            out += entry.name + stored
            let madeBy: UInt16 = entry.unixMode == nil ? 20 : 0x0314
            let extra = zip64 ? le16(1) + le16(24) + le64(UInt64(size)) + le64(entry.compressedSize64 ?? UInt64(stored.count))
                + le64(UInt64(offset)) : []
            let all: UInt32 = 0xFFFF_FFFF
            central += le32(0x0201_4B50) + le16(madeBy) + le16(20) + le16(entry.flags) + le16(method) + le16(0) + le16(0)
            central += le32(crc) + le32(zip64 ? all : UInt32(stored.count)) + le32(zip64 ? all : size)
            central += le16(UInt16(entry.name.count)) + le16(UInt16(extra.count)) + le16(0)
            central += le16(0) + le16(0) + le32((entry.unixMode ?? 0) << 16) + le32(zip64 ? all : offset) + entry.name + extra
        }
        let directoryOffset = UInt32(out.count)
        out += central
        if zip64 {
            let record = UInt64(out.count)
            out += le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
            out += le64(UInt64(entries.count)) + le64(UInt64(entries.count)) + le64(UInt64(central.count)) + le64(UInt64(directoryOffset))
            out += le32(0x0706_4B50) + le32(0) + le64(record) + le32(1)
            out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF) + le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) + le16(0)
            return out
        }
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        out += le32(UInt32(central.count)) + le32(directoryOffset) + le16(0)
        return out
    }

    static func storedDeflateBlock(_ data: [UInt8]) -> [UInt8] {
        let length = UInt16(data.count)
        return [0x01] + le16(length) + le16(~length) + data
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
private func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
private func le64(_ value: UInt64) -> [UInt8] { le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32)) }
