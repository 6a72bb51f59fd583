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

    /// True when it names a note (no extension or `.md`), not an attachment.
    public var namesNote: Bool {
        guard let name = target.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return !target.isEmpty }
        return name[name.index(after: dot)...].lowercased() == "md"
    }
}
