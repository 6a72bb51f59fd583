import Foundation
import Testing

/// docs/history.md and docs/file-format.md: a merge killed partway is completed by running it again.
@Suite("Tag merge interrupted")
struct TagMergeCrashTests {
    @Test("a merge of thousands of notes killed partway, then run again: every note merged, none corrupted, history consistent")
    func killedMergeIsCompleted() throws {
        let vault = try TestVault()
        let count = 2_000
        var bodies: [String: String] = [:]
        for index in 0..<count {
            let id = index % 4 == 0 ? "" : "id: note-\(index)\n"
            let tags = index % 2 == 0 ? "tags: [a, other]" : "tags:\n  - keep\n  - b"
            let body = "# Note \(index)\n\nBody \(index).\n"
            bodies["F\(index % 5)/n\(index).md"] = body
            try vault.write("F\(index % 5)/n\(index).md", "---\n\(id)\(tags)\n---\n\(body)")
        }
        let killed = try vault.run("tag", "merge", "a", "b", "--into", "c", "--test-crash", "after:700")
        #expect(killed.status != 0, "\(killed)")
        let history = try vault.names(in: ".vault/history")
        #expect(history.count == 1)
        #expect(try vault.text(".vault/history/" + history[0]).contains("state: started"))

        let again = try vault.run("tag", "merge", "a", "b", "--into", "c")
        #expect(again.status == 0, "\(again)")
        #expect(try vault.names(in: ".vault/history") == history, "the same record is completed")
        let record = try vault.text(".vault/history/" + history[0])
        #expect(record.contains("state: done"))
        #expect(record.components(separatedBy: "\n  - id: ").count - 1 == count)

        // Every note parses, has c and neither source, keeps its body, and has an id.
        let list = try vault.run("list", "--format", "json", "--no-cache")
        #expect(list.status == 0 && list.stderr == "", "\(list)")
        let notes = try list.jsonObjects()
        #expect(notes.count == count)
        for note in notes {
            let path = note["path"] as? String ?? ""
            let tags = note["tags"] as? [String] ?? []
            #expect(note["error"] is NSNull, "\(path)")
            #expect(tags.contains("c") && !tags.contains("a") && !tags.contains("b"), "\(path): \(tags)")
            #expect(note["id"] as? String != nil, "\(path)")
            #expect(try vault.text(path).hasSuffix(try #require(bodies[path])), "\(path)")
        }
        let check = try vault.run("check")
        #expect(check.status == 0, "\(check)")
    }
}
