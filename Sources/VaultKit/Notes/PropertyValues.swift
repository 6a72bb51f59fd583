import VaultPlatform

/// The encoded values of one note's properties (`NoteProperties.all`), each decoded when
/// it is asked for.
///
/// A note read from the cache keeps its values in the cache's mapped bytes; a note read
/// from its file keeps them in bytes of its own, encoded once. Either way one encoding:
/// the cache is written by copying these bytes, and listing 100,000 notes decodes only
/// the properties it shows (a third of the main page's time, and most of its memory, went
/// on titles and snippets decoded for nothing).
///
/// The values are in two parts: the common ones, and the bulky ones (`NoteProperty.isBulky`:
/// snippet, tasks, links), which the cache keeps in a region of their own. A command that
/// never reads them never brings their pages into memory (two thirds of the cache).
///
/// A note read from its file may have the values read from the file's bytes alone
/// (`FileProperty`: tasks, links) read when first asked for, from a copy of those bytes
/// (`LaterValues`): a note changed just before a search, which no cache file can take,
/// was mostly the reading of its tasks and links, and the search asks for neither.
struct PropertyValues: @unchecked Sendable {
    // Declared first: fields are laid out in order, and the 16-byte aligned vector after
    // the others would pad each note by 8 bytes.
    /// Where each property's value starts: in `bulky` when the top bit is set, else in
    /// `common`. A SIMD vector rather than an InlineArray: copying a note's values is then
    /// a plain copy (an InlineArray's went through its type's value witnesses, which showed
    /// in profiles of `vault list`).
    private var offsets: SIMD16<UInt32>
    /// Keeps the bytes alive: a keeper of the cache's mapping, or an `OwnedBytes`.
    private let owner: AnyObject
    // The two parts as starts and 32-bit counts (both parts are under 2 GiB): as buffer
    // pointers they made every note 8 bytes larger, a 16-byte step of the allocator.
    private let commonBase: UnsafeRawPointer?
    private let bulkyBase: UnsafeRawPointer?
    private let commonCount: UInt32
    private let bulkyCount: UInt32
    private static let inBulky: UInt32 = 1 << 31
    /// Set on `bulkyCount` (a part is under 2 GiB) when the values of the `FileProperty`s
    /// are read later: their offsets, with `inBulky`, then number them among those.
    private static let readsLaterFlag: UInt32 = 1 << 31

