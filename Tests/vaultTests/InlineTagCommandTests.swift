import Foundation
import Testing

/// Inline `#tags` seen by every command, as front-matter tags are (docs/file-format.md).
@Suite("inline tags")
struct InlineTagCommandTests {
    @Test func listSearchAndRenameSeeInlineTags() throws {
        let vault = try TestVault.example()
        let list = try vault.run("tag", "list")
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.contains("hiring"), "\(list)")
        for query in ["#hiring", "tag:hiring"] {
            let found = try vault.run("search", query, "--paths")
            #expect(found.stdout == "Work/Meetings/1-1 with Dana.md\n", "\(query): \(found)")
        }
        let rename = try vault.run("tag", "rename", "hiring", "recruiting")
        #expect(rename.status == 0, "\(rename)")
        let text = try vault.text("Work/Meetings/1-1 with Dana.md")
        #expect(text.contains("- Raised the #recruiting question again;"))
        #expect(try vault.run("search", "#hiring", "--paths").stdout == "")
    }

    @Test func theConfigTurnsThemOff() throws {
        let vault = try TestVault.example()
        try vault.write(".vault/config.yaml", "tags:\n  inline: false\n")
        #expect(!(try vault.run("tag", "list").stdout.contains("hiring")))
        #expect(try vault.run("search", "#hiring", "--paths").status == 1)
    }

    /// A merge of tags written inline and in lists is undone byte for byte (its undo is a split).
    @Test func undoingAMergePutsBackEveryByte() throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        #expect(try vault.run("tag", "merge", "finance", "running", "--into", "costs").status == 0)
        let id = String(try #require(try vault.run("history").stdoutLines.last).prefix(8))
        let undo = try vault.run("undo", id)
        #expect(undo.status == 0, "\(undo)")
        // The merge gave notes without an id one; nothing else differs.
        let after = try vault.snapshot().differences(from: before).filter { !$0.hasPrefix("added: .vault/history") }
        for path in after.map({ $0.replacingOccurrences(of: "changed: ", with: "") }) {
            let text = try vault.text(path).replacingOccurrences(of: #"id: [0-9a-f-]+\n"#, with: "", options: .regularExpression)
            guard case .file(let data)? = before.entries[path] else {
                Issue.record("\(path) was not a file before")
                continue
            }
            let original = String(decoding: data, as: UTF8.self).replacingOccurrences(of: #"id: [0-9a-f-]+\n"#, with: "", options: .regularExpression)
            #expect(text == original, "\(path)")
        }
    }
}
