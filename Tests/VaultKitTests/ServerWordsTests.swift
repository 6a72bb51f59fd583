import Foundation
import Testing
import VaultPlatform
@testable import VaultKit

/// The server's in-memory word index takes a saved note's words as the file's build reads
/// them (one reader, `WordIndexBuild.read`), and a save costs the server one note's work.
@Suite("Server words")
struct ServerWordsTests {
    private static let pieces = [
        "café", "cafe\u{301}", "CAFÉ", "Straße", "STRASSE", "ﬁle", "naïve", "İstanbul", "ΣΊΣΥΦΟΣ", "ǅemal", "日本語のテキスト",
        "👍🏽", "👨‍👩‍👧", "مرحبا", "x\u{200D}y", "a\u{7}b", "e-mail", "10:30", "a.b.c", "foo_bar(1);", "`let x = y`",
        "```swift\nlet café = \"naïve\"\n```", "http://example.com/a?b=c", "#tag", "[[Wiki link]]", "- [ ] task", "1.5e10",
        "don't", "Ⅻ", "ﬀ", "Å", "A\u{30A}", "ⓐⓑ", "\u{FEFF}bom", "tab\there", "snake_case_word", "CamelCase",
    ]
    private static let separators = [" ", " ", "\n", "\r\n", ", ", ". ", "-", "_", "'", "/", "\u{301}", "\u{00A0}", ""]

    static func text(_ random: inout QueryRandom) -> String {
        (0..<random.int(in: 0...16)).map { _ in random.element(of: pieces) + random.element(of: separators) }.joined()
    }

    static func note(_ random: inout QueryRandom) -> [UInt8] {
        var note = ""
        switch random.int(in: 0...4) {
        case 0: note += "---\ntitle: \(text(&random).filter { !$0.isNewline && $0 != ":" && $0 != "#" })x\ntags: [work]\n---\n"
        case 1: note += "---\nbroken: [\n---\n"
        case 2: note += "---\r\nmodified: 2026-01-02\r\n---\r\n"
        default: break
        }
        if random.bool() { note += "# " + text(&random).filter { !$0.isNewline } + "\n\n" }
        var bytes = Array((note + text(&random) + "\n").utf8)
        // Now and then a byte that is not UTF-8.
        if random.bool(0.2) { bytes.insert(random.element(of: [0xFF, 0xC3, 0x80, 0xE2]), at: random.int(in: 0...bytes.count)) }
        return bytes
    }

    /// The words of `document` in `vocabulary`, and the buckets of its next-word pairs
    /// folded to a file's 1,024.
    private static func reading(of document: UInt32, in vocabulary: some WordVocabulary) -> (words: Set<[UInt8]>, pairs: Set<Int>) {
        var words = Set<[UInt8]>()
        vocabulary.forEachSpelling { number, spelling in
            var holds = false
            vocabulary.forEachDocument(ofWord: number) { if $0 == document { holds = true } }
            if holds { words.insert(Array(spelling)) }
        }
        var pairs = Set<Int>()
        for bucket in 0..<vocabulary.pairBucketCount {
            vocabulary.forEachDocument(inPairBucket: bucket) { if $0 == document { pairs.insert(bucket & (WordPairs.fileBucketCount - 1)) } }
        }
        return (words, pairs)
    }

