import Foundation

/// One note as another app exported it, read but not yet named or written: what every
/// format's reader gives and the one writer (`ImportNotes`) takes.
///
/// The body is Markdown without front matter. It links the note's attachments as
/// `![[name]]` (images) or `[[name]]` (other files) by `ImportedAttachment.name`, and other
/// notes of the same import as `[[title]]` by their source title; the writer rewrites
/// those links when it must give a note or an attachment another name.
public struct ImportedNote: Sendable, Equatable {
    /// Where a note goes: among the notes, in the archive folder, or in the trash.
    public enum Place: String, Sendable, Equatable {
        case notes, archive, trash
    }

    /// Names the note in its source, stably across exports of the same notes, so that a
    /// second import of the same export finds what the first wrote (kept as `source:`).
    public var sourceID: String
    /// The note's title as its source shows it; the writer makes a file name of it.
    public var title: String
    /// The Markdown text, without front matter.
    public var body: String
    /// A front matter block the source already had, kept byte for byte (Markdown folders);
    /// the writer only adds what is missing.
    public var frontMatter: String?
    /// The vault folder within the import's folder (a notebook, a Notion page with pages
    /// beneath it), nil for the import's folder itself; one level, as every vault folder.
    public var folder: String?
    public var created: Date?
    public var modified: Date?
    /// Tag names without `#`, nested with `/`.
    public var tags: [String]
    public var pinned: Bool
    public var place: Place
    /// Other scalar properties the source knew (author, source URL, colour), in order.
    public var properties: [ImportedProperty]
    public var attachments: [ImportedAttachment]
    /// For a reader that follows links in its source (a Markdown folder): the source id of
    /// the note each link leads to there, by `linkKey(_:)`. The writer gives such a link the
    /// name or path that note has in the vault, and leaves a link missing here as written
    /// (counted unresolved when the vault has no note it finds). Nil for readers that write
    /// links between notes as `[[title]]`.
    public var sourceLinks: [String: String]?

    /// What `sourceLinks` knows a link by: a wiki link and a Markdown link with the same
    /// target may lead to different notes.
    static func linkKey(_ link: NoteLink) -> String {
        (link.kind == .markdown ? "md:" : "wiki:") + link.target.lowercased()
    }

    public init(sourceID: String, title: String, body: String, frontMatter: String? = nil, folder: String? = nil,
                created: Date? = nil, modified: Date? = nil, tags: [String] = [], pinned: Bool = false,
                place: Place = .notes, properties: [ImportedProperty] = [], attachments: [ImportedAttachment] = [],
                sourceLinks: [String: String]? = nil) {
        self.sourceID = sourceID
        self.title = title
        self.body = body
        self.frontMatter = frontMatter
        self.folder = folder
        self.created = created
        self.modified = modified
        self.tags = tags
        self.pinned = pinned
        self.place = place
        self.properties = properties
        self.attachments = attachments
        self.sourceLinks = sourceLinks
    }
}

/// A property a source knew beyond the ones every note has.
public struct ImportedProperty: Sendable, Equatable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

/// A file a note links, as its source held it.
public struct ImportedAttachment: Sendable, Equatable {
    /// The name the note's body links it by (`photo.png`).
    public var name: String
    /// Its bytes; nil when the export names a file it does not hold (counted as missing).
    public var bytes: [UInt8]?

    public init(name: String, bytes: [UInt8]?) {
        self.name = name
        self.bytes = bytes
    }
}
