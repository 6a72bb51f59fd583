import Foundation
import Testing
@testable import VaultKit

/// The note cache keeps the notes changed since its main file was written in a recent file
/// of their own: a search after a few edits writes only those notes' entries, never the
/// whole cache again, and a damaged, truncated or foreign recent file is ignored and
/// written again. Whatever the files say, a scan through them answers as reading every
/// note does.
@Suite("Note cache, recent file")
struct NoteCacheRecentTests {
    private static let hourAgo = Date().addingTimeInterval(-3600)

    /// A vault of `count` notes, last changed an hour ago.
    private func makeVault(count: Int = 200) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        for index in 0..<count { try write(vault, index, version: 0) }
        return vault
    }

    private func path(_ index: Int) -> String { (index % 3 == 0 ? "Work/" : "") + "note \(index).md" }

    private func write(_ vault: TemporaryVault, _ index: Int, version: Int) throws {
        let tags = ["one", "two", "three"][(index + version) % 3]
        let word = (index + version) % 4 == 0 ? "budget" : "review"
        try vault.write(path(index), "---\ntags: [\(tags)]\n---\n# Note \(index) v\(version)\n\nThe \(word) of \(index), version \(version).\n- [ ] task \(version)\n")
        try FileManager.default.setAttributes([.modificationDate: Self.hourAgo.addingTimeInterval(Double(index + version))],
                                              ofItemAtPath: vault.path + "/" + path(index))
    }

    /// A session whose clock is ten seconds ahead: the notes written by the test are safely
    /// older than the cache (the racy rule) without the test waiting.
    private func session(_ vault: TemporaryVault, usesCache: Bool = true) -> VaultSession {
        var opened = vault.vault
        opened.usesCache = usesCache
        opened.now = { Date().addingTimeInterval(10) }
        return VaultSession(vault: opened)
    }

    private func summary(_ notes: [Note]) -> [String] {
        notes.map { note in
            let tasks = note.tasks.tasks.map { "\($0.status)|\($0.text)" }
            return "\(note.path)|\(note.title)|\(note.tags)|\(note.pinned)|\(note.modified.timeIntervalSince1970)|\(note.snippet)|\(tasks)"
        }.sorted()
    }

    /// `vault search budget` as the command line runs it, checked against reading every note.
    @discardableResult
    private func search(_ vault: TemporaryVault, _ text: String = "budget", sourceLocation: SourceLocation = #_sourceLocation) throws -> ScanResult {
        let query = try Query.parse(text)
        let cached = try session(vault).scan(matching: query)
        let read = try session(vault, usesCache: false).scan(matching: query)
        #expect(summary(cached.notes) == summary(read.notes), sourceLocation: sourceLocation)
        #expect(summary(cached.allNotes) == summary(read.allNotes), sourceLocation: sourceLocation)
        return cached
    }

    private struct FileIdentity: Equatable {
        let inode: Int
        let size: Int
        let modified: Date
    }

    private func identity(_ vault: TemporaryVault, _ path: String) throws -> FileIdentity {
        let attributes = try FileManager.default.attributesOfItem(atPath: vault.path + "/" + path)
        return FileIdentity(inode: try #require(attributes[.systemFileNumber] as? Int), size: try #require(attributes[.size] as? Int),
                            modified: try #require(attributes[.modificationDate] as? Date))
    }

    private func exists(_ vault: TemporaryVault, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: vault.path + "/" + path)
    }

    @Test func aSearchAfterOneNoteInAHundredChangedKeepsTheMainFile() throws {
        let vault = try makeVault()
        try search(vault)
        let main = try identity(vault, NoteCache.path)
        #expect(!exists(vault, NoteCache.recentPath))
        try write(vault, 5, version: 1)
        try write(vault, 150, version: 1)
        let changed = try search(vault)
        #expect(changed.cacheHits == 198)
        #expect(try identity(vault, NoteCache.path) == main, "the main file is not written again")
        #expect(exists(vault, NoteCache.recentPath))
        // Both files now describe every note: nothing is read, nothing written.
        let recent = try identity(vault, NoteCache.recentPath)
        #expect(try search(vault, "tag:two").cacheHits == 200)
        #expect(try identity(vault, NoteCache.path) == main)
        #expect(try identity(vault, NoteCache.recentPath) == recent)
    }

    /// A note changed within the racy window of the file that would hold it could never be
    /// answered from that file: the recent file leaves it out, and while there is such a
    /// note it is not written again unless it lacks one of the others (a script's edits
    /// followed at once by a search wrote it on every run). Once they have settled it
    /// takes them, and a note gone is written down.
    @Test func notesChangedJustNowAreNotWrittenToTheRecentFile() throws {
        let vault = try makeVault()
        try search(vault)
        // A clock for which every note written by the test was changed just now.
        var behind = vault.vault
        behind.now = { Date().addingTimeInterval(-1000) }
        let now = VaultSession(vault: behind)
        func recentCount() -> Int? {
            NoteCache.load(root: vault.root, timeZone: vault.vault.timeZone, inlineTags: vault.vault.config.inlineTags)?.recent?.cache.count
        }
        try write(vault, 5, version: 1)
        let justChanged = try now.scan(matching: Query.parse("tag:two"))
        #expect(justChanged.cacheHits == 199)
        #expect(!exists(vault, NoteCache.recentPath))
        // Its tasks and links are read when asked for, and are those of its file.
        let note = try #require(justChanged.allNotes.first { $0.path == path(5) })
        #expect(note.encodedValues.readsLater)
        var read = vault.vault
        read.usesCache = false
        #expect(summary(justChanged.allNotes) == summary(try read.scan().allNotes))
        #expect(try search(vault).cacheHits == 199)
        #expect(recentCount() == 1)
        let recent = try identity(vault, NoteCache.recentPath)
        // Note 5 is in the recent file; note 6, changed just now, is not worth a new one.
        try write(vault, 6, version: 1)
        #expect(try now.scan(matching: Query.parse("tag:two")).cacheHits == 199)
        #expect(try identity(vault, NoteCache.recentPath) == recent)
        #expect(try search(vault).cacheHits == 199)
        #expect(try identity(vault, NoteCache.recentPath) != recent)
        #expect(recentCount() == 2)
        #expect(try search(vault).cacheHits == 200)
        try FileManager.default.removeItem(atPath: vault.path + "/" + path(7))
        let before = try identity(vault, NoteCache.recentPath)
        #expect(try search(vault).cacheHits == 199)
        let after = try identity(vault, NoteCache.recentPath)
        #expect(after != before, "the note gone is written down")
        #expect(try search(vault).cacheHits == 199)
        #expect(try identity(vault, NoteCache.recentPath) == after)
        // A note gone is written down even while another one is changed within the window
        // (one whose time is ahead of every clock stays so), and a damaged recent file is
        // replaced.
        try write(vault, 8, version: 1)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: vault.path + "/" + path(8))
        try FileManager.default.removeItem(atPath: vault.path + "/" + path(9))
        #expect(try search(vault).cacheHits == 197)
        let goneWritten = try identity(vault, NoteCache.recentPath)
        #expect(goneWritten != after, "the note gone is written down")
        #expect(try search(vault).cacheHits == 197)
        #expect(try identity(vault, NoteCache.recentPath) == goneWritten)
        try Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: URL(fileURLWithPath: vault.path + "/" + NoteCache.recentPath))
        #expect(try search(vault).cacheHits == 195)
        #expect(NoteCache.load(root: vault.root, timeZone: vault.vault.timeZone, inlineTags: vault.vault.config.inlineTags)?.recent != nil,
                "the damaged recent file is written again")
        #expect(try search(vault).cacheHits == 197)
    }

    /// Past the recent file's share of the notes the main file is written for every note:
    /// no more than that share of the notes changed just now wait to read their tasks and
    /// links, which the main file then reads on all cores.
    @Test func noMoreThanAnEighthOfTheNotesReadTheirTasksLater() throws {
        let vault = try makeVault()
        try search(vault)
        for index in 0..<100 { try write(vault, index, version: 1) }
        var behind = vault.vault
        behind.now = { Date().addingTimeInterval(-1000) }
        let scan = try behind.scan()
        let later = scan.allNotes.count { $0.encodedValues.readsLater }
        #expect(later > 0 && later <= 200 / 8 + 1)
        var read = vault.vault
        read.usesCache = false
        #expect(summary(scan.allNotes) == summary(try read.scan().allNotes))
        #expect(summary(try session(vault).scan(matching: nil).allNotes) == summary(try read.scan().allNotes))
    }

    /// Past a share of the notes, the main file is written again for every note and the
    /// recent file removed.
    @Test func manyChangesRewriteTheMainFile() throws {
        let vault = try makeVault()
        try search(vault)
        try write(vault, 5, version: 1)
        try search(vault)
        #expect(exists(vault, NoteCache.recentPath))
        let main = try identity(vault, NoteCache.path)
        for index in 0..<60 { try write(vault, index, version: 2) }
        try search(vault)
        #expect(try identity(vault, NoteCache.path) != main)
        #expect(!exists(vault, NoteCache.recentPath))
        #expect(try search(vault).cacheHits == 200)
    }

    enum Damage: CaseIterable {
        case flippedByte, truncated, garbage, mainFileCopied, empty
    }

    @Test(arguments: Damage.allCases)
    func aDamagedRecentFileIsIgnoredAndWrittenAgain(damage: Damage) throws {
        let vault = try makeVault()
        try search(vault)
        try write(vault, 7, version: 1)
        try write(vault, 8, version: 1)
        try search(vault)
        let recentPath = vault.path + "/" + NoteCache.recentPath
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: recentPath)))
        switch damage {
        case .flippedByte: bytes[bytes.count / 2] ^= 0x20
        case .truncated: bytes.removeLast(bytes.count / 3)
        case .garbage: bytes = (0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        case .mainFileCopied: bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: vault.path + "/" + NoteCache.path)))
        case .empty: bytes = []
        }
        try Data(bytes).write(to: URL(fileURLWithPath: recentPath))
        let main = try identity(vault, NoteCache.path)
        let damaged = try search(vault)
        #expect(damaged.cacheHits == 198, "the two notes are read from their files")
        #expect(try identity(vault, NoteCache.path) == main)
        #expect(try search(vault).cacheHits == 200, "the recent file is sound again")
    }

    /// Through the files, with notes changed, added and removed between runs (a few at a
    /// time, so that the recent file is used), a scan answers as reading every note does.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aScanThroughTheCacheEqualsReadingEveryNote(seed: UInt64) throws {
        var random = QueryRandom(seed: seed)
        let vault = try makeVault(count: 120)
        var present = Set(0..<120)
        var version = 1
        try search(vault)
        for _ in 0..<12 {
            for _ in 0..<random.int(in: 1...6) {
                let index = random.int(in: 0...140)
                version += 1
                if present.contains(index), random.bool(0.2) {
                    try FileManager.default.removeItem(atPath: vault.path + "/" + path(index))
                    present.remove(index)
                } else {
                    try write(vault, index, version: version)
                    present.insert(index)
                }
            }
            try search(vault, random.bool(0.5) ? "budget" : "tag:one")
            var scanned = vault.vault
            scanned.now = { Date().addingTimeInterval(10) }
            var read = vault.vault
            read.usesCache = false
            let again = try scanned.scan()
            #expect(summary(again.notes) == summary(try read.scan().notes))
            // The search wrote down every note it found changed: each is described now.
            #expect(again.cacheHits == present.count)
        }
    }
}

