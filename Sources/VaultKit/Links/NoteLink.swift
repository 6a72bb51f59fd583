/// A link in a note (docs/links.md): `[[Note]]`, `[[path/Note#Heading|shown]]`, `![[embed]]`,
/// or a Markdown link to a relative path, `[text](../Work/Plan%20B.md)`.
public struct NoteLink: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// `[[…]]`
        case wiki
        /// `![[…]]`
        case embed
        /// `[text](path)`, or an image `![alt](path)`
        case markdown
    }

    public var kind: Kind
    /// What the link names, without heading or shown text; for a Markdown link, with its
    /// `%20` escapes decoded. Empty for a link to a heading of the same note.
    public var target: String
    /// `#Heading` (or `#^block`), without `#`.
    public var heading: String?
    /// 1-based line and column (in characters) of the link's start in the file.
    public var line: Int
    public var column: Int
    /// The target as written, in the file's bytes: what a rename rewrites.
    public var targetRange: Range<Int>

    public init(kind: Kind, target: String, heading: String? = nil, line: Int, column: Int, targetRange: Range<Int>) {
        self.kind = kind
        self.target = target
        self.heading = heading
        self.line = line
        self.column = column
        self.targetRange = targetRange
    }

    /// True when it names a note, not an attachment: a target ends in a file type only when
    /// it is one of `attachmentTypes`, so `[[Node.js]]`, `[[TLS 1.3]]` and `[[G.I. Joe]]`
    /// name notes, as they do in Obsidian.
    public var namesNote: Bool {
        guard let name = target.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return !target.isEmpty }
        return !Self.attachmentTypes.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The file types a link names as a file: those Obsidian opens (images, audio, video,
    /// PDF, canvases, bases) and the documents, archives and data files people attach.
    /// Any other ending is part of a note's name.
    static let attachmentTypes: Set<String> = [
        "avif", "bmp", "gif", "heic", "ico", "jpeg", "jpg", "png", "svg", "tif", "tiff", "webp",
        "3gp", "aac", "flac", "m4a", "mp3", "oga", "ogg", "opus", "wav",
        "m4v", "mkv", "mov", "mp4", "ogv", "webm",
        "pdf", "canvas", "base", "excalidraw",
        "csv", "doc", "docx", "epub", "htm", "html", "json", "key", "numbers", "odp", "ods", "odt", "pages",
        "ppt", "pptx", "rtf", "tex", "txt", "xls", "xlsx", "xml", "yaml", "yml",
        "7z", "gz", "rar", "tar", "tgz", "zip",
    ]
}
