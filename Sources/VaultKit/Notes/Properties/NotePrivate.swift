/// Front matter `private` (YAML 1.1 truth values): a note an assistant never sees.
package enum NotePrivate: NoteProperty {
    // Not in a note's JSON: the web app and the command line show private notes as any other.
    package static let jsonName: String? = nil
    package static let frontMatterField: FrontMatterField? = .private

    package static func read(from source: NoteSource) -> Bool { source.fields[.private]?.flag ?? false }
}
