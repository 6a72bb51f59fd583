/// For each tag, the positions of the notes that have it or a tag below it: what lets a
/// server answer `tag:rare/gem` from the few hundred notes that carry it instead of
/// testing 100,000.
///
/// Positions are into the notes it was made from, ascending, so that narrowing keeps
/// their order (a list already sorted for display stays sorted).
public struct TagPostings: Sendable {
    private let positions: [String: [Int32]]

    /// Indexes the tags of `notes`.
    public init(_ notes: [Note]) {
        var positions: [String: [Int32]] = [:]
        // A vault has far fewer tags than notes: each spelling's keys are worked out once
        // (folding and splitting every note's tags made this 1.2 s at 100,000 notes).
        var keysOf: [String: [String]] = [:]
        var keys: [String] = []
        for (index, note) in notes.enumerated() {
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
            for key in keys { positions[key, default: []].append(Int32(index)) }
        }
        self.positions = positions
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
