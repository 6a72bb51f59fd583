/// Edit distance for "did you mean" suggestions.
package enum EditDistance {
    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// swaps of two neighbours each cost 1, so that `tga` is one edit from `tag`.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `word`, if it is near enough to be a plausible typo: one
    /// edit for words of up to four characters, two for longer ones. Ties go to the
    /// earlier candidate.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = distance(word, candidate)
            if distance <= limit, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }
}
