/// The tags of the front matter, as written (a leading `#` dropped, each once).
package enum NoteTags: NoteProperty {
    package static let jsonName: String? = "tags"
    package static let frontMatterField: FrontMatterField? = .tags

    package static func read(from source: NoteSource) -> [String] { source.fields[.tags]?.list ?? [] }

    /// Calls `body` with the UTF-8 bytes of each encoded tag, making no strings: tags are
    /// counted and matched on every scan.
    static func forEachEncoded(_ reader: inout ByteReader, _ body: (UnsafeRawBufferPointer) -> Void) {
        let count = reader.length() ?? 0
        for _ in 0..<count {
            guard let tag = reader.stringBytes() else { return }
            body(tag)
        }
    }
}
