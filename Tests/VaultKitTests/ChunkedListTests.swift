import Testing
@testable import VaultKit

/// A chunked list answers as an `Array` given the same edits, and a copy shares every
/// chunk an edit does not touch.
@Suite("Chunked list")
struct ChunkedListTests {
    /// Random inserts, removals, replacements and appends, with copies taken and edited on
    /// the way: every list equals the array given the same edits, read by position, by
    /// iteration, by a reader and chunk by chunk.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomEditsMatchAnArray(seed: UInt64) {
        var random = QueryRandom(seed: seed)
        let chunkSize = random.int(in: 1...8)
        let start = (0..<random.int(in: 0...40)).map { $0 }
        var list = ChunkedList(start, chunkSize: chunkSize)
        var array = start
        var kept: [(list: ChunkedList<Int>, array: [Int])] = []
        for step in 0..<600 {
            let value = 1000 + step
            switch random.int(in: 0...9) {
            case 0...3:
                let position = random.int(in: 0...array.count)
                list.insert(value, at: position)
                array.insert(value, at: position)
            case 4...6 where !array.isEmpty:
                let position = random.int(in: 0...array.count - 1)
                #expect(list.remove(at: position) == array.remove(at: position))
            case 7 where !array.isEmpty:
                let position = random.int(in: 0...array.count - 1)
                list[position] = value
                array[position] = value
            case 8:
                list.append(value)
                array.append(value)
            default:
                kept.append((list, array))
            }
            #expect(list.count == array.count, "seed \(seed), step \(step)")
        }
        kept.append((list, array))
        for (list, array) in kept {
            #expect(Array(list) == array, "seed \(seed)")
            #expect(list.indices.map { list[$0] } == array, "seed \(seed)")
            var reader = list.reader
            #expect(list.indices.map { reader($0) } == array, "seed \(seed)")
            let shuffled = list.indices.map { _ in random.int(in: 0...list.count - 1) }
            #expect(shuffled.map { reader($0) } == shuffled.map { array[$0] }, "seed \(seed)")
            var chunked: [Int] = []
            list.forEachChunk { start, elements in
                #expect(start == chunked.count)
                #expect(!elements.isEmpty && elements.count < 2 * chunkSize)
                chunked += elements
            }
            #expect(chunked == array, "seed \(seed)")
        }
    }

    /// An edit of a copy copies the chunk it touches, not the others, and leaves the
    /// list it was copied from as it was.
    @Test func anEditCopiesOnlyTheChunkItTouches() {
        let copies = ChunkCopies()
        let first = ChunkedList(Array(0..<1000), chunkSize: 100, copies: copies)
        var second = first
        second.remove(at: 950)
        second.insert(-1, at: 0)
        #expect(copies.count == 2)
        second.insert(-2, at: 1)
        second[500] = -3
        #expect(copies.count == 3)
        #expect(Array(first) == Array(0..<1000))
        #expect(Array(second.prefix(3)) == [-1, -2, 0])
        #expect(second.count == 1001)
    }

    /// Remade from an array (a bulk edit), every chunk is counted as copied.
    @Test func aRemadeListCountsEveryChunk() {
        let copies = ChunkCopies()
        let list = ChunkedList(Array(0..<1000), chunkSize: 100, copies: copies)
        let remade = list.remade(from: Array(0..<450))
        #expect(copies.count == 5)
        #expect(remade.chunkCount == 5)
        #expect(Array(remade) == Array(0..<450))
    }
}
