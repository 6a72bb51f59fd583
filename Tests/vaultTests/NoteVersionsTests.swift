import Foundation
import Testing

/// `vault log NOTE`: a note's versions from git, followed through moves, renames and the
/// trash (issue 38).
@Suite("note versions")
struct NoteVersionsTests {
    private func commit(_ vault: TestVault, _ message: String, author: String = "Ann") throws {
        try SyncTests.git("add", "-A", in: vault.root)
        try SyncTests.git("commit", "-q", "--author", "\(author) <\(author.lowercased())@example.com>", "-m", message, in: vault.root)
    }

    private func log(_ vault: TestVault, _ note: String) throws -> [[String: Any]] {
        let result = try vault.run("log", note, "--format", "json")
        #expect(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
    }

    @Test func everyVersionWithWhatItChangedFollowingMovesAndTheTrash() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Plan.md", "---\nid: plan\ntags: [work]\n---\n# Plan\n\nOne.\n")
        try vault.createDirectory("Work")
        try commit(vault, "made")
        #expect(try vault.run("tag", "add", "Plan", "#q4").status == 0)
        try commit(vault, "tagged", author: "Bo")
        #expect(try vault.run("mv", "Plan", "Work").status == 0)
        try commit(vault, "moved")
        #expect(try vault.run("rename", "Work/Plan", "Roadmap").status == 0)
        try commit(vault, "renamed")
        #expect(try vault.run("pin", "Roadmap").status == 0)
        try commit(vault, "pinned")
        #expect(try vault.run("rm", "Roadmap").status == 0)
        try commit(vault, "deleted")
        #expect(try vault.run("trash", "restore", "Roadmap").status == 0)
        try commit(vault, "restored")
        try vault.write("Work/Roadmap.md", try vault.text("Work/Roadmap.md") + "\nTwo.\n")

        let versions = try log(vault, "Roadmap")
        #expect(versions.map { $0["kinds"] as? [String] ?? [] } == [
            ["text"], ["restored"], ["deleted"], ["pin"], ["renamed", "text"], ["moved"], ["tags"], ["created"],
        ], "\(versions)")
        #expect(versions[0]["commit"] is NSNull, "the edit not committed yet comes first")
        #expect(versions.map { $0["path"] as? String ?? "" } == [
            "Work/Roadmap.md", "Work/Roadmap.md", ".trash/Roadmap.md", "Work/Roadmap.md", "Work/Roadmap.md", "Work/Plan.md", "Plan.md", "Plan.md",
        ])
        #expect(versions[6]["author"] as? String == "Bo")
        let text = try vault.run("log", "Roadmap")
        #expect(text.stdout.split(separator: "\n").count == 8, "\(text)")
        #expect(text.stdout.contains("(not committed)") && text.stdout.contains("  Bo   tags  Plan.md\n"), "\(text)")
    }

    @Test func aVaultGitDoesNotKeepSaysHowToMakeItOne() throws {
        let vault = try TestVault()
        try vault.write("Plan.md", "# Plan\n")
        let result = try vault.run("log", "Plan")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: the vault is not a git repository, so no versions of its notes are kept; vault sync --setup makes it one (vault init --git makes a new vault with one)\n")
    }
}
