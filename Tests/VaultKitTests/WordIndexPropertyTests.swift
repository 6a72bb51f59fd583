import Foundation
import Testing
import VaultPlatform
@testable import VaultKit

/// The server's word index answers every word search as a scan of the files does: random
/// notes (accents, case, ligatures, punctuation, front matter), random edits, additions
/// and removals, and random queries, each answer compared with `vault search --no-server`'s
/// path (`VaultSession.scan(matching:)`).
@Suite("Word index")
struct WordIndexPropertyTests {
    private static let words = [
        "café", "Cafe", "CAFÉ", "cafe\u{301}", "budget", "Budgetary", "nobudget", "e-mail", "mail", "Straße", "strasse",
        "ﬁle", "file", "naïve", "x1", "日本語", "meeting", "Meeting", "über", "uber", "the", "plan", "10:30", "a.b",
    ]
    private static let separators = [" ", " ", " ", "-", ", ", "\n", ". ", "_", "'", "\u{301}"]
    private static let needles = [
        "caf", "café", "afe", "budg", "budget", "udgeta", "mail", "e-mail", "-m", "ss", "straße", "fi", "file", "naive",
        "日本", "meet", "the meeting", "g pl", "ube", "x", "1", "10:30", "0:3", "a.b", "zzz", "t", "é", "fe\u{301}", "an",
        // Phrases: several words, a word's end then another's start, a whole word between.
        "the budget", "he budg", "budget the", "meeting plan the", "cafe file", "mail, budget", "e plan", "x1 the", "a b",
        "strasse file", "e. bud", "t-mail", "mail budget meeting",
    ]

    static func text(_ random: inout QueryRandom) -> String {
        (0..<random.int(in: 0...12)).map { _ in random.element(of: words) + random.element(of: separators) }.joined()
    }

    static func note(_ random: inout QueryRandom) -> String {
        var note = ""
        switch random.int(in: 0...3) {
        case 0: note += "---\ntags: [\(random.element(of: ["work", "home", "budget"]))]\ntitle: \(text(&random).filter { !$0.isNewline && $0 != ":" })x\n---\n"
        case 1: note += "---\nbroken: [\n---\n"
        default: break
        }
        if random.bool() { note += "# " + text(&random).filter { !$0.isNewline } + "\n\n" }
        return note + text(&random) + "\n"
    }

