import Testing
@testable import VaultKit

/// Wiki links find notes by name (the shortest path of a shared name) and by path, ignoring
/// case, with one table of names: a path is looked up among the notes of its last name.
@Suite("Wiki link resolver")
struct WikiLinkResolverTests {
    @Test func pathsAreFoundThroughTheirNames() {
        var links = WikiLinkResolver(paths: ["Work/Deep/Plan.md", "Plan.md", "Home/Plan.md", "Work/Café.md", "Inbox.md"])
        #expect(links.resolve("Work/Deep/Plan") == "Work/Deep/Plan.md")
        #expect(links.resolve("/home/plan.md") == "Home/Plan.md")
        #expect(links.resolve("Plan") == "Plan.md")
        #expect(links.resolve("inbox") == "Inbox.md")
        #expect(links.resolve("work/CAFÉ") == "Work/Café.md")
        #expect(links.resolve("Other/Plan") == nil, "a path that is not a note's, though its name is")
        #expect(links.resolve("Work/") == nil)
        #expect(links.resolvePath("work/deep/plan.md") == "Work/Deep/Plan.md")
        #expect(links.resolvePath("Deep/Plan.md") == nil, "a path is not looked up by name")
        links.remove("Work/Deep/Plan.md")
        #expect(links.resolve("Work/Deep/Plan") == nil)
        links.remove("Plan.md")
        links.remove("Plan.md")
        #expect(links.resolve("plan") == "Home/Plan.md")
        links.remove("Home/Plan.md")
        #expect(links.resolve("plan") == nil)
    }

    /// Two notes whose paths differ only in case (possible on Linux) are both targets: the
    /// name finds the first by byte order, as does the path, and removing one leaves the
    /// other found.
    @Test func pathsThatDifferOnlyInCaseStayFound() {
        var links = WikiLinkResolver(paths: ["notes/plan.md", "Notes/Plan.md"])
        links.add("Notes/Plan.md")
        #expect(links.resolve("NOTES/PLAN") == "Notes/Plan.md")
        #expect(links.resolve("plan") == "Notes/Plan.md")
        links.remove("Notes/Plan.md")
        #expect(links.resolve("Notes/Plan") == "notes/plan.md")
        #expect(links.resolvePath("NOTES/plan.md") == "notes/plan.md")
    }
}