/// A word search hands the texts it read of the notes the word index did not describe to
/// the index's recent file: the file made from them is the one made by reading the notes.
@Suite("Word index, texts the scan read")
struct ScannedTextsTests {
    @Test func theRecentFileFromTheScannedTextsIsTheOneReadFromTheNotes() throws {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\ntags: [x]\n---\n# Budget review\n\nThe budget, reviewed.\n")
        try vault.write("b.md", "no front matter: the budget\n")
        try vault.write("c.md", "---\ntags: [broken\n---\n# C\nbudget review\n")
        let texts = ScannedTexts(limit: 10)
        let evaluator = try Query.parse("budget").evaluator(context: QueryContext())
        let filter = ScanFilter(decide: { _ in nil }, matches: { note, text in
            texts.keep(text, of: note)
            return evaluator.matches(note, text: text)
        })
        var read = vault.vault
        read.usesCache = false
        let notes = try read.scan(filter: filter).allNotes
        #expect(notes.count == 3)
        let scanned = try #require(texts.chunks(for: notes, writtenAt: 42))
        #expect(scanned == WordIndexBuild(root: vault.root, progress: nil).chunks(for: notes, writtenAt: 42))
        // A note not kept, or kept as it was before, is read from its file.
        #expect(ScannedTexts(limit: 10).chunks(for: notes, writtenAt: 42) == nil)
        #expect(ScannedTexts(limit: 0).chunks(for: [], writtenAt: 42) != nil)
    }
}
