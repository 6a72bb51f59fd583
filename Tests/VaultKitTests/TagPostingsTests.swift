import Testing
@testable import VaultKit

/// The notes of each tag, carried over from one list to the next by chunk.
@Suite("Tag postings")
struct TagPostingsTests {
    /// For random edits of a chunked list (a snapshot's list in order is edited so), the
    /// postings made from the ones before answer every tag as postings made afresh, and
    /// read the tags of the chunks the edits made, not of every note.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func postingsCarriedOverAnswerAsARebuild(seed: UInt64) throws {
        var random = QueryRandom(seed: seed)
        let pool = QueryPropertyTests.notes(&random, count: 200).map(\.note)
        let tags = Set(pool.flatMap { note in note.tags.flatMap { TagName.selfAndAncestors(TagName.key($0)) } }).sorted() + ["nothing"]
        var list = ChunkedList(Array(pool.prefix(120)), chunkSize: 8)
        var postings = TagPostings(list)
        #expect(postings.chunksRead == list.chunkCount)
        for round in 0..<80 {
            // The list before is held, as the snapshot before holds its list.
            let before = list
            let edits = random.int(in: 1...3)
            for _ in 0..<edits {
                switch random.int(in: 0...2) {
                case 0 where !list.isEmpty: list.remove(at: random.int(in: 0...list.count - 1))
                case 1 where !list.isEmpty: list[random.int(in: 0...list.count - 1)] = random.element(of: pool)
                default: list.insert(random.element(of: pool), at: random.int(in: 0...list.count))
                }
            }
            let carried = TagPostings(list, reusing: postings)
            let rebuilt = TagPostings(list.array)
            #expect(carried == rebuilt, "seed \(seed) round \(round)")
            // An edit makes at most two chunks (one split in two).
            #expect(carried.chunksRead <= 2 * edits, "seed \(seed) round \(round)")
            for tag in tags {
                let evaluator = try Query.parse("tag:\(tag)").evaluator(context: .paris)
                let expected = list.indices.filter { position in
                    list[position].tags.contains { TagName.selfAndAncestors(TagName.key($0)).contains(tag) }
                }
                #expect(carried.candidates(for: evaluator)?.map(Int.init) == expected, "seed \(seed) round \(round) tag \(tag)")
            }
            postings = carried
            withExtendedLifetime(before) {}
        }
    }
}
