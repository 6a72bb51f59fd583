import Foundation
import VaultPlatform

/// One Markdown note of the vault, as a scan read it.
///
/// A value type whose fields live in one shared, copy-on-write object: lists of 100,000
/// notes are sorted, filtered and grouped, and copying a note is then one retain rather
/// than one per field.
public struct Note: Sendable {
    /// Vault-relative path with `/` separators: `Work/Projects/Roadmap.md`.
    public var path: String {
        get { storage.fields.path }
        set { uniqueStorage().fields.path = newValue }
    }
    public var id: String? {
        get { storage.fields.details.id }
        set { uniqueStorage().fields.details.decoded.id = newValue }
    }
    /// Front matter `title`, else the first non-blank body line, else the file name.
    public var title: String {
        get { storage.fields.details.title }
        set { uniqueStorage().fields.details.decoded.title = newValue }
    }
    public var tags: [String] {
        get { storage.fields.details.tags }
        set { uniqueStorage().fields.details.decoded.tags = newValue }
    }
    public var pinned: Bool {
        get { storage.fields.pinned }
        set { uniqueStorage().fields.pinned = newValue }
    }
    public var created: Date {
        get { storage.fields.created }
        set { uniqueStorage().fields.created = newValue }
    }
    public var modified: Date {
        get { storage.fields.modified }
        set { uniqueStorage().fields.modified = newValue }
    }
    /// The date the note is filed under in month-grouped lists.
    public var sortDate: Date {
        get { storage.fields.sortDate }
        set { uniqueStorage().fields.sortDate = newValue }
    }
    /// Up to two lines of body text after the title, Markdown markers removed.
    public var snippet: String {
        get { storage.fields.details.snippet }
        set { uniqueStorage().fields.details.decoded.snippet = newValue }
    }
    /// The file's identity when it was read, for detecting edits made meanwhile.
    public var stamp: FileStamp {
        get { storage.fields.stamp }
        set { uniqueStorage().fields.stamp = newValue }
    }
    /// Why the front matter could not be read; such a note is never rewritten.
    public var frontMatterError: FrontMatterError? {
        get { storage.fields.details.frontMatterError }
        set { uniqueStorage().fields.details.decoded.frontMatterError = newValue }
    }
    /// Values in the front matter that could not be understood.
    public var problems: [FrontMatterError] {
        get { storage.fields.details.problems }
        set { uniqueStorage().fields.details.decoded.problems = newValue }
    }
    /// True when the file has a front-matter block.
    public var hasFrontMatter: Bool {
        get { storage.fields.hasFrontMatter }
        set { uniqueStorage().fields.hasFrontMatter = newValue }
    }

    private var storage: Storage

    public init(
        path: String,
        id: String?,
        title: String,
        tags: [String],
        pinned: Bool,
        created: Date,
        modified: Date,
        sortDate: Date,
        snippet: String,
        stamp: FileStamp,
        frontMatterError: FrontMatterError?,
        problems: [FrontMatterError],
        hasFrontMatter: Bool
    ) {
        let details = NoteDetails.Decoded(id: id, title: title, tags: tags, snippet: snippet, frontMatterError: frontMatterError, problems: problems)
        storage = Storage(Fields(path: path, pinned: pinned, created: created, modified: modified, sortDate: sortDate, stamp: stamp, hasFrontMatter: hasFrontMatter, details: .decoded(details)))
    }

    /// A note whose text fields stay in the cache's bytes until they are asked for.
    init(path: String, pinned: Bool, created: Date, modified: Date, sortDate: Date, stamp: FileStamp, hasFrontMatter: Bool, cached: CachedNoteDetails) {
        storage = Storage(Fields(path: path, pinned: pinned, created: created, modified: modified, sortDate: sortDate, stamp: stamp, hasFrontMatter: hasFrontMatter, details: .cached(cached)))
    }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    /// Calls `body` with the UTF-8 bytes of each tag, without making strings when the note
    /// came from the cache.
    func forEachTag(_ body: (UnsafeRawBufferPointer) -> Void) {
        switch storage.fields.details {
        case .cached(let cached): cached.forEachTag(body)
        case .decoded(let decoded):
            for var tag in decoded.tags { tag.withUTF8 { body(UnsafeRawBufferPointer($0)) } }
        }
    }

    /// The cache entry the note's fields are in, while none of them has been changed.
    var cachedDetails: CachedNoteDetails? {
        if case .cached(let cached) = storage.fields.details { return cached }
        return nil
    }

    private struct Fields {
        var path: String
        var pinned: Bool
        var created: Date
        var modified: Date
        var sortDate: Date
        var stamp: FileStamp
        var hasFrontMatter: Bool
        var details: NoteDetails
    }

    /// Changed only through a note that holds the sole reference.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The directory of the note relative to the vault (`Work/Projects`), empty at the root.
    public var folder: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
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
