/// The note's stable identity (`id` in front matter), which survives renames and moves.
package enum NoteID: NoteProperty {
    package static let jsonName: String? = "id"
    package static let frontMatterField: FrontMatterField? = .id

    package static func read(from source: NoteSource) -> String? { source.fields[.id]?.text }
}
