/// The encoded values of one note's properties (`NoteProperties.all`, in order), each
/// decoded when it is asked for.
///
/// A note read from the cache keeps its values in the cache's mapped bytes; a note read
/// from its file keeps them in bytes of its own, encoded once. Either way one encoding:
/// the cache is written by copying these bytes, and listing 100,000 notes decodes only
/// the properties it shows (a third of the main page's time, and most of its memory, went
/// on titles and snippets decoded for nothing).
struct PropertyValues: @unchecked Sendable {
    /// Keeps `bytes` alive: the cache, or an `OwnedBytes`.
    private let owner: AnyObject
    /// Exactly this note's encoded values.
    let bytes: UnsafeRawBufferPointer
    /// Where each property's value starts in `bytes`; the entry after the last is the end.
    /// A SIMD vector rather than an InlineArray: copying a note's values is then a plain
    /// copy (an InlineArray's went through its type's value witnesses, which showed in
    /// profiles of `vault list`).
    private var offsets: SIMD16<UInt32>

    /// The values in `bytes`, if they decode as `NoteProperties.all`; nil for bytes that
    /// do not (a corrupt cache entry).
    init?(bytes: UnsafeRawBufferPointer, owner: AnyObject) {
        guard bytes.count < Int(UInt32.max) else { return nil }
        self.owner = owner
        self.bytes = bytes
        offsets = SIMD16(repeating: 0)
        var reader = ByteReader(bytes: bytes, offset: 0)
        for (index, property) in NoteProperties.all.enumerated() {
            offsets[index] = UInt32(reader.offset)
            guard property.skip(&reader) else { return nil }
        }
        guard reader.offset == bytes.count else { return nil }
        offsets[NoteProperties.all.count] = UInt32(reader.offset)
    }

    /// Encodes the properties of `source`.
    init(reading source: NoteSource) {
        var writer = ByteWriter()
        for property in NoteProperties.all { Self.encode(property, of: source, to: &writer) }
        self.init(owning: writer.bytes)
    }

    private init(owning encoded: [UInt8]) {
        let owned = OwnedBytes(encoded)
        // Bytes this type encoded itself always decode.
        let bytes = UnsafeRawBufferPointer(rebasing: owned.bytes[0..<encoded.count])
        guard let values = PropertyValues(bytes: bytes, owner: owned) else {
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
        ByteReader(bytes: bytes, offset: Int(offsets[NoteProperties.index(of: property)]))
    }

    func value<P: NoteProperty>(of property: P.Type) -> P.Value {
        var reader = reader(at: property)
        guard let value = P.decode(from: &reader) else {
            preconditionFailure("\(property): checked bytes that do not decode")
        }
        return value
    }

    /// The same values with `property` set to `value`; the others are copied as they are.
    func setting<P: NoteProperty>(_ property: P.Type, to value: P.Value) -> PropertyValues {
        let changed = NoteProperties.index(of: property)
        var writer = ByteWriter()
        for index in NoteProperties.all.indices {
            if index == changed {
                P.encode(value, to: &writer)
            } else {
                writer.bytes.append(contentsOf: bytes[Int(offsets[index])..<Int(offsets[index + 1])])
            }
        }
        return PropertyValues(owning: writer.bytes)
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
