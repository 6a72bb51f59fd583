import Foundation
import Testing
import VaultPlatform
@testable import VaultKit

/// The word index a command keeps in `.vault/cache/` answers every word search as reading
/// the notes does, with notes changed, added and removed between runs; and a damaged or
/// foreign file is never trusted: it is ignored and written again.
@Suite("Word index on disk")
struct WordIndexCacheTests {
    /// A vault whose notes get distinct modification times, so that every edit changes a
    /// note's stamp whatever the clock's tick.
    private final class Notes {
        let vault: TemporaryVault
        private var moment = Date(timeIntervalSince1970: 1_700_000_000)

        init() throws { vault = try TemporaryVault() }

        func write(_ path: String, _ text: String) throws {
            try vault.write(path, text)
            moment += 1
            try FileManager.default.setAttributes([.modificationDate: moment], ofItemAtPath: vault.path + "/" + path)
        }
    }

    /// The paths `text` selects: through the files in `.vault/cache/` (then brought up to
    /// date, as `vault search` does), and by reading every note. `makingEvery`: the scan
    /// makes every note (as when it counts them), else it leaves out those the word index
    /// rejects (as `vault search` does); the note cache is written as if ten seconds from
    /// now, so that it describes the notes just written and notes can be left out.
    private func answers(_ text: String, in vault: Vault, makingEvery: Bool = false) throws -> (indexed: [String], read: [String]) {
        let query = try Query.parse(text)
        let evaluator = query.evaluator(context: QueryContext())
        let cache = WordIndexCache(root: vault.root, racyNanoseconds: 0)
        let search = cache.search(evaluator)
        var cached = vault
        cached.now = { Date().addingTimeInterval(10) }
        let indexed = try cached.scan(filter: search.filter, countingNotes: makingEvery)
        cache.refresh(after: search, notes: indexed.allNotes, rejected: indexed.rejected, everyNote: { try? cached.scan().allNotes }, progress: nil)
        var uncached = vault
        uncached.usesCache = false
        let read = try uncached.scan(filter: query.scanFilter(context: QueryContext()))
        // The note cache as written describes every note as the files do.
        let fresh = try uncached.scan().notes.map { "\($0.path) \($0.title) \($0.tags)" }.sorted()
        #expect(try cached.scan().notes.map { "\($0.path) \($0.title) \($0.tags)" }.sorted() == fresh, "\(text)")
        return (indexed.notes.map(\.path).sorted(), read.notes.map(\.path).sorted())
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func answersAsReadingTheNotesDoes(seed: UInt64) throws {
        var random = QueryRandom(seed: seed)
        let notes = try Notes()
        var paths: [String] = []
        for index in 0..<40 {
            let path = (random.bool(0.3) ? "Work/" : "") + "Note \(index).md"
            try notes.write(path, WordIndexPropertyTests.note(&random))
            paths.append(path)
        }
        let vault = notes.vault.vault
        for round in 0..<15 {
            for _ in 0..<12 {
                let text = WordIndexPropertyTests.query(&random)
                let (indexed, read) = try answers(text, in: vault, makingEvery: round % 3 == 0)
                #expect(indexed == read, "seed \(seed), round \(round): \(text)")
            }
            // The index describes the notes now: an unchanged note is answered from it.
            let main = try #require(WordSegment(path: WordIndexCache.mainPath, root: vault.root))
            let recent = WordSegment(path: WordIndexCache.recentPath, root: vault.root)
            let described = try vault.scan().notes.filter { note in
                note.withPathBytes { path in [recent, main].compactMap { $0 }.contains { $0.document(path: path, stamp: note.stamp, racyNanoseconds: 0) != nil } }
            }
            #expect(!described.isEmpty, "seed \(seed), round \(round)")
            for _ in 0..<random.int(in: 1...5) {
                let index = random.int(in: 0...paths.count - 1)
                if random.bool(0.15), paths.count > 5 {
                    try FileManager.default.removeItem(atPath: notes.vault.path + "/" + paths.remove(at: index))
                } else {
                    try notes.write(paths[index], WordIndexPropertyTests.note(&random))
                }
            }
            if random.bool(0.3) {
                paths.append("Added \(round).md")
                try notes.write(paths[paths.count - 1], WordIndexPropertyTests.note(&random))
            }
        }
    }

    /// A word search makes only the notes it may select: the others, described as they
    /// are by both main files, are rejected from their path and stamp alone; the notes
    /// changed since are made and read, and go into both recent files.
    @Test func aWordSearchMakesOnlyTheNotesItMaySelect() throws {
        let notes = try Notes()
        for index in 0..<40 { try notes.write("N\(index).md", index % 10 == 0 ? "budget \(index)\n" : "plan \(index)\n") }
        var vault = notes.vault.vault
        vault.now = { Date().addingTimeInterval(10) }
        _ = try answers("budget", in: vault)
        let query = try Query.parse("budget")
        let cache = WordIndexCache(root: vault.root, racyNanoseconds: 0)
        let search = cache.search(query.evaluator(context: QueryContext()))
        let first = try vault.scan(filter: search.filter, countingNotes: false)
        #expect(first.rejected == 36 && first.allNotes.count == 4 && first.notes.count == 4)
        #expect(first.cacheHits == 40)
        // Counted, every note is made.
        #expect(try vault.scan(filter: cache.search(query.evaluator(context: QueryContext())).filter).rejected == 0)
        try notes.write("N1.md", "budget again\n")
        try notes.write("N2.md", "plan without it\n")
        let (indexed, read) = try answers("budget", in: vault)
        #expect(indexed == read && indexed.count == 5)
        #expect(FileManager.default.fileExists(atPath: notes.vault.path + "/" + WordIndexCache.recentPath))
        #expect(FileManager.default.fileExists(atPath: notes.vault.path + "/" + NoteCache.recentPath))
        let again = try vault.scan(filter: cache.search(query.evaluator(context: QueryContext())).filter, countingNotes: false)
        #expect(again.rejected == 34 && again.notes.map(\.path).sorted() == indexed)
        // More than an eighth changed: both main files are written again from every note.
        for index in 3..<20 { try notes.write("N\(index).md", "budget \(index) changed\n") }
        let (many, manyRead) = try answers("budget", in: vault)
        #expect(many == manyRead && many.count == 21)
        #expect(try #require(WordSegment(path: WordIndexCache.mainPath, root: vault.root)).documentCount == 40)
        #expect(!FileManager.default.fileExists(atPath: notes.vault.path + "/" + WordIndexCache.recentPath))
        #expect(!FileManager.default.fileExists(atPath: notes.vault.path + "/" + NoteCache.recentPath))
        #expect(try vault.scan().cacheHits == 40)
    }

    /// A note changed within the racy window of the recent file could never be answered
    /// from it: a word search does not write the file for such notes alone, and writes it
    /// once they have settled (by the session's clock, as the note cache).
    @Test func notesChangedJustNowAreNotWrittenToTheRecentFile() throws {
        let notes = try TemporaryVault()
        for index in 0..<40 { try notes.write("N\(index).md", index % 10 == 0 ? "budget \(index)\n" : "plan \(index)\n") }
        // Clocks for which the notes written by the test have settled, and were changed just now.
        var later = notes.vault, behind = notes.vault
        later.now = { Date().addingTimeInterval(10) }
        behind.now = { Date().addingTimeInterval(-1000) }
        let settled = VaultSession(vault: later), now = VaultSession(vault: behind)
        let recent = notes.path + "/" + WordIndexCache.recentPath
        #expect(try settled.scan(matching: Query.parse("budget")).notes.count == 4)
        #expect(FileManager.default.fileExists(atPath: notes.path + "/" + WordIndexCache.mainPath))
        try notes.write("N1.md", "budget again\n")
        #expect(try now.scan(matching: Query.parse("budget")).notes.count == 5)
        #expect(!FileManager.default.fileExists(atPath: recent))
        #expect(try settled.scan(matching: Query.parse("budget")).notes.count == 5)
        let written = try Data(contentsOf: URL(fileURLWithPath: recent))
        try notes.write("N2.md", "budget too\n")
        #expect(try now.scan(matching: Query.parse("budget")).notes.count == 6)
        #expect(try Data(contentsOf: URL(fileURLWithPath: recent)) == written)
        #expect(try settled.scan(matching: Query.parse("budget")).notes.count == 6)
        #expect(try Data(contentsOf: URL(fileURLWithPath: recent)) != written)
    }

    /// When more than an eighth of the notes changed, a word search that left notes out
    /// writes both main files from every note without scanning the vault again: the notes
    /// it rejected are made from the note cache's entries it found as the files are.
    @Test func rewritingTheMainFilesScansTheVaultOnce() throws {
        let notes = try Notes()
        for index in 0..<40 { try notes.write("N\(index).md", index % 10 == 0 ? "budget \(index)\n" : "plan \(index)\n") }
        var vault = notes.vault.vault
        vault.now = { Date().addingTimeInterval(10) }
        _ = try answers("budget", in: vault)
        for index in 3..<20 { try notes.write("N\(index).md", "budget \(index) changed\n") }
        let scans = Locked(0)
        vault.scanProgress = ScanProgress(every: 1) { read, total in
            if read == total { scans.withLock { $0 += 1 } }
        }
        let cache = WordIndexCache(root: vault.root, racyNanoseconds: 0)
        let search = cache.search(try Query.parse("budget").evaluator(context: QueryContext()))
        let counted = vault
        let result = try vault.scan(filter: search.filter, countingNotes: false, keepingFirst: nil) { result in
            cache.refresh(after: search, notes: result.allNotes, rejected: result.rejected, everyNote: { result.everyNote() ?? (try? counted.scan().allNotes) }, progress: nil)
        }
        #expect(result.rejected > 0 && result.notes.count == 20)
        #expect(scans.withLock { $0 } == 1)
        #expect(try #require(WordSegment(path: WordIndexCache.mainPath, root: vault.root)).documentCount == 40)
        #expect(!FileManager.default.fileExists(atPath: notes.vault.path + "/" + NoteCache.recentPath))
        var uncached = vault
        uncached.usesCache = false
        let fresh = try uncached.scan().notes.map { "\($0.path) \($0.title) \($0.tags) \($0.stamp)" }
        let again = try vault.scan()
        #expect(again.cacheHits == 40 && again.notes.map { "\($0.path) \($0.title) \($0.tags) \($0.stamp)" } == fresh)
    }

    /// Once more than an eighth of the notes changed, the main file is written again and
    /// the recent one goes.
    @Test func manyChangedNotesRebuildTheMainFile() throws {
        let notes = try Notes()
        for index in 0..<20 { try notes.write("N\(index).md", "budget \(index)\n") }
        let vault = notes.vault.vault
        _ = try answers("budget", in: vault)
        try notes.write("N0.md", "plan\n")
        #expect(try answers("budget", in: vault).indexed.count == 19)
        #expect(FileManager.default.fileExists(atPath: notes.vault.path + "/" + WordIndexCache.recentPath))
        for index in 1..<20 { try notes.write("N\(index).md", "plan \(index)\n") }
        let (indexed, read) = try answers("plan", in: vault)
        #expect(indexed == read && indexed.count == 20)
        #expect(!FileManager.default.fileExists(atPath: notes.vault.path + "/" + WordIndexCache.recentPath))
        let main = try #require(WordSegment(path: WordIndexCache.mainPath, root: vault.root))
        #expect(main.documentCount == 20)
    }

    /// Bytes changed in the file (a flipped bit, an edit by hand, another program's file
    /// under its name) never change an answer: the file is ignored or found damaged where
    /// it is read, the notes are read instead, and a sound file is written.
    @Test(arguments: ["foreign", "header", "postings", "paths", "truncated", "pairs"])
    func aDamagedFileIsIgnoredAndWrittenAgain(damage: String) throws {
        let notes = try Notes()
        try notes.write("Plan.md", "# Plan\n\nthe budget review is on Monday\n")
        try notes.write("Other.md", "# Other\n\nnothing to see, a budget-free note\n")
        try notes.write("Third.md", "# Third\n\nreview the plan\n")
        let vault = notes.vault.vault
        _ = try answers("budget", in: vault)
        let path = notes.vault.path + "/" + WordIndexCache.mainPath
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let segment = try #require(WordSegment(path: WordIndexCache.mainPath, root: vault.root))
        switch damage {
        case "foreign": bytes = Array("not a word index at all, but long enough to be read as one".utf8) + [UInt8](repeating: 7, count: 4096)
        case "header": bytes[30] ^= 0x01
        case "truncated": bytes.removeLast(bytes.count / 3)
        default:
            // Every byte of one section turned: what it holds can no longer be trusted.
            let section = ["postings": WordSegmentFormat.Section.postings, "paths": .paths, "pairs": .pairPostings][damage] ?? .postings
            let range = segment.range(of: section)
            for index in range { bytes[index] ^= 0x5A }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for text in ["budget", "\"budget review\"", "review", "plan -budget", "budg*"] {
            let (indexed, read) = try answers(text, in: vault)
            #expect(indexed == read, "\(damage): \(text)")
        }
        let rewritten = try #require(WordSegment(path: WordIndexCache.mainPath, root: vault.root), "\(damage)")
        #expect(rewritten.documentCount == 3)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) != bytes, "\(damage)")
    }

    /// What a power cut may leave of a cache file written without a flush
    /// (`AtomicFile.Durability.checked`): the new name with no bytes, with the first part
    /// only, or with zeros where the last part was. None changes an answer: each such file
    /// is refused where it is read, the notes are read instead, and it is written again.
    /// (The folders' listings: `ListingCacheTests`.)
    @Test(arguments: [NoteCache.recentPath, WordIndexCache.recentPath, WordIndexCache.mainPath, NoteCache.path])
    func aCacheFileCutShortByAPowerCutChangesNoAnswer(file: String) throws {
        let notes = try Notes()
        for index in 0..<40 { try notes.write("N\(index).md", index % 10 == 0 ? "budget \(index)\n" : "plan \(index)\n- [ ] task \(index)\n") }
        var vault = notes.vault.vault
        vault.now = { Date().addingTimeInterval(10) }
        _ = try answers("budget", in: vault)
        try notes.write("N1.md", "budget again\n")
        try notes.write("N2.md", "plan without it\n")
        _ = try answers("budget", in: vault)
        let cache = notes.vault.path + "/.vault/cache/"
        var saved: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: cache) {
            saved[name] = try Data(contentsOf: URL(fileURLWithPath: cache + name))
        }
        let name = String(file.dropFirst(".vault/cache/".count))
        let whole = try #require(saved[name], "\(file) was written")
        // The main note cache is flushed: only a process killed mid-write, never zeros.
        let damages = file == NoteCache.path ? ["empty", "half"] : ["empty", "half", "zeros"]
        for damage in damages {
            for (other, bytes) in saved { try bytes.write(to: URL(fileURLWithPath: cache + other)) }
            var bytes = [UInt8](whole)
            switch damage {
            case "empty": bytes = []
            case "half": bytes.removeLast(bytes.count / 2)
            default: for index in bytes.count / 2..<bytes.count { bytes[index] = 0 }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: notes.vault.path + "/" + file))
            for text in ["budget", "plan", "\"budget again\"", "plan -budget", "budg*", "task"] {
                let (indexed, read) = try answers(text, in: vault)
                #expect(indexed == read, "\(file), \(damage): \(text)")
            }
            // The tasks, bulky values of the note cache, are the files' own too.
            var uncached = vault
            uncached.usesCache = false
            #expect(try vault.scan().notes.map { "\($0.path) \($0.tasks.tasks.map(\.text))" }.sorted()
                    == uncached.scan().notes.map { "\($0.path) \($0.tasks.tasks.map(\.text))" }.sorted(), "\(file), \(damage)")
        }
    }

    /// A note changed after the scan made it, before the file was built from it: the file
    /// does not describe its new text and stamp with the title the scan read, which a
    /// search would then trust. It is left for the next search to read.
    @Test func aNoteChangedAfterTheScanIsNotIndexedWithItsOldTitle() throws {
        let notes = try Notes()
        try notes.write("a.md", "---\ntitle: Alpha\n---\nsome words\n")
        try notes.write("b.md", "other words\n")
        var vault = notes.vault.vault
        vault.now = { Date().addingTimeInterval(10) }
        let made = try vault.scan().allNotes
        try notes.write("a.md", "---\ntitle: Omega\n---\nsome words\n")
        let cache = WordIndexCache(root: vault.root, racyNanoseconds: 0)
        let search = cache.search(try Query.parse("zzz").evaluator(context: QueryContext()))
        cache.refresh(after: search, notes: made, everyNote: { made }, progress: nil)
        let (indexed, read) = try answers("omega", in: vault)
        #expect(read == ["a.md"])
        #expect(indexed == read)
    }

    /// The recent file keeps texts the scan read: it is dated from before the scan read
    /// them, so that a note rewritten after it was read, within its time stamp's tick, is
    /// not trusted as the text read.
    @Test func theRecentFileIsDatedFromBeforeItsTextsWereRead() throws {
        let notes = try Notes()
        for index in 0..<20 { try notes.write("N\(index).md", "budget \(index)\n") }
        var vault = notes.vault.vault
        vault.now = { Date().addingTimeInterval(10) }
        _ = try answers("budget", in: vault)
        try notes.write("N0.md", "plan\n")
        let cache = WordIndexCache(root: vault.root, racyNanoseconds: 0)
        let search = cache.search(try Query.parse("budget").evaluator(context: QueryContext()))
        let before = Int64((Date().timeIntervalSince1970 * 1e9).rounded(.down))
        let result = try vault.scan(filter: search.filter, countingNotes: false)
        cache.refresh(after: search, notes: result.allNotes, rejected: result.rejected, progress: nil)
        let recent = try #require(WordSegment(path: WordIndexCache.recentPath, root: vault.root))
        #expect(recent.documentCount == 1)
        #expect(recent.writtenAt <= before)
    }

    /// A word's 0 ending turned into a letter makes its spelling run into the next: a
    /// search for that longer word is not answered with the shorter word's notes.
    @Test func aWordWhoseEndingIsDamagedDoesNotAnswerForALongerWord() throws {
        let notes = try Notes()
        try notes.write("a.md", "foo bar\n")
        try notes.write("b.md", "zebra\n")
        let vault = notes.vault.vault
        _ = try answers("foo", in: vault)
        let path = notes.vault.path + "/" + WordIndexCache.mainPath
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let spellings = try #require(WordSegment(path: WordIndexCache.mainPath, root: vault.root)).range(of: .spellings)
        let foo = Array("foo".utf8) + [0]
        let at = try #require(spellings.first { Array(bytes[$0..<($0 + foo.count)]) == foo })
        bytes[at + 3] = UInt8(ascii: "d")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (indexed, read) = try answers("food", in: vault)
        #expect(read.isEmpty)
        #expect(indexed == read)
    }

    /// A note is looked for first at the document its place in the walk guesses; a wrong
    /// guess (notes added before it, a place past the end) finds what the path finds.
    @Test func aGuessedDocumentFindsWhatThePathFinds() throws {
        let notes = try Notes()
        for index in 0..<12 { try notes.write((index % 3 == 0 ? "Work/" : "") + "N\(index).md", "budget \(index)\n") }
        var vault = notes.vault.vault
        vault.now = { Date().addingTimeInterval(10) }
        _ = try answers("budget", in: vault)
        let segment = try #require(WordSegment(path: WordIndexCache.mainPath, root: vault.root))
        let made = try vault.scan().allNotes
        for note in made {
            let found = note.withPathBytes { segment.document(path: $0, stamp: note.stamp, racyNanoseconds: 0) }
            #expect(found != nil, "\(note.path)")
            for guess in [-7, -1, 0, 1, 5, 11, 12, 1_000, Int(found ?? 0)] {
                #expect(note.withPathBytes { segment.document(path: $0, stamp: note.stamp, racyNanoseconds: 0, near: guess) } == found, "\(note.path) near \(guess)")
            }
            var changed = note.stamp
            changed.size += 1
            #expect(note.withPathBytes { segment.document(path: $0, stamp: changed, racyNanoseconds: 0, near: Int(found ?? 0)) } == nil)
        }
        #expect(!segment.isDamaged)
    }
}
