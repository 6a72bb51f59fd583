import Foundation
import Testing
import VaultPlatform
@testable import VaultKit

/// A word search walks from the postings to the notes they name (`DocumentPositions`)
/// instead of testing every note of the list, and reads a note for a needle only once
/// (`TextVerdicts`): the answer is the one visiting every note gives, and a scan's.
@Suite("Candidate walk")
struct CandidateWalkTests {
    @Test(arguments: [11, 12, 13] as [UInt64])
    func walkingThePostingsAnswersAsVisitingEveryNote(seed: UInt64) async throws {
        var random = QueryRandom(seed: seed)
        let vault = try TemporaryVault()
        var paths: [String] = []
        for index in 0..<60 {
            let path = (random.bool(0.3) ? "Work/" : "") + "Note \(index).md"
            try vault.write(path, WordIndexPropertyTests.note(&random))
            paths.append(path)
        }
        let session = try VaultSession.open(explicit: vault.path, workingDirectory: vault.path)
        // Small chunks and compaction, so that positions cross chunks and documents are
        // renumbered (which forgets the verdicts) within the run.
        let live = try LiveIndex(session: session, compactionMinimum: 8, wordFileRacyNanoseconds: 0, listChunkSize: 8)
        live.indexText()
        #expect(live.words.view?.file != nil)
        for round in 0..<15 {
            var touched: [String] = []
            for _ in 0..<random.int(in: 1...8) {
                let index = random.int(in: 0...paths.count - 1)
                if random.bool(0.1), paths.count > 10 {
                    try FileManager.default.removeItem(atPath: vault.path + "/" + paths[index])
                    touched.append(paths.remove(at: index))
                } else {
                    try vault.write(paths[index], WordIndexPropertyTests.note(&random))
                    touched.append(paths[index])
                }
            }
            await live.refresh(random.bool(0.2) ? nil : touched)
            for _ in 0..<16 {
                let text = WordIndexPropertyTests.query(&random)
                let query: Query
                do { query = try Query.parse(text) } catch { Issue.record("\(text): \(error)"); continue }
                let snapshot = live.snapshot
                let walked = snapshot.notes(matching: query, context: session.queryContext, words: live.words).map(\.path)
                let visited = snapshot.notes(matching: query, context: session.queryContext, words: live.words, visitingEveryNote: true).map(\.path)
                #expect(walked == visited, "seed \(seed), round \(round): \(text)")
                let expected = session.sorted(try session.scan(matching: query)).map(\.path)
                #expect(walked == expected, "seed \(seed), round \(round): \(text)")
            }
        }
    }

    /// The inverse of a list's documents: each document's position, every note neither
    /// part describes among the candidates whatever the postings say.
    @Test func positionsAreTheInverseOfTheDocuments() {
        let file = WordIndex.View.fileDocument
        let documents = ChunkedList<UInt32>([2, file | 0, .max, 0, file | 3, 1, .max], chunkSize: 3)
        let positions = DocumentPositions(documents, contentsSlots: 4, fileSlots: 4)
        #expect(positions.contents == [3, 5, 0, -1])
        #expect(positions.file == [1, -1, -1, 4])
        #expect(positions.unindexed == [2, 6])
        let required = WordAnswer(bits: [0b0101], isExact: false), fileRequired = WordAnswer(bits: [0b1010], isExact: false)
        #expect(positions.candidates(required: required, fileRequired: fileRequired) == [0, 2, 3, 4, 6])
    }

    /// A phrase searched again is answered from what reading its candidates showed: a
    /// note read for it once is not read again while its document stands (here the file
    /// is gone, and the snapshot, not told, still has it).
    @Test func aPhraseSearchedAgainDoesNotReadItsCandidatesAgain() async throws {
        let vault = try TemporaryVault()
        try vault.write("Adjacent.md", "# A\n\nWe set the budget today.\n")
        try vault.write("Apart.md", "# B\n\nthe, budget later.\n")
        try vault.write("Other.md", "# C\n\nnothing here\n")
        let (session, live) = try indexed(vault, racyNanoseconds: 0)
        let query = try Query.parse("\"the budget\"")
        let snapshot = live.snapshot
        #expect(snapshot.notes(matching: query, context: session.queryContext, words: live.words).map(\.path) == ["Adjacent.md"])
        try FileManager.default.removeItem(atPath: vault.path + "/Adjacent.md")
        try FileManager.default.removeItem(atPath: vault.path + "/Apart.md")
        #expect(snapshot.notes(matching: query, context: session.queryContext, words: live.words).map(\.path) == ["Adjacent.md"])
        // Another needle has no verdicts: its candidate is read, and is gone.
        let other = try Query.parse("\"the budget today\"")
        #expect(snapshot.notes(matching: other, context: session.queryContext, words: live.words).isEmpty)
    }

    /// A session on `vault` and its server index with the words of every note, the word
    /// file trusting a note changed `racyNanoseconds` before it was written.
    private func indexed(_ vault: TemporaryVault, racyNanoseconds: Int64) throws -> (VaultSession, LiveIndex) {
        let session = try VaultSession.open(explicit: vault.path, workingDirectory: vault.path)
        let live = try LiveIndex(session: session, wordFileRacyNanoseconds: racyNanoseconds)
        live.indexText()
        return (session, live)
    }

    /// A note rewritten in place within one tick of its clock, at the same size, has the
    /// stamp it had (the server sees no change): what reading it showed is kept only for a
    /// note last changed before the racy window, as the word file's documents are, or the
    /// phrase kept answering from the old text.
    @Test func whatAJustChangedNoteShowedIsNotKept() async throws {
        let vault = try TemporaryVault()
        try vault.write("Plan.md", "# Plan\n\nthe budget is done\n")
        let (session, live) = try indexed(vault, racyNanoseconds: 2_000_000_000)
        let query = try Query.parse("\"budget is done\"")
        let snapshot = live.snapshot
        #expect(snapshot.notes(matching: query, context: session.queryContext, words: live.words).map(\.path) == ["Plan.md"])
        // The same bytes' count, in place (same inode), the modification time put back.
        let path = vault.path + "/Plan.md"
        var before = stat()
        #expect(stat(path, &before) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("# Plan\n\nthe budget is dune\n".utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(snapshot.notes(matching: query, context: session.queryContext, words: live.words).isEmpty)
    }
}
