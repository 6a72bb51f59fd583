import Foundation
import Testing

/// docs/file-format.md: writes are atomic, so a crash leaves the old note or the new one.
@Suite("Crash safety")
struct CrashTests {
    @Test("a crash after the temporary file is written and before the rename leaves the note as it was")
    func crashBeforeRename() throws {
        let vault = try TestVault()
        let text = "---\nid: crash-1\ntags: [work]\n---\n# Crash me\n\nBody.\n"
        try vault.write("Crash me.md", text)
        try vault.write("Other.md", "# Other\n")
        try vault.setModificationTime("Crash me.md", .past)
        try vault.setModificationTime("Other.md", .past)
        // A first command, so that whatever vault keeps for itself in .vault/ exists
        // before the snapshot.
        #expect(try vault.run("list").status == 0)
        let before = try vault.snapshot()

        let crashed = try vault.run("pin", "Crash me", "--test-crash", "before-rename")

        #expect(crashed.status != 0, "the process should have died:\n\(crashed)")
        #expect(crashed.stdout == "", "nothing may be reported as pinned:\n\(crashed)")
        #expect(try vault.text("Crash me.md") == text)
        #expect(try vault.modificationTime("Crash me.md") == .past)

        // Nothing but hidden files (a temporary file) may have appeared.
        let changes = try vault.snapshot().differences(from: before)
        #expect(changes.allSatisfy { $0.hasPrefix("added: .") || $0.hasPrefix("added: .vault/") }, "\(changes)")

        // The vault still lists the note, once, and never the temporary file beside it.
        let list = try vault.run("list", "--format", "json")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr == "")
        let paths = try list.jsonObjects().compactMap { $0["path"] as? String }.sorted()
        #expect(paths == ["Crash me.md", "Other.md"])
        let listing = try vault.run("list", "--no-snippet")
        #expect(!listing.stdout.contains(".tmp"), "\(listing)")
        #expect(!listing.stdout.contains("vault-"), "\(listing)")
        #expect(listing.stdoutLines.count == 2, "\(listing)")

        // And the note can still be pinned afterwards.
        let again = try vault.run("pin", "Crash me")
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout == "pinned Crash me.md\n")
        #expect(try vault.text("Crash me.md") == "---\nid: crash-1\ntags: [work]\npinned: true\n---\n# Crash me\n\nBody.\n")
        // That write also removed the dead process' temporary file.
        let left = try vault.snapshot().differences(from: before)
        #expect(left.allSatisfy { !$0.contains(".tmp") }, "\(left)")
    }

    @Test("the crash hook stops pin at the note's own write: the new text is complete in a hidden file beside it")
    func crashAtTheNoteWrite() throws {
        let vault = try TestVault()
        try vault.write("Crash me.md", "---\nid: crash-2\n---\n# Crash me\n")
        try vault.setModificationTime("Crash me.md", .past)
        #expect(try vault.run("list").status == 0)
        let before = try vault.snapshot()

        let crashed = try vault.run("pin", "Crash me", "--test-crash", "before-rename")
        #expect(crashed.status != 0, "\(crashed)")
        #expect(try vault.text("Crash me.md") == "---\nid: crash-2\n---\n# Crash me\n")

        let added = try vault.snapshot().differences(from: before)
        try #require(added.count == 1, "\(added)")
        let temporary = String(added[0].dropFirst("added: ".count))
        #expect(temporary.hasPrefix(".Crash me.md"), "\(temporary)")
        #expect(try vault.text(temporary) == "---\nid: crash-2\npinned: true\n---\n# Crash me\n")
    }

    @Test("a crash while pinning a note of the example vault loses nothing")
    func crashInExample() throws {
        let vault = try TestVault.example()
        for (path, entry) in try vault.snapshot().entries {
            if case .file = entry, path.hasSuffix(".md") { try vault.setModificationTime(path, .past) }
        }
        #expect(try vault.run("list").status == 0)
        let before = try vault.snapshot()
        let crashed = try vault.run("pin", "Work/Windows Line Endings.md", "--test-crash", "before-rename")
        #expect(crashed.status != 0, "\(crashed)")
        // Only a hidden temporary file may have appeared; every note is as it was.
        let differences = try vault.snapshot().differences(from: before)
        #expect(differences.allSatisfy { $0.hasPrefix("added: Work/.Windows Line Endings.md") || $0.hasPrefix("added: .vault/") }, "\(differences)")
        #expect(try vault.bytes("Work/Windows Line Endings.md") == Array(try Data(contentsOf: TestVault.exampleVault.appendingPathComponent("Work/Windows Line Endings.md"))))
        let home = try vault.run("--format", "json").jsonObject()
        #expect(home["notes"] as? Int == 47)
        #expect(home["pinned"] as? Int == 6)
    }
}
