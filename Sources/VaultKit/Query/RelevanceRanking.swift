import Foundation

/// Ranks the notes a query matched by how well they answer its words (`SearchOrder.relevance`):
/// first how many of the words the title holds, then how many a heading holds, then a
/// BM25 score of the body (each word's count saturating, shorter notes a little ahead,
/// rarer words among the matched notes weighing more) plus how close two different words
/// come in it (1 for neighbours, 1/n for n words apart), then the most recently modified.
///
/// The words are the query's words and phrases outside a NOT, found as the matcher finds
/// them (`TextMatcher` for title and headings, `FoldedWords` for counting in the body): a
/// word counts where a body word contains it, as `budg` is found in "budget".
struct RelevanceRanking {
    /// Above this many matched notes, the bodies are not read: the title and recency rank
    /// them (the title is in the cache, the headings and counts are not), so that a common
    /// word in a large vault is answered without reading thousands of files again.
    static let bodyLimit = 5_000

    private let matchers: [TextMatcher]
    /// Each word's folded word runs, as UTF-8, for counting in the body.
    private let runs: [[UInt8]]

    init(_ query: Query) {
        var texts: [String] = []
        Self.collect(query.expression, into: &texts)
        matchers = texts.map(TextMatcher.init).filter { !$0.isEmpty }
        runs = matchers.flatMap { FoldedWords.runs(of: $0.needle).runs }
    }

    /// True when the query has no words to rank by (only fields): the list order stays.
    var isEmpty: Bool { matchers.isEmpty }

    /// What one note holds of the query's words.
    struct Measure {
        var title = 0
        var heading = 0
        /// How many body words contain each run, in the order of `runs`.
        var counts: [Int] = []
        /// The number of words of the body.
        var length = 0
        /// The fewest words from one run to another in the body (1: neighbours); nil when
        /// no two runs occur in it.
        var closest: Int?
    }

    /// The measure of `note`, its searchable text `body` read (nil: not read).
    func measure(_ note: Note, body: UnsafeRawBufferPointer?) -> Measure {
        var measure = Measure()
        measure.title = note.withTitleBytes { title in matchers.count { $0.matches(title) } }
        guard let body else { return measure }
        var inHeading = Array(repeating: false, count: matchers.count)
        Self.forEachHeading(in: body) { heading in
            for index in matchers.indices where !inHeading[index] { inHeading[index] = matchers[index].matches(heading) }
        }
        measure.heading = inHeading.count { $0 }
        measure.counts = Array(repeating: 0, count: runs.count)
        var length = 0
        var counts = measure.counts
        // Where each run was last seen, to measure how close the runs come.
        var lastSeen = Array(repeating: -1, count: runs.count)
        var closest: Int?
        FoldedWords.forEach(in: body) { word in
            let position = length
            length += 1
            for index in runs.indices where Self.contains(word, runs[index]) {
                counts[index] += 1
                for other in runs.indices where other != index && lastSeen[other] >= 0 && lastSeen[other] < position {
                    closest = min(closest ?? .max, position - lastSeen[other])
                }
                lastSeen[index] = position
            }
        }
        measure.counts = counts
        measure.length = length
        measure.closest = closest
        return measure
    }

    /// `notes` ranked by their `measures` (one for each, in the same order).
    func ranked(_ notes: [Note], measures: [Measure]) -> [Note] {
        let scores = bm25(measures)
        let modified = notes.map(\.modified)
        return notes.indices.sorted { a, b in
            let (x, y) = (measures[a], measures[b])
            if x.title != y.title { return x.title > y.title }
            if x.heading != y.heading { return x.heading > y.heading }
            if scores[a] != scores[b] { return scores[a] > scores[b] }
            if modified[a] != modified[b] { return modified[a] > modified[b] }
            return notes[a].path < notes[b].path
        }.map { notes[$0] }
    }

    /// Okapi BM25 (k1 1.2, b 0.75) with the matched notes as the collection.
    private func bm25(_ measures: [Measure]) -> [Double] {
        let total = Double(measures.count)
        let lengths = measures.reduce(0) { $0 + $1.length }
        let average = max(1, Double(lengths) / max(1, total))
        let idf = runs.indices.map { index in
            let holding = Double(measures.count { index < $0.counts.count && $0.counts[index] > 0 })
            return log(1 + (total - holding + 0.5) / (holding + 0.5))
        }
        let (k1, b) = (1.2, 0.75)
        return measures.map { measure in
            var score = 0.0
            for (index, count) in measure.counts.enumerated() where count > 0 {
                let frequency = Double(count)
                let norm = k1 * (1 - b + b * Double(measure.length) / average)
                score += idf[index] * frequency * (k1 + 1) / (frequency + norm)
            }
            if let closest = measure.closest { score += 1 / Double(closest) }
            return score
        }
    }

    static func collect(_ expression: QueryExpression, into texts: inout [String]) {
        switch expression {
        case .and(let operands), .or(let operands): for operand in operands { collect(operand, into: &texts) }
        case .not: break  // a word the note must not have ranks nothing
        case .term(.word(let text)), .term(.phrase(let text)): texts.append(text)
        case .term: break
        }
    }

    /// Calls `body` with the text of each ATX heading line (`# …` to `###### …`).
    private static func forEachHeading(in text: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        var start = 0
        let count = text.count
        while start < count {
            var end = start
            while end < count, text[end] != UInt8(ascii: "\n") { end += 1 }
            var hashes = start
            while hashes < end, text[hashes] == UInt8(ascii: "#") { hashes += 1 }
            let level = hashes - start
            if (1...6).contains(level), hashes < end, text[hashes] == UInt8(ascii: " ") || text[hashes] == UInt8(ascii: "\t") {
                body(UnsafeRawBufferPointer(rebasing: text[hashes..<end]))
            }
            start = end + 1
        }
    }

    private static func contains(_ word: UnsafeBufferPointer<UInt8>, _ run: [UInt8]) -> Bool {
        guard run.count <= word.count else { return false }
        if run.count == word.count { return word.elementsEqual(run) }
        var offset = 0
        while offset + run.count <= word.count {
            if word[offset] == run[0], word[offset..<(offset + run.count)].elementsEqual(run) { return true }
            offset += 1
        }
        return false
    }
}
