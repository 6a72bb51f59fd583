import Foundation

/// One Markdown note of the vault, as a scan read it.
public struct Note: Sendable {
    /// Vault-relative path with `/` separators: `Work/Projects/Roadmap.md`.
    public var path: String
    public var id: String?
    /// Front matter `title`, else the first non-blank body line, else the file name.
    public var title: String
    public var tags: [String]
    public var pinned: Bool
    public var created: Date
    public var modified: Date
    /// The date the note is filed under in month-grouped lists.
    public var sortDate: Date
    /// Up to two lines of body text after the title, Markdown markers removed.
    public var snippet: String
    /// The file's identity when it was read, for detecting edits made meanwhile.
    public var stamp: FileStamp
    /// Why the front matter could not be read; such a note is never rewritten.
    public var frontMatterError: FrontMatterError?
    /// Values in the front matter that could not be understood.
    public var problems: [FrontMatterError]
    /// True when the file has a front-matter block.
    public var hasFrontMatter: Bool

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

/// What identifies a version of a file on disk: if any of these changed, so may its bytes.
public struct FileStamp: Sendable, Equatable {
    public var size: Int64
    public var inode: UInt64
    public var mtimeSeconds: Int64
    public var mtimeNanoseconds: Int64
    public var ctimeSeconds: Int64
    public var ctimeNanoseconds: Int64
    public var mode: UInt32

    public init(size: Int64, inode: UInt64, mtimeSeconds: Int64, mtimeNanoseconds: Int64, ctimeSeconds: Int64, ctimeNanoseconds: Int64, mode: UInt32) {
        self.size = size
        self.inode = inode
        self.mtimeSeconds = mtimeSeconds
        self.mtimeNanoseconds = mtimeNanoseconds
        self.ctimeSeconds = ctimeSeconds
        self.ctimeNanoseconds = ctimeNanoseconds
        self.mode = mode
    }

    /// True when both stamps describe the same file with the same bytes and permissions.
    /// The change time is left out: renaming a file changes it, not what the file holds.
    public func isSameContent(as other: FileStamp) -> Bool {
        inode == other.inode && size == other.size && mode == other.mode
            && mtimeSeconds == other.mtimeSeconds && mtimeNanoseconds == other.mtimeNanoseconds
    }

    public var modificationDate: Date {
        Date(timeIntervalSince1970: Double(mtimeSeconds) + Double(mtimeNanoseconds) / 1e9)
    }
}
