import Foundation
import Testing

/// An undo takes back all of its operation or nothing (docs/history.md), and a rename on a
/// vault written in Obsidian undoes byte for byte.
@Suite("exact undo")
struct ExactUndoTests {
    private func lastID(_ vault: TestVault) throws -> String {
        String(try #require(try vault.run("history").stdoutLines.last).prefix(8))
    }

    private func withoutHistory(_ differences: [String]) -> [String] {
        differences.filter { !$0.hasPrefix("added: .vault/history") }
    }

    /// The help vault's `Settings` links to itself; its rename and undo left 149 links broken.
    @Test func aSelfLinkingRenameUndoesByteForByte() throws {
        let vault = try TestVault()
        try vault.createDirectory("Help")
        try vault.write("Help/Settings.md", "See [[Settings#Editor]] and [[Settings]].\n\n## Editor\n[[Other]] [x](Settings.md)\n")
        try vault.write("Other.md", "Open [[Settings]], [[Help/Settings#Editor|the editor]] and [s](Help/Settings.md).\n")
        try vault.write("Third.md", "![[Settings]]\n")
        let before = try vault.snapshot()
        let rename = try vault.run("rename", "Help/Settings", "Preferences")
        #expect(rename.status == 0, "\(rename)")
        #expect(try vault.text("Help/Preferences.md") == "See [[Preferences#Editor]] and [[Preferences]].\n\n## Editor\n[[Other]] [x](Preferences.md)\n")
        #expect(try vault.text("Other.md") == "Open [[Preferences]], [[Help/Preferences#Editor|the editor]] and [s](Help/Preferences.md).\n")
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        #expect(withoutHistory(try vault.snapshot().differences(from: before)) == [])
    }

    /// Its title heading changes too: the note has an edit on each side of its move, and the
    /// undo checked the second against the file as the first had not yet been taken back
    /// (so the note stayed renamed while its links were set back: the help vault's case).
    @Test func aSelfLinkingNoteTitledByItsHeadingUndoesByteForByte() throws {
        let vault = try TestVault()
        try vault.write("Settings.md", "---\npermalink: settings\n---\n## Settings\n\nSee [[Settings#Open Settings]].\n\n## Open Settings\n")
        try vault.write("Other.md", "Open [[Settings]].\n")
        let before = try vault.snapshot()
        #expect(try vault.run("rename", "Settings", "Preferences").status == 0)
        #expect(try vault.text("Preferences.md") == "---\npermalink: settings\n---\n## Preferences\n\nSee [[Preferences#Open Settings]].\n\n## Open Settings\n")
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        #expect(withoutHistory(try vault.snapshot().differences(from: before)) == [])
    }

    /// A heading that was the title is renamed with the note: links to that heading follow.
    @Test func aLinkToTheRenamedHeadingFollows() throws {
        let vault = try TestVault()
        try vault.write("B.md", "# B\n\ntext\n")
        try vault.write("A.md", "[[B#B]] and [[B#Other]] and [[B]]\n")
        let rename = try vault.run("rename", "B", "C")
        #expect(rename.status == 0, "\(rename)")
        #expect(try vault.text("C.md") == "# C\n\ntext\n")
        #expect(try vault.text("A.md") == "[[C#C]] and [[C#Other]] and [[C]]\n")
        #expect(try vault.run("undo", try lastID(vault)).status == 0)
        #expect(try vault.text("A.md") == "[[B#B]] and [[B#Other]] and [[B]]\n")
        #expect(try vault.text("B.md") == "# B\n\ntext\n")
    }

    /// A new title that names the same file (`B?` is written `B.md`) still changes the
    /// heading: links to it follow.
    @Test func aHeadingRenamedInPlaceCarriesItsLinks() throws {
        let vault = try TestVault()
        try vault.write("B.md", "# B\n")
        try vault.write("A.md", "[[B#B]]\n")
        try vault.write("B.md", "# B\n\nsee [[#B]]\n")
        let rename = try vault.run("rename", "B", "B?")
        #expect(rename.status == 0, "\(rename)")
        #expect(try vault.text("B.md") == "# B?\n\nsee [[#B?]]\n")
        #expect(try vault.text("A.md") == "[[B#B?]]\n")
    }

    /// The renamed note changed since: the undo changes nothing and says why; a dry run says
    /// the same; taking back the rest is a choice the user makes.
    @Test func anUndoThatCannotTakeBackEveryFileChangesNothing() throws {
        let vault = try TestVault()
        try vault.write("A.md", "# A\n\nsee [[B]]\n")
        try vault.write("B.md", "# B\n")
        #expect(try vault.run("rename", "B", "C").status == 0)
        let id = try lastID(vault)
        try vault.write("C.md", "# C\n\nedited since\n")
        let afterEdit = try vault.snapshot()
        let dry = try vault.run("undo", id, "--dry-run")
        #expect(dry.status == 1, "\(dry)")
        #expect(dry.stderr.contains("C.md"), "\(dry)")
        let undo = try vault.run("undo", id)
        #expect(undo.status == 1, "\(undo)")
        #expect(undo.stderr.contains("C.md: error: left as it is: it changed since"), "\(undo)")
        #expect(undo.stderr.contains("--partial"), "\(undo)")
        #expect(withoutHistory(try vault.snapshot().differences(from: afterEdit)) == [], "nothing changed")
        let partial = try vault.run("undo", id, "--partial")
        #expect(partial.status == 1, "\(partial)")
        #expect(try vault.text("A.md") == "# A\n\nsee [[C]]\n", "a link is not set back to a note that is not back")
        #expect(try vault.text("C.md") == "# C\n\nedited since\n")
    }
}

/// Links in properties are links: backlinks, check and rename see them (Obsidian 1.4+
/// indexes and rewrites them; 16 notes were left pointing at an old name).
@Suite("property links")
struct PropertyLinkCommandTests {
    @Test func aRenameRewritesPropertyLinksAndUndoPutsThemBack() throws {
        let vault = try TestVault()
        try vault.write("Plan.md", "# Plan\n")
        let child = "---\nrelated: \"[[Plan]]\"\nup: ['[[Plan#Goals]]', \"[[Gone]]\"]\n---\n# Child\n"
        try vault.write("Child.md", child)
        let backlinks = try vault.run("backlinks", "Plan")
        #expect(backlinks.stdoutLines.count == 2, "\(backlinks)")
        let check = try vault.run("check")
        #expect(check.stdout.contains("Child.md:3:25: warning: broken link: no note is 'Gone'"), "\(check)")
        let before = try vault.snapshot()
        #expect(try vault.run("rename", "Plan", "Plan B").status == 0)
        #expect(try vault.text("Child.md") == "---\nrelated: \"[[Plan B]]\"\nup: ['[[Plan B#Goals]]', \"[[Gone]]\"]\n---\n# Child\n")
        let id = String(try #require(try vault.run("history").stdoutLines.last).prefix(8))
        #expect(try vault.run("undo", id).status == 0)
        #expect(try vault.snapshot().differences(from: before).filter { !$0.hasPrefix("added: .vault/history") } == [])
    }
}
