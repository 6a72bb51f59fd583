/// The note's stable identity (`id` in front matter), which survives renames and moves.
package enum NoteID: NoteProperty {
    package static let jsonName: String? = "id"
    package static let frontMatterField: FrontMatterField? = .id

    package static func read(from source: NoteSource) -> String? { source.fields[.id]?.text }

    /// Whether `id` names one note. An id written as a template's placeholder (Templater's
    /// `<% tp.system.uuid() %>`, a core template's `{{…}}`) is filled in when a note is made
    /// from the template, and every template may carry the same one: it names none, so two
    /// templates holding it are neither one note (a sync joins notes by id) nor a clash.
    package static func isIdentity(_ id: String) -> Bool {
        !(id.contains("<%") || id.contains("{{"))
    }
}