    /// The values of the common properties, in the order of `NoteProperties.all`.
    var common: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: commonBase, count: Int(commonCount)) }
    /// The values of the bulky properties, in the same order (of values none of which is
    /// read later: see `resolved`).
    var bulky: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: bulkyBase, count: Int(bulkyCount & ~Self.readsLaterFlag)) }

    /// True when some values are read when first asked for.
    var readsLater: Bool { bulkyCount & Self.readsLaterFlag != 0 }

    /// Reads the values read later now, if they were not yet.
    func readLaterValues() {
        guard readsLater else { return }
        _ = unsafeDowncast(owner, to: LaterValues.self).read.value
    }

    /// The same values, every one of them read: as the cache writes them.
    var resolved: PropertyValues {
        guard readsLater else { return self }
        var common = ByteWriter()
        var bulky = ByteWriter()
        for (index, property) in NoteProperties.all.enumerated() {
            var reader = reader(atIndex: index)
            let start = reader.offset
            // Values encoded by this process always decode.
            guard property.skip(&reader) else { preconditionFailure("note properties do not read back what they wrote") }
            let value = UnsafeRawBufferPointer(rebasing: reader.bytes[start..<reader.offset])
            if NoteProperties.bulky[index] { bulky.bytes.append(contentsOf: value) } else { common.bytes.append(contentsOf: value) }
        }
        return PropertyValues(owningCommon: common.bytes, bulky: bulky.bytes)
    }

    /// Values as the cache keeps them: `entry` holds where each bulky value starts in
    /// `bulky` (a little-endian `UInt32` each, in the order of `NoteProperties.all`), the
    /// length of each common value but the last (LEB128: a byte each, mostly), and then
    /// the common values. The cache entry's checksum has vouched for those bytes, so no
    /// value is read here, only the starts checked for order and bounds; bulky values are
    /// checked when asked for. Nil for a table that is not.
    init?(cached entry: UnsafeRawBufferPointer, bulky: UnsafeRawBufferPointer, owner: AnyObject) {
        guard entry.count < Int(Self.inBulky), bulky.count < Int(Self.inBulky), let base = entry.baseAddress else { return nil }
        let parts = NoteProperties.partBits
        var offsets = SIMD16<UInt32>(repeating: 0)
        // Where the table is read, as plain loads with a bounds check each: through a
        // `ByteReader`, and storing into the vector lane by lane, this was a sixth of the
        // instructions of `vault list`.
        var position = 0
        var bulkyEnd: UInt32 = 0
        var commonStart = 0
        let sound = withUnsafeMutableBytes(of: &offsets) { slots -> Bool in
            for index in 0..<parts.count {
                let bit: UInt32 = 1 << index
                if parts.bulky & bit != 0 {
                    guard entry.count - position >= 4 else { return false }
                    let start = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt32.self))
                    position += 4
                    guard start >= bulkyEnd, start <= UInt32(bulky.count) else { return false }
                    bulkyEnd = start
                    slots.storeBytes(of: start | Self.inBulky, toByteOffset: 4 * index, as: UInt32.self)
                } else {
                    // Where it starts in the common part, which follows this table.
                    slots.storeBytes(of: UInt32(truncatingIfNeeded: commonStart), toByteOffset: 4 * index, as: UInt32.self)
                    guard parts.lastInPart & bit == 0 else { continue }
                    var reader = ByteReader(bytes: entry, offset: position)
                    guard let length = reader.length(), length <= entry.count - commonStart else { return false }
                    position = reader.offset
                    commonStart += length
                }
            }
            return true
        }
        guard sound, commonStart <= entry.count - position else { return nil }
        self.owner = owner
        let common = UnsafeRawBufferPointer(rebasing: entry[position...])
        (commonBase, commonCount) = (common.baseAddress, UInt32(common.count))
        (bulkyBase, bulkyCount) = (bulky.baseAddress, UInt32(bulky.count))
        self.offsets = offsets
    }

    /// The table `init(cached:bulky:owner:)` reads: where each bulky value starts, then
    /// the length of each common value but the last.
    var cacheTable: [UInt8] {
        var table = ByteWriter()
        for index in NoteProperties.all.indices {
            if NoteProperties.bulky[index] {
                table.uint32(offsets[index] & ~Self.inBulky)
            } else if let next = NoteProperties.nextInPart[index] {
                table.length(Int(offsets[next]) - Int(offsets[index]))
            }
        }
        return table.bytes
    }

    /// Values whose common part, checked value by value, is `common`, and whose bulky part
    /// is `bulky`, its values starting at `bulkyStart(0)`, `bulkyStart(1)`, … (one per bulky
    /// property, or nil for one read later): these are checked for order and bounds only.
    /// Nil for bytes that do not decode.
    private init?(common: UnsafeRawBufferPointer, bulky: UnsafeRawBufferPointer, owner: AnyObject, bulkyStart: (Int) -> UInt32?) {
        guard common.count < Int(Self.inBulky), bulky.count < Int(Self.inBulky) else { return nil }
        self.owner = owner
        (commonBase, commonCount) = (common.baseAddress, UInt32(common.count))
        bulkyBase = bulky.baseAddress
        offsets = SIMD16(repeating: 0)
        var reader = ByteReader(bytes: common, offset: 0)
        var bulkyNumber = 0
        var bulkyEnd: UInt32 = 0
        var laterNumber: UInt32 = 0
        for (index, property) in NoteProperties.all.enumerated() {
            if NoteProperties.bulky[index] {
                defer { bulkyNumber += 1 }
                guard let start = bulkyStart(bulkyNumber) else {
                    offsets[index] = Self.inBulky | laterNumber
                    laterNumber += 1
                    continue
                }
                guard start >= bulkyEnd, start <= UInt32(bulky.count) else { return nil }
                offsets[index] = start | Self.inBulky
                bulkyEnd = start
            } else {
                offsets[index] = UInt32(reader.offset)
                guard property.skip(&reader) else { return nil }
            }
        }
        guard reader.offset == common.count else { return nil }
        bulkyCount = UInt32(bulky.count) | (laterNumber > 0 ? Self.readsLaterFlag : 0)
    }

    /// Encodes the properties of `source`; with `later`, those read from the file alone
    /// (`FileProperty`) only when first asked for, from a copy of `source.file`.
    init(reading source: NoteSource, later: Bool = false) {
        var common = ByteWriter()
        var bulky = ByteWriter()
        for (index, property) in NoteProperties.all.enumerated() {
            if later, NoteProperties.readFromFile[index] { continue }
            if NoteProperties.bulky[index] {
                Self.encode(property, of: source, to: &bulky)
            } else {
                Self.encode(property, of: source, to: &common)
            }
        }
        guard later else {
            self.init(owningCommon: common.bytes, bulky: bulky.bytes)
            return
        }
        let file = [UInt8](source.file), path = source.path
        self.init(owningCommon: common.bytes, bulky: bulky.bytes) { owned in
            LaterValues(owned: owned, read: Lazy { LaterValues.read(file: file, path: path) })
        }
    }

    /// Values in bytes of their own: the two parts, one after the other; `owner` makes the
    /// owner of those bytes when some values are read later (those `FileProperty`s are
    /// then missing from `bulky`).
    private init(owningCommon common: [UInt8], bulky: [UInt8], owner: ((OwnedBytes) -> AnyObject)? = nil) {
        let owned = OwnedBytes(common + bulky)
        let commonPart = UnsafeRawBufferPointer(rebasing: owned.bytes[0..<common.count])
        let bulkyPart = UnsafeRawBufferPointer(rebasing: owned.bytes[common.count..<(common.count + bulky.count)])
        var starts: [UInt32?] = []
        var reader = ByteReader(bytes: bulkyPart, offset: 0)
        for (index, property) in NoteProperties.all.enumerated() where NoteProperties.bulky[index] {
            if owner != nil, NoteProperties.readFromFile[index] {
                starts.append(nil)
                continue
            }
            starts.append(UInt32(reader.offset))
            _ = property.skip(&reader)
        }
        // Bytes this type encoded itself always decode.
        guard reader.offset == bulky.count,
              let values = PropertyValues(common: commonPart, bulky: bulkyPart, owner: owner?(owned) ?? owned, bulkyStart: { starts[$0] })
        else {
            preconditionFailure("note properties do not read back what they wrote")
        }
        self = values
    }

    private static func encode<P: NoteProperty>(_ property: P.Type, of source: NoteSource, to writer: inout ByteWriter) {
        P.encode(P.read(from: source), to: &writer)
    }

    /// A reader at the start of `property`'s value.
    @inline(__always)
    func reader<P: NoteProperty>(at property: P.Type) -> ByteReader {
        reader(atIndex: NoteProperties.index(of: property))
    }

    /// A reader at the start of the value of the property at `index` in `NoteProperties.all`.
    @inline(__always)
    func reader(atIndex index: Int) -> ByteReader {
        let offset = offsets[index]
        if offset & Self.inBulky == 0 { return ByteReader(bytes: common, offset: Int(offset)) }
        if readsLater, NoteProperties.readFromFile[index] { return laterReader(Int(offset & ~Self.inBulky)) }
        return ByteReader(bytes: bulky, offset: Int(offset & ~Self.inBulky))
    }

    /// A reader at the value read later numbered `number`, read now if not yet.
    @inline(never)
    private func laterReader(_ number: Int) -> ByteReader {
        // Only values made with a `LaterValues` owner are marked `readsLaterFlag`.
        let read = unsafeDowncast(owner, to: LaterValues.self).read.value
        return ByteReader(bytes: UnsafeRawBufferPointer(read.bytes.bytes), offset: read.starts[number])
    }

    /// The value of `property`; nil only for a damaged cache entry (a bulky value, or a
    /// string that is not UTF-8: both checked only when read).
    func value<P: NoteProperty>(of property: P.Type) -> P.Value? {
        var reader = reader(at: property)
        return P.decode(from: &reader)
    }

    /// What reads the note of these values again when they do not decode: the cache's, as
    /// values this process encoded itself always decode.
    var repair: CacheRepair {
        guard let keeper = owner as? MappingKeeper else { preconditionFailure("note values encoded here do not decode") }
        return keeper.repair
    }

    /// The bytes of the value of the property at `index`: up to the next value of its part.
    private func span(ofIndex index: Int) -> UnsafeRawBufferPointer {
        let reader = reader(atIndex: index)
        let end = NoteProperties.nextInPart[index].map { Int(offsets[$0] & ~Self.inBulky) } ?? reader.bytes.count
        return UnsafeRawBufferPointer(rebasing: reader.bytes[reader.offset..<max(reader.offset, end)])
    }

    /// The same values with `property` set to `value`; the others are copied as they are.
    func setting<P: NoteProperty>(_ property: P.Type, to value: P.Value) -> PropertyValues {
        if readsLater { return resolved.setting(property, to: value) }
        let changed = NoteProperties.index(of: property)
        var common = ByteWriter()
        var bulky = ByteWriter()
        for index in NoteProperties.all.indices {
            if index == changed {
                if NoteProperties.bulky[index] { P.encode(value, to: &bulky) } else { P.encode(value, to: &common) }
            } else if NoteProperties.bulky[index] {
                bulky.bytes.append(contentsOf: span(ofIndex: index))
            } else {
                common.bytes.append(contentsOf: span(ofIndex: index))
            }
        }
        return PropertyValues(owningCommon: common.bytes, bulky: bulky.bytes)
    }
}

