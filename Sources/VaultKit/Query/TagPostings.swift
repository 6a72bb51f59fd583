/// For each tag, the positions of the notes that have it or a tag below it: what lets a
/// server answer `tag:rare/gem` from the few hundred notes that carry it instead of
/// testing 100,000.
///
/// Positions are into the notes it was made from, ascending, so that narrowing keeps
/// their order (a list already sorted for display stays sorted).
public struct TagPostings: Sendable, Equatable {
    private let positions: [String: [Int32]]

    /// Indexes the tags of `notes`.
    public init(_ notes: some Sequence<Note>) {
        var positions: [String: [Int32]] = [:]
        // A vault has far fewer tags than notes: each spelling's keys are worked out once
        // (folding and splitting every note's tags made this 1.2 s at 100,000 notes).
        var keysOf: [String: [String]] = [:]
        var keys: [String] = []
        for (index, note) in notes.enumerated() {
            Self.keys(of: note, into: &keys, known: &keysOf)
            for key in keys { positions[key, default: []].append(Int32(index)) }
        }
        self.positions = positions
    }

    /// The postings of the list `edit` made from the one `previous` indexes: each position
    /// moved as the edit moved it, and the inserted notes' tags added, so that a save
    /// reads the tags of the notes it touched, not of every note.
    init(_ previous: TagPostings, through edit: ListEdit, count: Int) {
        let (moved, inserted) = edit.moves(count: count)
        var positions = previous.positions.compactMapValues { list -> [Int32]? in
            var kept: [Int32] = []
            kept.reserveCapacity(list.count)
            for position in list where moved[Int(position)] >= 0 { kept.append(moved[Int(position)]) }
            return kept.isEmpty ? nil : kept
        }
        var keysOf: [String: [String]] = [:]
        var keys: [String] = []
        for (position, note) in inserted {
            Self.keys(of: note, into: &keys, known: &keysOf)
            for key in keys {
                var list = positions[key, default: []]
                var low = 0, high = list.count
                while low < high {
                    let middle = (low + high) / 2
                    if list[middle] < Int32(position) { low = middle + 1 } else { high = middle }
                }
                list.insert(Int32(position), at: low)
                positions[key] = list
            }
        }
        self.positions = positions
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
        evaluator.condition.requiredTagKeys.map { positions[$0] ?? [] }.min { $0.count < $1.count }
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
