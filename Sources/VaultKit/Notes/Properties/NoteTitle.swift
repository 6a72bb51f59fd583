/// Front matter `title`, else the first non-blank line of the body when it is a heading,
/// else the file name without `.md` (DESIGN 1.2).
package enum NoteTitle: NoteProperty {
    package static let jsonName: String? = "title"
    package static let frontMatterField: FrontMatterField? = .title

    package static func read(from source: NoteSource) -> String {
        source.fields[.title]?.text ?? source.heading ?? NoteReader.fileName(of: source.path)
    }
}
