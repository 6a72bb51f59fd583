/// For each tag, the positions of the notes that have it or a tag below it: what lets a
/// server answer `tag:rare/gem` from the few hundred notes that carry it instead of
/// testing 100,000.
///
/// Positions are into the notes it was made from, ascending, so that narrowing keeps
/// their order (a list already sorted for display stays sorted). They are kept by chunk of
/// the list (`ChunkedList`), relative to the chunk's start: a save that moves a note to the
/// top of the list changes the chunks it left and went to, and the postings of the others
/// are taken as they were, where shifting every tag's positions by one cost a save at a
/// million notes milliseconds.
public struct TagPostings: Sendable {
    /// The postings of one chunk of the list.
    private struct ChunkPostings: Sendable {
        let chunk: ChunkedList<Note>.ChunkReference
        /// Offsets in the chunk, ascending, by tag key.
        let offsets: [String: [Int32]]
    }

    private let chunks: [ChunkPostings]
    /// Where each chunk starts in the list.
    private let starts: [Int]
    /// How many chunks' notes this one read the tags of, rather than take their postings
    /// from the postings before: what a save costs here, for a test to count.
    let chunksRead: Int

    /// Indexes the tags of `notes`.
    public init(_ notes: some Sequence<Note>) {
        self.init(ChunkedList(Array(notes)))
    }

    /// Indexes the tags of `list`, taking the postings of each chunk `previous` has already
    /// indexed from it.
    package init(_ list: ChunkedList<Note>, reusing previous: TagPostings? = nil) {
        var known: [ChunkedList<Note>.ChunkReference: [String: [Int32]]] = [:]
        if let previous {
            known.reserveCapacity(previous.chunks.count)
            for chunk in previous.chunks { known[chunk.chunk] = chunk.offsets }
        }
        // A vault has far fewer tags than notes: each spelling's keys are worked out once
        // (folding and splitting every note's tags made this 1.2 s at 100,000 notes).
        var keysOf: [String: [String]] = [:]
        var keys: [String] = []
        var chunks: [ChunkPostings] = [], starts: [Int] = [], read = 0
        list.forEachChunk { start, notes, reference in
            starts.append(start)
            if let offsets = known[reference] { return chunks.append(ChunkPostings(chunk: reference, offsets: offsets)) }
            var offsets: [String: [Int32]] = [:]
            for (offset, note) in notes.enumerated() {
                Self.keys(of: note, into: &keys, known: &keysOf)
                for key in keys { offsets[key, default: []].append(Int32(offset)) }
            }
            chunks.append(ChunkPostings(chunk: reference, offsets: offsets))
            read += 1
        }
        self.chunks = chunks
        self.starts = starts
        chunksRead = read
    }

    /// The positions of the notes of tag key `key` (or below it), ascending.
    private func positions(of key: String) -> [Int32] {
        var positions: [Int32] = []
        for (chunk, start) in zip(chunks, starts) {
            guard let offsets = chunk.offsets[key] else { continue }
            for offset in offsets { positions.append(Int32(start) + offset) }
        }
        return positions
    }

    /// How many notes have tag key `key` (or one below it).
    private func count(of key: String) -> Int {
        chunks.reduce(0) { $0 + ($1.offsets[key]?.count ?? 0) }
    }

    /// The keys `note` is found by (`a/b/c`: `a`, `a/b` and `a/b/c`), each once.
    private static func keys(of note: Note, into keys: inout [String], known keysOf: inout [String: [String]]) {
        keys.removeAll(keepingCapacity: true)
        for tag in note.tags {
            if let known = keysOf[tag] {
                keys += known
            } else {
                // `a/b/c` is found by `tag:a` and `tag:a/b` too.
                let made = TagName.selfAndAncestors(TagName.key(tag))
                keysOf[tag] = made
                keys += made
            }
        }
        if keys.count > 1 {
            keys.sort()
            var previous: String?
            keys.removeAll { key in defer { previous = key }; return key == previous }
        }
    }

    /// The positions of the only notes `evaluator` can match, when a tag it requires
    /// narrows them (the fewest such notes); nil when no tag does. The evaluator must
    /// still be asked about each.
    public func candidates(for evaluator: QueryEvaluator) -> [Int32]? {
        let keys = evaluator.condition.requiredTagKeys
        // Counted first: only the fewest are gathered.
        let counts = keys.map(count(of:))
        return counts.indices.min { counts[$0] < counts[$1] }.map { positions(of: keys[$0]) }
    }
}

extension TagPostings: Equatable {
    /// The same positions for each tag key, however they are kept.
    public static func == (left: TagPostings, right: TagPostings) -> Bool {
        left.byKey == right.byKey
    }

    private var byKey: [String: [Int32]] {
        var keys: Set<String> = []
        for chunk in chunks { keys.formUnion(chunk.offsets.keys) }
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, positions(of: $0)) })
    }
}

extension QueryCondition {
    /// Keys of tags every matching note must have (one of them, or below it).
    var requiredTagKeys: [String] {
        switch self {
        case .tag(let pattern): return [pattern.key]
        case .all(let operands): return operands.flatMap(\.requiredTagKeys)
        default: return []
        }
    }
}
