import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// The History tab's and Recently deleted's endpoints: what `vault log`, `vault diff` and
/// `vault restore` answer, from the same use cases (issue 38).
@Suite("History API") struct HistoryAPITests {
    /// Runs git in the fixture's vault as a fixed author.
    private func git(_ fixture: WebFixture, _ arguments: String...) throws {
        try TestGit.run(in: fixture.path, arguments)
    }

    private func commit(_ fixture: WebFixture, _ message: String) throws {
        try git(fixture, "add", "-A")
        try git(fixture, "commit", "-q", "-m", message)
    }

    @Test func versionsDiffRestoreAndUndo() async throws {
        let fixture = try WebFixture()
        try git(fixture, "init", "-q", "-b", "main")
        let first = "---\nid: plan\ntags: [work, draft]\n---\n# Plan\n\nShip the first version in May.\n"
        try fixture.write("Plan.md", first)
        try commit(fixture, "one")
        let second = "---\nid: plan\ntags: [work, q4]\n---\n# Plan\n\nShip the second version in May.\n"
        try fixture.write("Plan.md", second)
        try commit(fixture, "two")
        try await fixture.test { client in
            let versions = try await client.execute(uri: "/api/notes/Plan.md/versions", method: .get) { response in
                #expect(response.status == .ok)
                return try #require(try json(response) as? [[String: Any]])
            }
            #expect(versions.map { $0["kinds"] as? [String] ?? [] } == [["tags", "text"], ["created"]], "\(versions)")
            #expect(versions.first?["author"] as? String == "Ann")
            let oldest = try #require(versions.last?["commit"] as? String)
            let newest = try #require(versions.first?["commit"] as? String)

            try await client.execute(uri: "/api/notes/Plan.md/diff?from=\(oldest)&to=\(newest)", method: .get) { response in
                #expect(response.status == .ok)
                let diff = try object(response)
                #expect((diff["text"] as? String)?.hasSuffix("\nShip the [-first-]{+second+} version in May.") == true, "\(diff)")
                let words = try #require(diff["words"] as? [[String: Any]])
                #expect(words.contains { $0["kind"] as? String == "removed" && $0["text"] as? String == "first" })
                #expect(words.contains { $0["kind"] as? String == "added" && $0["text"] as? String == "second" })
                let properties = try #require(diff["properties"] as? [[String: Any]])
                #expect(properties.first?["key"] as? String == "tags" && properties.first?["added"] as? [String] == ["q4"])
            }

            let recordID = try await client.execute(uri: "/api/notes/Plan.md/restore", method: .post, headers: .changing(fixture.csrf), body: try body(["at": oldest])) { response in
                #expect(response.status == .ok)
                let answer = try object(response)
                #expect(answer["changed"] as? Bool == true)
                return answer["recordID"] as? String
            }
            #expect(fixture.read("Plan.md") == first, "byte for byte the version chosen")
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": try #require(recordID)])) { response in
                #expect(response.status == .ok)
            }
            #expect(fixture.read("Plan.md") == second)
        }
    }

    @Test func recentlyDeletedListsAndRestoresANotePurgedFromTheTrash() async throws {
        let fixture = try WebFixture()
        try git(fixture, "init", "-q", "-b", "main")
        try commit(fixture, "the example")
        let ideas = fixture.read("Ideas.md")
        try await fixture.test { client in
            _ = try await client.execute(uri: "/api/notes/Ideas.md", method: .delete, headers: .changing(fixture.csrf))
            try commit(fixture, "deleted")
            _ = try await client.execute(uri: "/api/trash/empty", method: .post, headers: .changing(fixture.csrf))
            try commit(fixture, "purged")
            let deleted = try await client.execute(uri: "/api/deleted", method: .get) { response in
                #expect(response.status == .ok)
                return try #require(try json(response) as? [[String: Any]])
            }
            let listed = try #require(deleted.first { $0["path"] as? String == "Ideas.md" }, "\(deleted)")
            #expect(listed["title"] as? String == "Ideas" && listed["text"] as? String == ideas)
            let recordID = try await client.execute(uri: "/api/deleted/restore", method: .post, headers: .changing(fixture.csrf), body: try body(["path": "Ideas.md"])) { response in
                #expect(response.status == .ok)
                let answer = try object(response)
                #expect(answer["path"] as? String == "Ideas.md" && answer["renamed"] as? Bool == false)
                return answer["recordID"] as? String
            }
            #expect(fixture.read("Ideas.md") == ideas, "its last text, byte for byte")
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": try #require(recordID)])) { response in
                #expect(response.status == .ok)
            }
            #expect(!fixture.exists("Ideas.md") && fixture.exists(".trash/Ideas.md"), "undo puts it in the trash again")
            try await client.execute(uri: "/api/deleted/restore", method: .post, headers: .changing(fixture.csrf), body: try body(["path": "Never there.md"])) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func aVaultGitDoesNotKeepSaysSo() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/api/notes/Ideas.md/versions", "/api/deleted"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest)
                    let answer = try object(response)
                    // The words name no command: the suggestion is for the page to offer.
                    #expect(answer["error"] as? String == "the vault is not a git repository, so no versions of its notes are kept")
                    #expect((answer["suggestion"] as? [String: Any])?["kind"] as? String == "setUpSync")
                }
            }
        }
    }
}