/// The owner of values some of which are read when first asked for: the bytes of the
/// others, and what reads those, once, from a copy of the note's file (let go once read).
private final class LaterValues: Sendable {
    let owned: OwnedBytes
    /// The values read later, encoded one after the other in the order of
    /// `NoteProperties.all`, and where each starts.
    let read: Lazy<(bytes: OwnedBytes, starts: [Int])>

    init(owned: OwnedBytes, read: Lazy<(bytes: OwnedBytes, starts: [Int])>) {
        self.owned = owned
        self.read = read
    }

    /// The values of every `FileProperty` of the note whose file is `file`, at `path`.
    static func read(file: [UInt8], path: String) -> (bytes: OwnedBytes, starts: [Int]) {
        var writer = ByteWriter()
        var starts: [Int] = []
        file.withUnsafeBytes { file in
            for (index, property) in NoteProperties.all.enumerated() where NoteProperties.readFromFile[index] {
                starts.append(writer.bytes.count)
                if let property = property as? any FileProperty.Type { encode(property, file: file, path: path, to: &writer) }
            }
        }
        return (OwnedBytes(writer.bytes), starts)
    }

    private static func encode<P: FileProperty>(_ property: P.Type, file: UnsafeRawBufferPointer, path: String, to writer: inout ByteWriter) {
        P.encode(P.read(file: file, path: path), to: &writer)
    }
}

/// Bytes with a stable address, freed with their last reference.
private final class OwnedBytes: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer

    init(_ array: [UInt8]) {
        bytes = .allocate(byteCount: max(array.count, 1), alignment: 8)
        array.withUnsafeBytes { bytes.copyMemory(from: $0) }
    }

    deinit { bytes.deallocate() }
}
