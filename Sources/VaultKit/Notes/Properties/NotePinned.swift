/// Front matter `pinned` (YAML 1.1 truth values); absent means not pinned.
public enum NotePinned: NoteProperty {
    public static let jsonName: String? = "pinned"
    public static let frontMatterField: FrontMatterField? = .pinned

    public static func read(from source: NoteSource) -> Bool { source.fields[.pinned]?.flag ?? false }
}
