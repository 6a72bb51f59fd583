/// The one place a format meets its reader.
extension ImportFormat {
    /// The reader of this format's exports.
    public func reader() -> any ImportReader {
        switch self {
        case .enex: EnexReader()
        case .markdown: MarkdownReader()
        case .bear: BearReader()
        case .keep: KeepReader()
        case .notion: NotionReader()
        }
    }
}
