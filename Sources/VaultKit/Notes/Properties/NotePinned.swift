/// Front matter `pinned` (YAML 1.1 truth values); absent means not pinned.
package enum NotePinned: NoteProperty {
    package static let jsonName: String? = "pinned"
    package static let frontMatterField: FrontMatterField? = .pinned

    package static func read(from source: NoteSource) -> Bool { source.fields[.pinned]?.flag ?? false }
}
