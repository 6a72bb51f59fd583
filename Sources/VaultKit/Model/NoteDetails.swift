/// The fields of a note that take allocations to hold: decoded, or left in the bytes of
/// the cache until asked for. Most commands read only tags, folders and dates, and a
/// hundred thousand titles and snippets decoded for nothing cost time and memory.
enum NoteDetails: Sendable {
    indirect case decoded(Decoded)
    case cached(CachedNoteDetails)

    struct Decoded: Sendable {
        var id: String?
        var title: String
        var tags: [String]
        var snippet: String
        var frontMatterError: FrontMatterError?
        var problems: [FrontMatterError]
    }

    var id: String? {
        switch self {
        case .decoded(let decoded): decoded.id
        case .cached(let cached): cached.id
        }
    }

    var title: String {
        switch self {
        case .decoded(let decoded): decoded.title
        case .cached(let cached): cached.title
        }
    }

    var tags: [String] {
        switch self {
        case .decoded(let decoded): decoded.tags
        case .cached(let cached): cached.tags
        }
    }

    var snippet: String {
        switch self {
        case .decoded(let decoded): decoded.snippet
        case .cached(let cached): cached.snippet
        }
    }

    var frontMatterError: FrontMatterError? {
        switch self {
        case .decoded(let decoded): decoded.frontMatterError
        case .cached(let cached): cached.errors.frontMatterError
        }
    }

    var problems: [FrontMatterError] {
        switch self {
        case .decoded(let decoded): decoded.problems
        case .cached(let cached): cached.errors.problems
        }
    }

    /// Every field decoded, to be changed.
    var decoded: Decoded {
        get {
            switch self {
            case .decoded(let decoded): return decoded
            case .cached(let cached):
                let errors = cached.errors
                return Decoded(id: cached.id, title: cached.title, tags: cached.tags, snippet: cached.snippet,
                               frontMatterError: errors.frontMatterError, problems: errors.problems)
            }
        }
        set { self = .decoded(newValue) }
    }
}
