/// The note's stable identity (`id` in front matter), which survives renames and moves.
public enum NoteID: NoteProperty {
    public static let jsonName: String? = "id"
    public static let frontMatterField: FrontMatterField? = .id

    public static func read(from source: NoteSource) -> String? { source.fields[.id]?.text }
}
