/// Why the front matter could not be read; such a note is never rewritten. In JSON as
/// `error`, `line:column: message`.
package enum NoteReadError: NoteProperty {
    package static let jsonName: String? = "error"

    package static func read(from source: NoteSource) -> FrontMatterError? { source.frontMatterError }
}

/// Values in the front matter that could not be understood (reported by `vault check`).
package enum NoteProblems: NoteProperty {
    package static let jsonName: String? = nil

    package static func read(from source: NoteSource) -> [FrontMatterError] { source.fields.problems }
}

/// True when the file has a front-matter block, even one that does not parse.
package enum NoteHasFrontMatter: NoteProperty {
    package static let jsonName: String? = nil

    package static func read(from source: NoteSource) -> Bool { source.hasFrontMatter }
}
