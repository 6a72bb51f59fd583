/// Why the front matter could not be read; such a note is never rewritten. In JSON as
/// `error`, `line:column: message`.
public enum NoteReadError: NoteProperty {
    public static let jsonName: String? = "error"

    public static func read(from source: NoteSource) -> FrontMatterError? { source.frontMatterError }
}

/// Values in the front matter that could not be understood (reported by `vault check`).
public enum NoteProblems: NoteProperty {
    public static let jsonName: String? = nil

    public static func read(from source: NoteSource) -> [FrontMatterError] { source.fields.problems }
}

/// True when the file has a front-matter block, even one that does not parse.
public enum NoteHasFrontMatter: NoteProperty {
    public static let jsonName: String? = nil

    public static func read(from source: NoteSource) -> Bool { source.hasFrontMatter }
}
