/// What a reader finds in an export, one at a time: a note, or a note it could not take
/// and why, so that the report accounts for every note read.
public enum ImportItem: Sendable, Equatable {
    case note(ImportedNote)
    case skipped(ImportSkip)
}

/// A source note that was read and not written.
public struct ImportSkip: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// Encrypted in its source (Evernote's `<en-crypt>` alone, Bear's locked notes).
        case encrypted
        /// Neither title nor text.
        case empty
        /// Its data could not be read; the words say where and why.
        case unreadable(String)
        /// Another note of the same import has the same source id.
        case duplicate
    }

    /// The note's title or, without one, its file or place in the export.
    public var name: String
    public var reason: Reason

    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }
}
