import Foundation
import Testing

/// `vault saved` and `@name` end to end: the config changes by the search's line only,
/// a saved search is a term anywhere a query is taken, and one that no longer parses is
/// listed with its error.
@Suite("Saved searches")
struct SavedSearchCommandTests {
    @Test func aSavedSearchIsKeptListedAndUsedAnywhereAQueryIs() throws {
        let vault = try TestVault()
        try vault.write(".vault/config.yaml", "trashDays: 30  # kept\n")
        try vault.write("Work/Budget.md", "---\ntags: [work, finance]\n---\n# Budget\n")
        try vault.write("Work/Plan.md", "---\ntags: [work]\n---\n# Plan\n")
        try vault.write("Home.md", "# Home\n")
        let none = try vault.run("saved")
        #expect(none.status == 1)
        #expect(none.stderr == "vault: no saved search (vault saved add NAME QUERY keeps one)\n")

        let added = try vault.run("saved", "add", "Work notes", "folder:Work")
        #expect(added.status == 0, "\(added)")
        #expect(added.stdout == "saved @Work notes: folder:Work\n")
        #expect(try vault.run("saved", "add", "money", "@\"work notes\" AND #finance").status == 0)
        #expect(try vault.text(".vault/config.yaml") == "trashDays: 30  # kept\nsearches:\n  Work notes: folder:Work\n  money: \"@\\\"work notes\\\" AND #finance\"\n")
        #expect(try vault.run("saved").stdout == "2  @Work notes  folder:Work\n1  @money  @\"work notes\" AND #finance\n")

        #expect(try vault.run("search", "@money", "--paths").stdout == "Work/Budget.md\n")
        #expect(try vault.run("list", "--query", "@\"Work notes\" -#finance", "--no-snippet").stdout.contains("Plan"))
        let pinned = try vault.run("pin", "--query", "@money")
        #expect(pinned.status == 0, "\(pinned)")
        #expect(try vault.text("Work/Budget.md").contains("pinned: true"))

        let unknown = try vault.run("search", "@mony")
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "vault: error: query:1:1: no saved search 'mony'; did you mean '@money'?\n  @mony\n  ^\n")

        // Renamed, the search that named it no longer parses: listed with its error.
        #expect(try vault.run("saved", "rename", "work notes", "Work").stdout == "renamed @work notes → @Work\n")
        let listed = try vault.run("saved", "--format", "json").jsonObject()
        let searches = try #require(listed["searches"] as? [[String: Any]])
        #expect(searches.count == 2)
        #expect(searches[1]["name"] as? String == "money")
        #expect(searches[1]["count"] is NSNull)
        #expect((searches[1]["error"] as? String)?.hasPrefix("query:1:1: no saved search 'work notes'") == true, "\(searches)")

        #expect(try vault.run("saved", "remove", "money").status == 0)
        #expect(try vault.run("saved", "remove", "WORK").status == 0)
        #expect(try vault.text(".vault/config.yaml") == "trashDays: 30  # kept\nsearches:\n")
        let gone = try vault.run("saved", "remove", "money")
        #expect(gone.status == 2)
        #expect(gone.stderr == "vault: error: no saved search 'money'\n")
    }
}
