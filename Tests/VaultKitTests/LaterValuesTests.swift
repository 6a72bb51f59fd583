import Dispatch
import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

/// A note read from its file may have its tasks and links read when first asked for (as a
/// scan reads a note changed just before it, which no cache file can take): the values are
/// those read at once, whichever thread asks first, and the cache writes the same bytes.
@Suite("Values read later")
struct LaterValuesTests {
    static let text = """
        ---
        tags: [plan]
        ---
        # Launch

        See [[Budget]] and [the review](Work/Review.md#Costs).
        - [ ] send the budget 📅 2026-12-01 ⏫ #work
        - [x] book the room ✅ 2026-11-20
        - [ ] fix 📅 2026-13-45
        ```
        - [ ] not a task
        ```

        """

    private func read(_ text: String, later: Bool) -> Note {
        let status = FileStatus(size: Int64(text.utf8.count), inode: 7, mode: 0o100644, modified: FileTime(seconds: 1_790_000_000, nanoseconds: 0),
                                changed: FileTime(seconds: 1_790_000_000, nanoseconds: 0))
        return Array(text.utf8).withUnsafeBytes { NoteReader.read($0, path: "Work/Launch.md", status: status, readingLater: later) }
    }

    private func bytes(_ values: PropertyValues) -> [[UInt8]] {
        [Array(values.common), Array(values.bulky), values.cacheTable]
    }

    @Test func theyAreTheValuesReadAtOnce() {
        let eager = read(Self.text, later: false)
        #expect(eager[NoteTasks.self].tasks.count == 3 && eager[NoteLinks.self].links.count == 2)
        #expect(!eager[NoteTasks.self].problems.isEmpty)
        #expect(!eager.encodedValues.readsLater)
        // Asked for first on many threads at once.
        let later = read(Self.text, later: true)
        #expect(later.encodedValues.readsLater)
        let answers = Locked<[Bool]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { turn in
            let same = turn % 2 == 0 ? later[NoteTasks.self] == eager[NoteTasks.self] : later[NoteLinks.self] == eager[NoteLinks.self]
            answers.withLock { $0.append(same) }
        }
        #expect(answers.withLock { $0 } == Array(repeating: true, count: 8))
        #expect(later.title == eager.title && later.snippet == eager.snippet && later.tags == eager.tags)
        #expect(bytes(later.encodedValues.resolved) == bytes(eager.encodedValues))
        // Changed, the note keeps them.
        var pinned = later, pinnedEager = eager
        pinned.pinned = true
        pinnedEager.pinned = true
        #expect(bytes(pinned.encodedValues) == bytes(pinnedEager.encodedValues))
        #expect(pinned[NoteTasks.self] == eager[NoteTasks.self])
    }

    @Test func aNoteWithoutTasksOrLinksReadsThemAsNone() {
        let later = read("just a line\n", later: true)
        #expect(later[NoteTasks.self].tasks.isEmpty && later[NoteLinks.self].links.isEmpty)
        #expect(bytes(later.encodedValues.resolved) == bytes(read("just a line\n", later: false).encodedValues))
    }

    /// The cache written from such a note holds its tasks and links.
    @Test func theCacheWritesThemRead() throws {
        let vault = try TemporaryVault()
        try vault.write("Work/Launch.md", Self.text)
        let (file, status) = try vault.root.read("Work/Launch.md")
        let later = file.withUnsafeBytes { NoteReader.read($0, path: "Work/Launch.md", status: status, readingLater: true) }
        let eager = file.withUnsafeBytes { NoteReader.read($0, path: "Work/Launch.md", status: status) }
        NoteCache.write([later], root: vault.root, timeZone: .current, inlineTags: true, startedAt: Date().addingTimeInterval(10))
        let cache = try #require(NoteCache.load(root: vault.root, timeZone: .current, inlineTags: true))
        let cached = try #require(cache.note(at: "Work/Launch.md", position: 0, stamp: status.stamp))
        #expect(cached[NoteTasks.self] == eager[NoteTasks.self] && cached[NoteLinks.self] == eager[NoteLinks.self])
    }
}
