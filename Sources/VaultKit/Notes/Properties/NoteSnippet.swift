/// Up to two lines of body text after the title, Markdown markers removed.
public enum NoteSnippet: NoteProperty {
    public static let jsonName: String? = "snippet"
    public static let isBulky = true

    public static func read(from source: NoteSource) -> String { source.snippet }
}
