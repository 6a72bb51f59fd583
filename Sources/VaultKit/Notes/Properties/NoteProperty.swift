import Foundation
import VaultPlatform

/// One property of a note, declared once: how it is read from the note's file, kept in the
/// front-matter cache, and written as JSON.
///
/// `NoteProperties.all` lists every property. Adding one (a note's tasks, its links) is a
/// new type conforming to this protocol and a line in that list: the scanner reads it, the
/// cache stores it (and a cache written without it is read again), and `--format json` and
/// the web API show it. Read it with `note[Property.self]`.
package protocol NoteProperty: Sendable {
    associatedtype Value: Sendable

    /// Its key in JSON; nil for what is kept but not shown.
    static var jsonName: String? { get }

    /// The front-matter key it is read from, if any: the scan reads the keys of every
    /// property (in `NoteSource.fields`) and no others.
    static var frontMatterField: FrontMatterField? { get }

    /// True for large values that most commands never read (the snippet, tasks, links):
    /// the cache keeps them apart from the others, so that listing or counting notes does
    /// not bring them into memory.
    static var isBulky: Bool { get }

    /// The value of a note being read.
    static func read(from source: NoteSource) -> Value

    /// Cache coding: `decode` reads back what `encode` wrote, nil for bytes that are not a
    /// value (a corrupt cache is then read again from the files).
    static func encode(_ value: Value, to writer: inout ByteWriter)
    static func decode(from reader: inout ByteReader) -> Value?
    /// Moves past an encoded value, checking it; by default by decoding it.
    static func skip(_ reader: inout ByteReader) -> Bool

    /// Writes the value after its key.
    static func writeJSON(_ value: Value, to json: inout JSONWriter, timeZone: TimeZone)

    /// Writes the key and the encoded value `reader` is at, or skips the value when the
    /// property has no JSON name; a value that does not decode (a damaged cache entry) is
    /// taken from `note` read again from its file. A requirement (with a default)
    /// so that each property gets code of its own: walking every value of 100,000 notes
    /// through the generic path asked the runtime for type metadata at every step.
    static func writeJSON(from reader: inout ByteReader, of note: Note, to json: inout JSONWriter, timeZone: TimeZone)
}

/// A property read from the note file's bytes and path alone (its tasks, its links): a
/// note read from its file may have it read only when it is first asked for
/// (`PropertyValues`), from a copy of those bytes.
package protocol FileProperty: NoteProperty {
    static func read(file: UnsafeRawBufferPointer, path: String) -> Value
}

extension FileProperty {
    package static func read(from source: NoteSource) -> Value { read(file: source.file, path: source.path) }
}

extension NoteProperty {
    package static var frontMatterField: FrontMatterField? { nil }

    package static var isBulky: Bool { false }

    package static func writeJSON(from reader: inout ByteReader, of note: Note, to json: inout JSONWriter, timeZone: TimeZone) {
        guard let name = jsonName else {
            _ = skip(&reader)
            return
        }
        json.key(name)
        writeJSON(decode(from: &reader) ?? note.readAgain()[Self.self], to: &json, timeZone: timeZone)
    }

    package static func skip(_ reader: inout ByteReader) -> Bool { decode(from: &reader) != nil }
}

/// What a property reads from: a note file as the scan read it.
package struct NoteSource {
    /// Vault-relative path.
    package let path: String
    /// The front-matter keys `vault` understands (empty without front matter, or when it
    /// does not parse).
    package let fields: NoteFields
    /// Why the front matter does not parse, if it does not.
    package let frontMatterError: FrontMatterError?
    /// True when the file has a front-matter block.
    package let hasFrontMatter: Bool
    /// The text after the front matter (the whole file without a block).
    package let body: UnsafeRawBufferPointer
    /// The whole file, for what counts its lines from the top (tasks).
    package let file: UnsafeRawBufferPointer
    /// The first line and the snippet of the body.
    let text: NoteText.Derived
    package let status: FileStatus
    package let timeZone: TimeZone
    /// Whether `#tags` in the body are tags (`tags.inline` in the config).
    package var inlineTags = true
    /// The body's inline tags (none when `inlineTags` is off), read once by the reader for
    /// the properties that need them.
    package var inline: [InlineTag] = []
    /// The front matter's other keys and their values (`NoteOtherKeys`).
    package var otherKeys: [String] = []

    /// The body's first non-blank line without its markers when it is a heading.
    package var heading: String? { text.heading }
    /// The body's first lines after the title, Markdown markers removed.
    package var snippet: String { text.snippet }
}

