import Foundation
import Testing
@testable import VaultKit

/// `@name` in the query language (a search saved in the config), and the minimal edits
/// of `searches:` by `SaveSearches`.
@Suite struct SavedSearchTests {
    private let saved = SavedSearches([
        .init(name: "week", query: "modified:7d"),
        .init(name: "Work stuff", query: "tag:work OR folder:Work"),
        .init(name: "both", query: "@week @\"work stuff\""),
        .init(name: "self", query: "a OR @self"),
        .init(name: "ping", query: "@pong"),
        .init(name: "pong", query: "x @ping"),
        .init(name: "broken", query: "(tag:a"),
    ])

    private func shape(_ text: String) throws -> String {
        try Query.parse(text, saved: saved).description
    }

    /// Each saved search naming the one before twice doubles the query: 22 of them made
    /// four million terms, 38 seconds and 1.8 GB in a server, and a synced config can
    /// bring them. Past a bound on the text they expand to, the query is refused, at once.
    @Test(.timeLimit(.minutes(1))) func savedSearchesThatExpandWithoutBoundAreRefused() throws {
        var entries = [SavedSearches.Entry(name: "s0", query: "zzz")]
        for index in 1...40 { entries.append(.init(name: "s\(index)", query: "@s\(index - 1) OR @s\(index - 1)")) }
        let doubling = SavedSearches(entries)
        #expect(try Query.parse("@s8", saved: doubling).description.contains("zzz"))
        let refusal = #expect(throws: QueryError.self) { try Query.parse("budget @s40", saved: doubling) }
        #expect(refusal?.message == "saved searches expand to more than 100000 characters of query")
        #expect(refusal?.column == 8)
    }

    @Test func aSavedSearchStandsInItsPlaceAsIfParenthesised() throws {
        #expect(try shape("@week") == "modified:7d")
        #expect(try shape("@WEEK budget") == "(modified:7d AND budget)")
        #expect(try shape("@\"Work stuff\" -draft") == "((tag:work OR folder:Work) AND NOT draft)")
        #expect(try shape("@both") == "(modified:7d AND (tag:work OR folder:Work))")
        #expect(try shape("bob@example.com") == "bob@example.com", "an @ inside a word is text")
        #expect(try shape("\"@week\"") == "\"@week\"", "a quoted @ is text")
    }

    @Test(arguments: [
        ("@wek", 1, 1, "no saved search 'wek'; did you mean '@week'?"),
        ("a @zzzzzz", 1, 3, "no saved search 'zzzzzz'; to find the text, quote it: \"@zzzzzz\""),
        ("@self", 1, 1, "in saved search 'self': saved search 'self' names itself"),
        ("x OR @ping", 1, 6, "in saved search 'ping': in saved search 'pong': saved searches name each other in a circle: ping → pong → ping"),
        ("@broken", 1, 1, "in saved search 'broken': expected ')' to close '(' at 1:1 (at 1:7 of its query)"),
        ("@", 1, 2, "expected the name of a saved search after '@'"),
    ])
    func aSavedSearchThatCannotBeUsedIsSaidAtItsPlace(query: String, line: Int, column: Int, message: String) {
        #expect(throws: QueryError(message: message, line: line, column: column, sourceLine: query)) {
            try Query.parse(query, saved: saved)
        }
    }

    @Test func theConfigKeepsSearchesInItsOrder() throws {
        let vault = try TemporaryVault()
        try vault.write(".vault/config.yaml", "trashDays: 30\nsearches:\n  week: modified:7d  # mine\n  \"a: b\": \"tag:x\"\n  bad: [1, 2]\n")
        let config = VaultConfig.load(from: vault.root)
        #expect(config.searches.entries == [.init(name: "week", query: "modified:7d"), .init(name: "a: b", query: "tag:x")])
        #expect(config.problems.map(\.message) == ["a saved search is a name and a query, such as week: modified:7d"])
    }

    @Test func savingChangesOnlyThatSearchsLine() throws {
        let vault = try TemporaryVault()
        let path = ".vault/config.yaml"
        try vault.write(path, "trashDays: 30  # mine\n")
        let changes = VaultChanges(vault: vault.vault, notes: [], purged: [])
        try SaveSearches(.add("week", query: "modified:7d")).run(in: changes)
        #expect(vault.read(path) == "trashDays: 30  # mine\nsearches:\n  week: modified:7d\n")
        try SaveSearches(.add("Work: mine", query: "tag:work OR \"a b\"")).run(in: changes)
        #expect(vault.read(path) == "trashDays: 30  # mine\nsearches:\n  week: modified:7d\n  \"Work: mine\": tag:work OR \"a b\"\n")
        try SaveSearches(.add("WEEK", query: "modified:14d")).run(in: changes)
        #expect(vault.read(path) == "trashDays: 30  # mine\nsearches:\n  week: modified:14d\n  \"Work: mine\": tag:work OR \"a b\"\n")
        #expect(VaultConfig.load(from: vault.root).searches.entry(named: "work: mine")?.query == "tag:work OR \"a b\"")
        try SaveSearches(.rename("week", to: "fortnight")).run(in: changes)
        try SaveSearches(.remove("work: MINE")).run(in: changes)
        #expect(vault.read(path) == "trashDays: 30  # mine\nsearches:\n  fortnight: modified:14d\n")
        #expect(VaultConfig.load(from: vault.root).searches.entries == [.init(name: "fortnight", query: "modified:14d")])
    }

    @Test func aSearchThatWouldNotParseIsNotSaved() throws {
        let vault = try TemporaryVault()
        let path = ".vault/config.yaml"
        try vault.write(path, "searches: {}\n")
        let changes = VaultChanges(vault: vault.vault, notes: [], purged: [])
        #expect(throws: VaultError.invalidQuery("query:1:1: saved search 'me' names itself\n  @me\n  ^")) {
            try SaveSearches(.add("me", query: "@me")).run(in: changes)
        }
        #expect(throws: VaultError.savedSearchNotFound("nope")) { try SaveSearches(.remove("nope")).run(in: changes) }
        #expect(throws: VaultError.self) { try SaveSearches(.add("", query: "a")).run(in: changes) }
        #expect(vault.read(path) == "searches: {}\n")
        try SaveSearches(.add("a", query: "x")).run(in: changes)
        try SaveSearches(.add("b", query: "y")).run(in: changes)
        #expect(throws: VaultError.savedSearchExists("b")) { try SaveSearches(.rename("a", to: "B")).run(in: changes) }
    }
}
