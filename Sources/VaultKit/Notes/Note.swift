import Foundation
import VaultPlatform

/// One Markdown note of the vault, as a scan read it: its path, the identity of the file
/// version it was read from, and the values of its properties (`NoteProperties.all`).
///
/// A value type whose fields live in one shared, copy-on-write object: lists of 100,000
/// notes are sorted, filtered and grouped, and copying a note is then one retain.
public struct Note: Sendable {
    private var storage: Storage

    /// A note read from a file: every property read from `source`; with `later`, those
    /// read from the file alone (`FileProperty`) when first asked for.
    package init(reading source: NoteSource, later: Bool = false) {
        storage = Storage(path: source.path, stamp: source.status.stamp, values: PropertyValues(reading: source, later: later))
        storage.orderKey = ListOrderKey(of: self)
    }

    /// A note whose values are already encoded (a cache entry), and its order key if known.
    init(path: String, stamp: FileStamp, values: PropertyValues, orderKey: ListOrderKey? = nil) {
        storage = Storage(path: path, stamp: stamp, values: values)
        storage.orderKey = orderKey ?? ListOrderKey(of: self)
    }

    /// The value of `property`.
    package subscript<P: NoteProperty>(property: P.Type) -> P.Value {
        get { storage.values.value(of: property) ?? readAgain()[property] }
        set {
            uniqueStorage().values = storage.values.setting(property, to: newValue)
            storage.orderKey = ListOrderKey(of: self)
        }
    }

    /// Where the note goes in list order, as far as one integer can tell (`ListOrderKey`).
    /// Kept with the note, and in the cache: read from the values when a list was sorted,
    /// the sort of `vault list --limit 50` took 5 ms, and reading them for each note when
    /// it was made took longer.
    var orderKey: ListOrderKey { storage.orderKey }

    /// Vault-relative path with `/` separators: `Work/Projects/Roadmap.md`.
    public var path: String {
        get { storage.path }
        set { uniqueStorage().path = newValue }
    }

    /// The file's identity when it was read, for detecting edits made meanwhile.
    public var stamp: FileStamp {
        get { storage.stamp }
        set { uniqueStorage().stamp = newValue }
    }

    /// This note read again from its file, for a cache entry whose values turn out not to
    /// decode (see `CacheRepair`).
    func readAgain() -> Note {
        storage.values.repair.note(readingAgain: storage.path, stamp: storage.stamp)
    }

    /// The encoded values, as the cache stores them.
    var encodedValues: PropertyValues { storage.values }

    /// Reads now, on all cores, the values that notes of `notes` left to read when first
    /// asked for (`PropertyValues`): before something asks for them note after note.
    static func readLaterValues(of notes: [Note]) {
        let later = notes.filter { $0.encodedValues.readsLater }
        guard !later.isEmpty else { return }
        _ = ParallelChunks.map(count: later.count, chunk: 64) { range in
            for index in range { later[index].encodedValues.readLaterValues() }
        }
    }

    /// Calls `body` with each property of `NoteProperties.all`, in order, and a reader at
    /// its encoded value: a walk over every value with no lookup per property (how a note
    /// is written as JSON).
    func forEachEncodedValue(_ body: (any NoteProperty.Type, inout ByteReader) -> Void) {
        for (index, property) in NoteProperties.all.enumerated() {
            var reader = storage.values.reader(atIndex: index)
            body(property, &reader)
        }
    }

    /// A reader at the encoded value of `property`, for decoding only part of it.
    func encodedValue<P: NoteProperty>(of property: P.Type) -> ByteReader {
        storage.values.reader(at: property)
    }

    /// Calls `body` with the UTF-8 bytes of the title, making no string.
    package func withTitleBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        var reader = storage.values.reader(at: NoteTitle.self)
        // Bytes that do not decode get past the entry's checksum only if made to: read again.
        guard let bytes = reader.stringBytes() else { return readAgain().withTitleBytes(body) }
        return body(bytes)
    }

    /// Calls `body` with the UTF-8 bytes of the vault-relative path.
    func withPathBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        var path = storage.path
        return path.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// Calls `body` with the UTF-8 bytes of the `id`, if the note has one, making no string.
    func withIDBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        var reader = storage.values.reader(at: NoteID.self)
        guard let present = reader.bool() else { return readAgain().withIDBytes(body) }
        guard present else { return nil }
        guard let bytes = reader.stringBytes() else { return readAgain().withIDBytes(body) }
        return body(bytes)
    }

    /// Calls `body` with the UTF-8 bytes of each tag, making no strings.
    package func forEachTag(_ body: (UnsafeRawBufferPointer) -> Void) {
        var reader = storage.values.reader(at: NoteTags.self)
        NoteTags.forEachEncoded(&reader, body)
    }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            let copy = Storage(path: storage.path, stamp: storage.stamp, values: storage.values)
            copy.orderKey = storage.orderKey
            storage = copy
        }
        return storage
    }

    /// Changed only through a note that holds the sole reference.
    private final class Storage: @unchecked Sendable {
        var path: String
        var stamp: FileStamp
        var values: PropertyValues
        /// Set by the note that makes the storage, from the values (which may have to be
        /// read again from the file to give it).
        var orderKey = ListOrderKey(value: 0)

        init(path: String, stamp: FileStamp, values: PropertyValues) {
            self.path = path
            self.stamp = stamp
            self.values = values
        }
    }

    /// The directory of the note relative to the vault (`Work/Projects`), empty at the root.
    public var folder: String {
        // On the bytes: the collection algorithm walks String indices, and a list of
        // 100,000 notes asks this of every one.
        var path = path
        return path.withUTF8 { bytes in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
    }

    /// The top-level folder the note belongs to, empty at the root.
    public var topFolder: String {
        guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// The file name without `.md`.
    public var name: String {
        let file = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        return file.hasSuffix(".md") ? String(file.dropLast(3)) : file
    }

    /// True for a note at the vault root ("Unsorted").
    public var isUnsorted: Bool { !path.utf8.contains(UInt8(ascii: "/")) }
}
