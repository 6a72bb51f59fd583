/// Front matter `title`, else the first non-blank line of the body without heading
/// markers, else the file name without `.md`.
public enum NoteTitle: NoteProperty {
    public static let jsonName: String? = "title"
    public static let frontMatterField: FrontMatterField? = .title

    public static func read(from source: NoteSource) -> String {
        // An unclosed block leaves `---` as the first line: not a title.
        let firstLine = source.firstLine == "---" ? nil : source.firstLine
        return source.fields[.title]?.text ?? firstLine ?? NoteReader.fileName(of: source.path)
    }
}
