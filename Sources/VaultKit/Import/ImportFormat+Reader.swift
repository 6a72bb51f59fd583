/// The one place a format meets its reader.
extension ImportFormat {
    /// The reader of this format's exports.
    public func reader() throws(VaultError) -> any ImportReader {
        switch self {
        case .enex: EnexReader()
        case .markdown: MarkdownReader()
        case .bear, .keep, .notion: throw .importFormatNotBuilt(rawValue)
        }
    }
}
