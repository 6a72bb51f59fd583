import Foundation

/// A front-matter key `vault` understands, and how its value is read.
///
/// Reading is tolerant, because people write front matter by hand and other tools write
/// it too; a value that cannot be understood is left out and reported, never guessed.
public struct FrontMatterField: Sendable, Hashable {
    /// How a value is read.
    public enum Kind: Sendable, Hashable {
        /// One string, trimmed; empty means absent.
        case text
        /// YAML 1.1's truth values (`true`, `yes`, `on`, any case).
        case flag
        /// A date: YAML timestamp, ISO 8601, `YYYY-MM-DD`, or epoch milliseconds.
        case date
        /// Tag names: a flow or block list, or one string that is one name (as Obsidian
        /// reads them); a leading `#` is dropped, each name kept once.
        case tags
    }

    /// The key as `vault` writes it; keys match as `FrontMatterKey.matches` says.
    public let key: String
    public let kind: Kind

    public init(_ key: String, _ kind: Kind) {
        self.key = key
        self.kind = kind
    }

    /// The key lower-cased, as front matter is matched.
    var matchKey: String { key.lowercased() }

    // The keys `vault` writes (docs/file-format.md).
    public static let id = FrontMatterField(FrontMatterKey.id, .text)
    public static let title = FrontMatterField(FrontMatterKey.title, .text)
    public static let tags = FrontMatterField(FrontMatterKey.tags, .tags)
    public static let pinned = FrontMatterField(FrontMatterKey.pinned, .flag)
    public static let created = FrontMatterField(FrontMatterKey.created, .date)
    public static let modified = FrontMatterField(FrontMatterKey.modified, .date)
    public static let sortDate = FrontMatterField(FrontMatterKey.sortDate, .date)

    /// Read, never written: `private: true` keeps a note from an assistant.
    public static let `private` = FrontMatterField(FrontMatterKey.private, .flag)

    /// Every key `vault` writes.
    public static let vaultKeys: [FrontMatterField] = [id, title, tags, pinned, created, modified, sortDate]
}