    static func query(_ random: inout QueryRandom) -> String {
        func term() -> String {
            let needle = random.element(of: needles)
            let word = needle.unicodeScalars.contains { $0 == " " || $0 == ":" || $0 == "-" || $0 == "," } ? "\"\(needle)\"" : needle
            switch random.int(in: 0...5) {
            case 0: return "-" + word
            case 1: return "tag:work " + word
            case 2: return word + "*"
            default: return word
            }
        }
        switch random.int(in: 0...3) {
        case 0: return term() + " OR " + term()
        case 1: return term() + " " + term()
        default: return term()
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func answersAsAScanDoes(seed: UInt64) async throws {
        var random = QueryRandom(seed: seed)
        let vault = try TemporaryVault()
        var paths: [String] = []
        for index in 0..<30 {
            let path = (random.bool(0.3) ? "Work/" : "") + "Note \(index).md"
            try vault.write(path, Self.note(&random))
            paths.append(path)
        }
        let session = try VaultSession.open(explicit: vault.path, workingDirectory: vault.path)
        // Started from the file in `.vault/cache/` (made at start), as a server does.
        let live = try LiveIndex(session: session, compactionMinimum: 8, wordFileRacyNanoseconds: 0)
        live.indexText()
        #expect(live.words.contents != nil)
        #expect(live.words.view?.file != nil)
        for round in 0..<25 {
            var touched: [String] = []
            for _ in 0..<random.int(in: 1...6) {
                let index = random.int(in: 0...paths.count - 1)
                let path = paths[index]
                if random.bool(0.15), paths.count > 5 {
                    try FileManager.default.removeItem(atPath: vault.path + "/" + path)
                    paths.remove(at: index)
                } else {
                    try vault.write(path, Self.note(&random))
                }
                touched.append(path)
            }
            if random.bool(0.3) {
                let path = "Added \(round).md"
                try vault.write(path, Self.note(&random))
                paths.append(path)
                touched.append(path)
            }
            // Sometimes a rescan of everything, as after the watcher's queue overflowed.
            await live.refresh(random.bool(0.2) ? nil : touched)
            for _ in 0..<12 {
                let text = Self.query(&random)
                let query: Query
                do { query = try Query.parse(text) } catch { Issue.record("\(text): \(error)"); continue }
                let expected = session.sorted(try session.scan(matching: query)).map(\.path)
                let answer = live.snapshot.notes(matching: query, context: session.queryContext, words: live.words).map(\.path)
                #expect(answer == expected, "seed \(seed), round \(round): \(text)")
            }
        }
    }

    /// The index decides a one-word search alone; a note it has not seen as it is now is
    /// read, never missed.
    @Test func aNoteChangedSinceIndexedIsRead() async throws {
        let vault = try TemporaryVault()
        try vault.write("A.md", "# A\n\nbudget\n")
        try vault.write("B.md", "# B\n\nnothing\n")
        let session = try VaultSession.open(explicit: vault.path, workingDirectory: vault.path)
        let live = try LiveIndex(session: session)
        live.indexText()
        try vault.write("B.md", "# B\n\nthe budget, longer now\n")
        // The index is updated with the note, as the watcher would have it.
        let note = try #require(try session.scan().notes.first { $0.path == "B.md" })
        live.words.update([], removed: [])
        let contents = try #require(live.words.contents)
        #expect(contents.document(of: note) == nil)
        await live.refresh(["B.md"])
        let query = try Query.parse("budg")
        #expect(live.snapshot.notes(matching: query, context: session.queryContext, words: live.words).map(\.path).sorted() == ["A.md", "B.md"])
    }

    /// A phrase is narrowed to the notes where its words follow each other (the next-word
    /// pairs), not every note holding all of them: only those are read to confirm.
    @Test func aPhraseNarrowsToNotesWithItsWordsAdjacent() throws {
        let vault = try TemporaryVault()
        try vault.write("Adjacent.md", "# A\n\nWe set the budget today.\n")
        try vault.write("Apart.md", "# B\n\nThe plan: budget later.\n")
        try vault.write("Reversed.md", "# C\n\nbudget the plan\n")
        try vault.write("Suffix.md", "# D\n\nbathe budgetary\n")
        let session = try VaultSession.open(explicit: vault.path, workingDirectory: vault.path)
        let live = try LiveIndex(session: session)
        live.indexText()
        let contents = try #require(live.words.contents)
        let notes = try session.scan().notes
        let matcher = TextMatcher("the budget")
        let answer = try #require(contents.answer(matcher))
        let kept = try notes.filter { answer.contains(try #require(contents.document(of: $0))) }.map(\.path).sorted()
        #expect(kept == ["Adjacent.md", "Suffix.md"])
        let query = try Query.parse("\"the budget\"")
        #expect(live.snapshot.notes(matching: query, context: session.queryContext, words: live.words).map(\.path).sorted() == ["Adjacent.md", "Suffix.md"])
    }

    /// The index holds every substring of the folded text and title, whatever the case,
    /// accents, composition or broken bytes, and rules out words the note does not hold.
    @Test func theIndexFindsEverySubstringOfTheFoldedTextAndNoAbsentWord() throws {
        let vault = try TemporaryVault()
        var bytes = Array("---\ntitle: Trip notes\n---\n# Café in Zürich\n\nWe met at the STRASSE corner; the naïve plan was \u{FF}\u{FE} broken bytes.\n".utf8)
        bytes.append(contentsOf: [0xC3, 0x28, 0x61, 0x62, 0x63])
        try vault.write("Trip.md", bytes: bytes)
        let session = try VaultSession.open(explicit: vault.path, workingDirectory: vault.path)
        let live = try LiveIndex(session: session)
        live.indexText()
        let contents = try #require(live.words.contents)
        let note = try #require(try session.scan().notes.first)
        let document = try #require(contents.document(of: note))
        for present in ["cafe", "CAFÉ", "zurich", "Zu\u{308}rich", "strasse", "straße", "naive plan", "trip notes", "abc", "ab"] {
            let answer = try #require(contents.answer(TextMatcher(present)), "\(present)")
            #expect(answer.contains(document), "\(present)")
        }
        for absent in ["zanzibar", "roadmap", "cafés", "meeting"] {
            #expect(contents.answer(TextMatcher(absent))?.contains(document) == false, "\(absent)")
        }
    }
}

extension WordIndexPropertyTests {
    /// A server starts from the word index file a command left (or made at its start):
    /// only the notes changed since are read, and its answers are the notes' own.
    @Test func theServerStartsFromTheFileAndReadsOnlyWhatChanged() async throws {
        let vault = try TemporaryVault()
        for index in 0..<40 { try vault.write("N\(index).md", "# N\(index)\n\nthe budget \(index) review\n") }
        let session = try VaultSession.open(explicit: vault.path, workingDirectory: vault.path)
        let cache = WordIndexCache(root: session.root, racyNanoseconds: 0)
        #expect(cache.mainFile(for: try session.scan().notes, progress: nil) != nil)
        try vault.write("N3.md", "# N3\n\nnothing now\n")
        let live = try LiveIndex(session: session, wordFileRacyNanoseconds: 0)
        live.indexText()
        let view = try #require(live.words.view)
        #expect(view.file?.documentCount == 40)
        // Only the note changed since the file was written was read.
        #expect(view.contents.documentSlots == 1)
        for text in ["budget", "\"the budget\"", "nothing", "review -budget", "budg*"] {
            let query = try Query.parse(text)
            let expected = try session.sorted(session.vault.scan(filter: query.scanFilter(context: session.queryContext))).map(\.path)
            #expect(live.snapshot.notes(matching: query, context: session.queryContext, words: live.words).map(\.path) == expected, "\(text)")
        }
        #expect(view.suggestions(for: try Query.parse("budgit")) == ["budget"])
    }
}
