import Testing
import VaultPlatform
@testable import VaultKit

/// A list edit made in one pass (a bulk change) or chunk by chunk (a save) gives the list,
/// and the positions, that removing and inserting note by note gives.
@Suite("List edit")
struct ListEditTests {
    /// A note with a modification time and title from few choices, so that notes tie on
    /// them and list order goes down to titles and paths.
    private static func note(_ path: String, _ random: inout QueryRandom) -> Note {
        let pinned = random.bool(0.1)
        let text = "---\n\(pinned ? "pinned: true\n" : "")---\n# \(random.element(of: ["Alpha", "beta", "Gamma 2", "gamma 10"]))\n"
        let time = FileTime(seconds: Int64(1_700_000_000 + random.int(in: 0...20)), nanoseconds: 0)
        let status = FileStatus(size: Int64(text.utf8.count), inode: UInt64(random.int(in: 1...1_000_000)), mode: 0o100644, modified: time, changed: time)
        return Array(text.utf8).withUnsafeBytes { NoteReader.read($0, path: path, status: status) }
    }

    /// The list as removing and inserting one note at a time makes it.
    private static func naive(_ sorted: [Note], removing paths: [String], inserting notes: [Note]) -> [Note] {
        var result = sorted.filter { !paths.contains($0.path) }
        for note in notes {
            var low = 0, high = result.count
            while low < high {
                let middle = (low + high) / 2
                if VaultIndex.listOrder(result[middle], note) { low = middle + 1 } else { high = middle }
            }
            result.insert(note, at: low)
        }
        return result
    }

    /// Random edit scripts, from a note re-read to a pull of most of the vault: the list,
    /// values replayed through the edit and the inserted positions agree with the naive result.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomEditsMatchInsertingOneByOne(seed: UInt64) {
        var random = QueryRandom(seed: seed)
        var next = 0
        func fresh() -> Note {
            next += 1
            return Self.note("n\(next).md", &random)
        }
        var sorted = VaultIndex.sorted((0..<random.int(in: 0...300)).map { _ in fresh() })
        var list = ChunkedList(sorted, chunkSize: random.int(in: 1...32))
        for round in 0..<12 {
            let paths = sorted.map(\.path)
            let bulk = random.bool(0.3)
            let removing = paths.filter { _ in random.bool(bulk ? 0.4 : 0.01) }
            var rereading = paths.filter { _ in random.bool(bulk ? 0.3 : 0.01) }.map { Self.note($0, &random) }
            rereading += (0..<random.int(in: 0...(bulk ? 200 : 3))).map { _ in fresh() }
            let removed = removing + rereading.map(\.path)
            let expected = Self.naive(sorted, removing: removed, inserting: rereading)
            // The notes as the list has them, found by their order; now and then one as it
            // is not in the list (found by its path).
            let gone = Set(removed)
            let old = sorted.filter { gone.contains($0.path) }.map { random.bool(0.1) ? Self.note($0.path, &random) : $0 }
            let (after, edit) = ListEdit.apply(to: list, removing: old, inserting: rereading)
            #expect(after.map(\.path) == expected.map(\.path), "seed \(seed), round \(round)")
            // Each position's value carried over: the path of its note.
            let values = ChunkedList(sorted.map(\.path), chunkSize: list.chunkSize)
            #expect(Array(edit.replay(on: values, \.path)) == expected.map(\.path), "seed \(seed), round \(round)")
            for (position, note) in edit.inserted { #expect(expected[position].path == note.path) }
            sorted = expected
            list = after
        }
    }
}