/// Every property of a note, in the order of the cache and of JSON.
package enum NoteProperties {
    package static let all: [any NoteProperty.Type] = [
        NoteTitle.self, NoteID.self, NoteTags.self, NotePinned.self,
        NoteCreated.self, NoteModified.self, NoteSortDate.self, NoteSnippet.self,
        NoteReadError.self, NoteProblems.self, NoteHasFrontMatter.self, NoteTasks.self, NoteLinks.self,
        NoteTaskOnlyTags.self, NoteOtherKeys.self,
    ]

    /// The most properties a note can have (its offset table holds their starts and the
    /// end of the last).
    static let capacity = 15

    /// For each of `all`, whether it is bulky (`NoteProperty.isBulky`).
    static let bulky = all.map { $0.isBulky }

    /// For each of `all`, whether it is read from the file alone (`FileProperty`), which
    /// only bulky properties may be (their values can then be read later).
    static let readFromFile: [Bool] = all.indices.map { index in
        let fromFile = all[index] is any FileProperty.Type
        precondition(!fromFile || bulky[index], "a property read later must be bulky")
        return fromFile
    }

    /// How many of `all` are bulky.
    static let bulkyCount = bulky.count { $0 }

    /// For each of `all`, the next property in its part (common or bulky), nil for the
    /// last: a value ends where the next one of its part starts.
    static let nextInPart: [Int?] = all.indices.map { index in
        all.indices.dropFirst(index + 1).first { bulky[$0] == bulky[index] }
    }

    /// `bulky` and `nextInPart` as bits, for the loop that reads each cached note's table:
    /// through the arrays it made a dozen lazy-global checks and bounds checks per note,
    /// a sixth of the instructions of `vault list`.
    static let partBits = PartBits(bulky: bulky, nextInPart: nextInPart)

    struct PartBits: Sendable {
        let count: Int
        /// Bit `index` set: the property at `index` is bulky.
        let bulky: UInt32
        /// Bit `index` set: the property at `index` is the last of its part.
        let lastInPart: UInt32

        init(bulky: [Bool], nextInPart: [Int?]) {
            // A note's offsets are a `SIMD16` (see `PropertyValues`).
            precondition(bulky.count <= NoteProperties.capacity, "more note properties than a note's offset table holds")
            count = bulky.count
            self.bulky = bulky.indices.reduce(0) { bulky[$1] ? $0 | 1 << $1 : $0 }
            lastInPart = nextInPart.indices.reduce(0) { nextInPart[$1] == nil ? $0 | 1 << $1 : $0 }
        }
    }

    /// The identities of `all`, searched on every access to a value (a dozen integers).
    private static let identities = all.map(ObjectIdentifier.init)

    /// Where `property` is in `all`.
    @inline(__always)
    static func index<P: NoteProperty>(of property: P.Type) -> Int {
        let wanted = ObjectIdentifier(property)
        return identities.withUnsafeBufferPointer { ids in
            for index in ids.indices where ids[index] == wanted { return index }
            preconditionFailure("\(property) is not listed in NoteProperties.all")
        }
    }

    /// The front-matter keys the scan reads: those `vault` writes and those of every property.
    static let frontMatterFields: [FrontMatterField] = {
        var fields = FrontMatterField.vaultKeys
        for property in all {
            if let field = property.frontMatterField, !fields.contains(field) { fields.append(field) }
        }
        return fields
    }()

    static let frontMatterKeys = NoteFields.keys(of: frontMatterFields)

    /// How properties are read from a note and encoded in the cache: raised when a reading
    /// rule changes (a new problem reported) or a value's encoding does, so that notes
    /// cached under the old rule are read again.
    static let readingRules = 7

    /// Names the list and its reading rules, so that a cache written with other
    /// properties, or read by other rules, is not trusted.
    static let fingerprint: String = all.map { "\($0)" }.joined(separator: ",") + ";rules \(readingRules)"
}