    /// For random notes (Unicode, punctuation, code, front matter, broken bytes), the
    /// words and pairs the server indexes after a save are the file's for the same bytes.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func aSavedNoteIsIndexedAsTheFileIndexesIt(seed: UInt64) async throws {
        var random = QueryRandom(seed: seed)
        let vault = try TemporaryVault()
        try vault.write("Note.md", "# Note\n\nfirst\n")
        let session = try VaultSession.open(explicit: vault.path, workingDirectory: vault.path)
        let live = try LiveIndex(session: session, wordFileRacyNanoseconds: 0)
        live.indexText()
        for round in 0..<30 {
            let bytes = Self.note(&random)
            try vault.write("Note.md", bytes: bytes)
            await live.refresh(["Note.md"])
            // A file that reads as binary is no note: neither part indexes it.
            guard let note = live.snapshot.scan.notes.first else { continue }
            let contents = try #require(live.words.contents)
            let built = WordIndexBuild(root: session.root, progress: nil).chunks(for: [note], writtenAt: Int64.max)
            try session.root.write(chunks: built, to: ".vault/cache/check.bin", mode: 0o644)
            let file = try #require(WordSegment(path: ".vault/cache/check.bin", root: session.root))
            let fileDocument = try #require(note.withPathBytes { file.document(path: $0, stamp: note.stamp, racyNanoseconds: 0) })
            let memoryDocument = try #require(contents.document(of: note), "seed \(seed), round \(round)")
            let server = Self.reading(of: memoryDocument, in: contents), fromFile = Self.reading(of: fileDocument, in: file)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(server.words == fromFile.words, "seed \(seed), round \(round): \(text.debugDescription)")
            #expect(server.pairs == fromFile.pairs, "seed \(seed), round \(round): \(text.debugDescription)")
            #expect(!file.isDamaged)
        }
    }

    private func vault(notes: Int, listChunkSize: Int = 4096, chunkCopies: ChunkCopies? = nil) throws -> (TemporaryVault, VaultSession, LiveIndex) {
        let vault = try TemporaryVault()
        for index in 0..<notes { try vault.write("N\(index).md", "---\ntags: [t\(index % 3), a/b\(index % 2)]\n---\n# N\(index)\n\nthe budget \(index) review\n") }
        let session = try VaultSession.open(explicit: vault.path, workingDirectory: vault.path)
        let live = try LiveIndex(session: session, settleTime: .seconds(3600), wordFileRacyNanoseconds: 0,
                                 listChunkSize: listChunkSize, chunkCopies: chunkCopies)
        live.indexText()
        return (vault, session, live)
    }

    /// The documents of the list after a save: carried over, with only the saved,
    /// added or removed notes looked up; the same as looking every note up. The notes of
    /// each tag are carried over the same way.
    @Test func aSaveLooksUpOnlyTheNotesItTouched() async throws {
        let (vault, session, live) = try vault(notes: 300)
        let first = live.snapshot
        #expect(live.isTextIndexed)
        #expect(first.wordPositions.lookups == 300)
        let saves: [(write: [String], remove: [String])] = [
            (["N5.md"], []), (["N299.md"], []), (["New.md"], []), ([], ["N7.md"]), (["N5.md", "N6.md"], ["N8.md"]),
        ]
        for (round, save) in saves.enumerated() {
            _ = live.snapshot.tagPostings.value
            for path in save.write { try vault.write(path, "---\ntags: [t\(round), a/new]\n---\n# \(path)\n\nthe budget saved \(round)\n") }
            for path in save.remove { try FileManager.default.removeItem(atPath: vault.path + "/" + path) }
            await live.refresh(save.write + save.remove)
            let snapshot = live.snapshot
            let view = try #require(live.words.view)
            let documents = snapshot.wordPositions.documents(of: snapshot.sorted, in: view)
            #expect(snapshot.wordPositions.lookups == save.write.count, "round \(round)")
            #expect(documents == WordPositions().documents(of: snapshot.sorted, in: view), "round \(round)")
            #expect(documents.allSatisfy { $0 != .max }, "round \(round)")
            // The notes of each tag are carried over too.
            #expect(snapshot.tagPostings.value == TagPostings(snapshot.sorted), "round \(round)")
            let query = try Query.parse("\"the budget\" saved")
            let expected = try session.sorted(session.vault.scan(filter: query.scanFilter(context: session.queryContext))).map(\.path)
            #expect(snapshot.notes(matching: query, context: session.queryContext, words: live.words).map(\.path) == expected)
        }
    }

    /// Saves whose snapshots were never searched are replayed together: still only the
    /// notes they touched are looked up.
    @Test func savesInARowAreCarriedOverTogether() async throws {
        let (vault, _, live) = try vault(notes: 200)
        // Snapshots made by the saves below, held so that none is worked out on its own.
        var snapshots: [LiveIndex.Snapshot] = []
        for round in 0..<5 {
            try vault.write("N\(round * 10).md", "# Saved\n\nnew words \(round)\n")
            await live.refresh(["N\(round * 10).md"])
            snapshots.append(live.snapshot)
        }
        let snapshot = live.snapshot
        let view = try #require(live.words.view)
        let documents = snapshot.wordPositions.documents(of: snapshot.sorted, in: view)
        #expect(documents == WordPositions().documents(of: snapshot.sorted, in: view))
        // The background warm-up may have made some of them first: each looked up its own note at most.
        let total = snapshots.reduce(0) { $0 + $1.wordPositions.lookups }
        #expect(total <= 5 * 5)
        #expect(snapshot.wordPositions.lookups <= 5)
    }

    /// A save copies the chunks of the snapshot's lists it touches (the scan's notes, the
    /// notes in list order, their word documents), shares the rest with the snapshot
    /// before, and reads the tags of the chunks it made only: counted, not timed.
    @Test func aSaveCopiesOnlyTheChunksItTouches() async throws {
        let copies = ChunkCopies()
        let (vault, session, live) = try vault(notes: 300, listChunkSize: 16, chunkCopies: copies)
        #expect(live.snapshot.sorted.chunkCount >= 300 / 16)
        #expect(live.snapshot.notes.chunkCount >= 300 / 16)
        let saves: [(write: [String], remove: [String])] = [(["N5.md"], []), (["N150.md"], []), (["New.md"], []), ([], ["N7.md"]), (["N0.md"], [])]
        for (round, save) in saves.enumerated() {
            // The documents and tags of the snapshot before are made first, so that the
            // background makes none while the save is counted.
            let view = try #require(live.words.view)
            _ = live.snapshot.wordPositions.documents(of: live.snapshot.sorted, in: view)
            _ = live.snapshot.tagPostings.value
            let before = copies.count
            for path in save.write { try vault.write(path, "# \(path)\n\nthe budget saved \(round)\n") }
            for path in save.remove { try FileManager.default.removeItem(atPath: vault.path + "/" + path) }
            await live.refresh(save.write + save.remove)
            let snapshot = live.snapshot
            let documents = snapshot.wordPositions.documents(of: snapshot.sorted, in: try #require(live.words.view))
            // Each list in order: the chunk a note left and the one it went to, of about
            // 19; the scan's notes: the chunk the note is in.
            #expect(copies.count - before <= 5, "round \(round)")
            #expect(copies.count - before >= 2, "round \(round)")
            #expect(documents == WordPositions().documents(of: snapshot.sorted, in: try #require(live.words.view)), "round \(round)")
            // The tags of the chunks of the list that the save made, of about 19.
            let tags = snapshot.tagPostings.value
            #expect(tags.chunksRead <= 2, "round \(round)")
            #expect(tags == TagPostings(snapshot.sorted), "round \(round)")
            // The scan's notes, as a scan finds them.
            let scanned = try session.vault.scan().notes.map(\.path).sorted()
            #expect(snapshot.notes.map(\.path).sorted() == scanned, "round \(round)")
            #expect(snapshot.scan.notes.map(\.path).sorted() == scanned, "round \(round)")
        }
    }
}
