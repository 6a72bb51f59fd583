import Foundation
import Testing
@testable import VaultKit

/// `vault search --sort relevance`: the notes whose title holds the query's words first,
/// then those with a heading holding them, then by how often the body has them, the
/// most recently modified first when all that is equal.
@Suite struct RelevanceOrderTests {
    func ranked(_ query: String, _ notes: [(path: String, modified: Int, text: String)]) throws -> [String] {
        let vault = try TemporaryVault()
        for note in notes {
            try vault.write(note.path, "---\nmodified: 2025-03-\(note.modified)T08:00:00Z\n---\n\(note.text)")
        }
        let session = VaultSession(vault: vault.vault)
        let parsed = try Query.parse(query)
        let matched = session.sorted(try session.scan(matching: parsed))
        return session.sorted(matched, by: .relevance, for: parsed).map(\.path)
    }

    @Test func titleBeatsHeadingBeatsBodyCountAndRecencyBreaksTies() throws {
        let paths = try ranked("budget", [
            ("once-new.md", 20, "# Plans\n\nThe budget.\n"),
            ("once-old.md", 11, "# Trips\n\nA budget.\n"),
            ("thrice.md", 12, "# Money\n\nBudget, budget and the BUDGET again.\n"),
            ("heading.md", 13, "# Notes\n\n## Budget for May\n\nNothing else.\n"),
            ("title.md", 10, "# Büdget review\n\nNot in the body.\n"),
            ("other.md", 25, "# Other\n\nNo match here.\n"),
        ])
        #expect(paths == ["title.md", "heading.md", "thrice.md", "once-new.md", "once-old.md"])
    }

    @Test func aQueryWithoutWordsKeepsTheListOrder() throws {
        let paths = try ranked("folder:/", [
            ("a.md", 10, "# Budget\n"),
            ("b.md", 20, "# Other\n"),
        ])
        #expect(paths == ["b.md", "a.md"])
    }

    @Test func wordsUnderNotDoNotRank() throws {
        let paths = try ranked("plan -budget", [
            ("old.md", 10, "# Plan\n"),
            ("new.md", 20, "# Other\n\nplan\n"),
            ("out.md", 25, "# Plan budget\n"),
        ])
        #expect(paths == ["old.md", "new.md"])
    }

    /// Of two notes with the same counts and length, the one where the query's words are
    /// closer together ranks first, before recency.
    @Test func wordsCloseTogetherRankFirst() throws {
        let paths = try ranked("budget review", [
            ("near.md", 11, "# Notes\n\nThe budget review is due. Other words fill the line here.\n"),
            ("far.md", 20, "# Notes\n\nThe budget is due. Other words fill the line here review.\n"),
        ])
        #expect(paths == ["near.md", "far.md"])
    }
}
