/// The text fields of a note (id, title, tags, snippet, errors), left in the bytes of the
/// cache and decoded each time one is asked for.
///
/// Listing or counting 100,000 notes reads their tags and dates, not their titles and
/// snippets: decoding those up front took a third of the main page's time and most of its
/// memory. The entry was checked whole when the note was looked up, so decoding cannot run
/// off its end.
struct CachedNoteDetails: Sendable {
    /// Keeps the bytes alive.
    let cache: NoteCache
    /// Where the entry's fields start (its id), and where its tags, snippet and errors are.
    let fields: UInt32
    let tagList: UInt32
    let snippetAt: UInt32
    let errorsAt: UInt32
    /// Where the entry ends.
    let end: UInt32

    private func reader(at offset: UInt32) -> ByteReader {
        ByteReader(bytes: cache.bytes, offset: Int(offset))
    }

    var id: String? {
        var reader = reader(at: fields)
        return reader.optionalString() ?? nil
    }

    var title: String {
        var reader = reader(at: fields)
        _ = reader.optionalString()
        return reader.string() ?? ""
    }

    var tags: [String] {
        var tags: [String] = []
        var reader = reader(at: tagList)
        let count = reader.int() ?? 0
        tags.reserveCapacity(Int(count))
        for _ in 0..<count { tags.append(reader.string() ?? "") }
        return tags
    }

    /// Calls `body` with each tag's UTF-8 bytes, making no strings.
    func forEachTag(_ body: (UnsafeRawBufferPointer) -> Void) {
        var reader = reader(at: tagList)
        let count = reader.int() ?? 0
        for _ in 0..<count {
            guard let tag = reader.stringBytes() else { return }
            body(tag)
        }
    }

    var snippet: String {
        var reader = reader(at: snippetAt)
        return reader.string() ?? ""
    }

    var errors: (frontMatterError: FrontMatterError?, problems: [FrontMatterError]) {
        var reader = reader(at: errorsAt)
        let error = reader.bool() == true ? NoteCache.readError(&reader) : nil
        var problems: [FrontMatterError] = []
        for _ in 0..<(reader.int() ?? 0) {
            guard let problem = NoteCache.readError(&reader) else { break }
            problems.append(problem)
        }
        return (error, problems)
    }

    /// The entry's fields as they are stored, to be written to a new cache unchanged.
    var storedFields: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: cache.bytes[Int(fields)..<Int(end)])
    }
}
