import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// Issue 52, the editor you can trust: saves that merge a change made elsewhere, the file
/// following its title once and undoably, `created` kept, files attached at the caret.
@Suite("Editing") struct EditingWebTests {
    func read(_ client: RouterClient, _ path: String) async throws -> [String: Any] {
        try await client.execute(uri: "/api/notes/" + urlPath(path), method: .get) { try object($0) }
    }

    @Test func aSaveWithItsBaseMergesAChangeOnAnotherLine() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let note = try await read(client, "Inbox.md")
            let base = try #require(note["text"] as? String), version = try #require(note["version"] as? String)
            try fixture.write("Inbox.md", base.replacingOccurrences(of: "- call the landlord", with: "- call the landlord (written by a script)"))
            let mine = base + "- typed in the page\n"
            try await client.execute(
                uri: "/api/notes/Inbox.md", method: .put, headers: .changing(fixture.csrf, [.ifMatch: version]), body: try body(["text": mine, "base": base])
            ) { response in
                #expect(response.status == .ok)
                try #expect(object(response)["merged"] as? Bool == true)
            }
            let saved = fixture.read("Inbox.md")
            #expect(saved.contains("(written by a script)") && saved.hasSuffix("- typed in the page\n"), "\(saved)")
            // The same line changed on both sides: still the 412 a person resolves.
            let now = try await read(client, "Inbox.md")
            let version2 = try #require(now["version"] as? String), base2 = try #require(now["text"] as? String)
            try fixture.write("Inbox.md", base2.replacingOccurrences(of: "- book the car service", with: "- book it (disk)"))
            try await client.execute(
                uri: "/api/notes/Inbox.md", method: .put, headers: .changing(fixture.csrf, [.ifMatch: version2]),
                body: try body(["text": base2.replacingOccurrences(of: "- book the car service", with: "- book it (page)"), "base": base2])
            ) { response in
                #expect(response.status == .preconditionFailed)
            }
            #expect(fixture.read("Inbox.md").contains("- book it (disk)"))
        }
    }

    @Test func theFileFollowsTheHeadingOnceAndTheRenameIsUndone() async throws {
        let fixture = try WebFixture()
        try fixture.write("Personal/Trip plan.md", "# Trip plan\n\nDraft.\n")
        try fixture.write("Personal/Trips.md", "# Trips\n\nSee [[Trip plan]].\n")
        await fixture.live.refresh(["Personal/Trip plan.md", "Personal/Trips.md"])
        try await fixture.test { client in
            let note = try await read(client, "Personal/Trip plan.md")
            let before = try #require(note["text"] as? String), version = try #require(note["version"] as? String)
            try await client.execute(
                uri: "/api/notes/" + urlPath("Personal/Trip plan.md"), method: .put, headers: .changing(fixture.csrf, [.ifMatch: version]),
                body: try body(["text": "# Lisbon trip\n\nDraft.\n"])
            ) { response in #expect(response.status == .ok) }
            // A save renames nothing: the editor is not left yet.
            #expect(fixture.exists("Personal/Trip plan.md"))
            let recordID = try await client.execute(
                uri: "/api/notes/" + urlPath("Personal/Trip plan.md") + "/follow-title", method: .post, headers: .changing(fixture.csrf),
                body: try body(["before": before])
            ) { response in
                #expect(response.status == .ok)
                let answer = try object(response)
                #expect(answer["path"] as? String == "Personal/Lisbon trip.md")
                let renamed = try #require(answer["renamed"] as? [String: Any])
                #expect(renamed["from"] as? String == "Personal/Trip plan.md")
                return try #require(renamed["recordID"] as? String)
            }
            #expect(fixture.read("Personal/Trips.md").contains("[[Lisbon trip]]"))
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": recordID])) { response in
                #expect(response.status == .ok)
            }
            #expect(fixture.read("Personal/Trip plan.md") == "# Lisbon trip\n\nDraft.\n", "the undo takes back the rename, not the typing")
            #expect(fixture.read("Personal/Trips.md").contains("[[Trip plan]]"))
        }
    }

    @Test func aParagraphOrANoteNamedOtherwiseKeepsItsName() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            // "Quick thought.md" opens with a paragraph that did not name it.
            for (path, edit) in [("Quick thought.md", ("Maybe the Monday", "Perhaps the Monday")), ("Inbox.md", ("# Inbox", "# Inbox zero"))] {
                let note = try await read(client, path)
                let before = try #require(note["text"] as? String), version = try #require(note["version"] as? String)
                let text = before.replacingOccurrences(of: edit.0, with: edit.1)
                try await client.execute(
                    uri: "/api/notes/" + urlPath(path), method: .put, headers: .changing(fixture.csrf, [.ifMatch: version]), body: try body(["text": text])
                ) { response in #expect(response.status == .ok) }
                try await client.execute(
                    uri: "/api/notes/" + urlPath(path) + "/follow-title", method: .post, headers: .changing(fixture.csrf), body: try body(["before": before])
                ) { response in
                    let answer = try object(response)
                    if path == "Inbox.md" {
                        // Named after its heading: it follows.
                        #expect(answer["path"] as? String == "Inbox zero.md")
                    } else {
                        #expect(answer["path"] as? String == path)
                        #expect(answer["renamed"] == nil)
                    }
                }
            }
        }
    }

    @Test func createdStaysAtTheFirstSaveOfANoteWithoutIt() async throws {
        let fixture = try WebFixture()
        try fixture.write("Dated.md", "---\nid: d1\n---\n# Dated\n\nText.\n")
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: fixture.path + "/Dated.md")
        try await fixture.test { client in
            let note = try await read(client, "Dated.md")
            let created = try #require(note["created"] as? String), version = try #require(note["version"] as? String)
            let text = try #require(note["text"] as? String) + "More.\n"
            try await client.execute(
                uri: "/api/notes/Dated.md", method: .put, headers: .changing(fixture.csrf, [.ifMatch: version]), body: try body(["text": text])
            ) { response in
                #expect(response.status == .ok)
                try #expect(object(response)["created"] as? String == created)
            }
        }
    }

    @Test func aFileAttachedAtTheCaretLeavesTheNoteToTheEditor() async throws {
        let fixture = try WebFixture()
        let before = fixture.read("Ideas.md")
        try await fixture.test { client in
            try await client.execute(
                uri: "/api/notes/Ideas.md/attachments?name=x-ray.png&link=caret", method: .post, headers: .changing(fixture.csrf), body: ByteBuffer(string: "png")
            ) { response in
                #expect(response.status == .created)
                try #expect(object(response)["link"] as? String == "![[x-ray.png]]")
            }
            #expect(fixture.read("Ideas.md") == before)
            #expect(fixture.exists("attachments/x-ray.png"))
        }
    }
}
