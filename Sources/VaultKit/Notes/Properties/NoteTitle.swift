/// Front matter `title`, else the first non-blank line of the body without heading
/// markers, else the file name without `.md`.
package enum NoteTitle: NoteProperty {
    package static let jsonName: String? = "title"
    package static let frontMatterField: FrontMatterField? = .title

    package static func read(from source: NoteSource) -> String {
        // An unclosed block leaves `---` as the first line: not a title.
        let firstLine = source.firstLine == "---" ? nil : source.firstLine
        return source.fields[.title]?.text ?? firstLine ?? NoteReader.fileName(of: source.path)
    }
}
