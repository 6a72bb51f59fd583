/// Up to two lines of body text after the title, Markdown markers removed.
package enum NoteSnippet: NoteProperty {
    package static let jsonName: String? = "snippet"
    package static let isBulky = true

    package static func read(from source: NoteSource) -> String { source.snippet }
}
