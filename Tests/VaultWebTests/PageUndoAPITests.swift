import Foundation
import HTTPTypes
import Hummingbird
import Testing
@testable import VaultWeb

/// What the page needs to offer Undo after every action on one note, and to search as a
/// form writes a query.
@Suite("Page undo and query API") struct PageUndoAPITests {
    /// Every change of one note through PATCH names its recorded operation, and
    /// `POST /api/undo` with it takes the change back: the page's Undo toast.
    @Test func aChangeOfOneNoteIsRecordedForUndo() async throws {
        let fixture = try WebFixture()
        let path = "Work/Projects/Roadmap.md"
        let before = fixture.read(path)
        try await fixture.test { client in
            for change: [String: Any] in [["pinned": false], ["addTags": ["undoable"]], ["removeTags": ["work"]]] {
                let id = try await client.execute(uri: "/api/notes/" + urlPath(path), method: .patch, headers: .changing(fixture.csrf), body: try body(change)) { response in
                    #expect(response.status == .ok)
                    return try #require(try object(response)["recordID"] as? String, "\(change)")
                }
                #expect(fixture.read(path) != before, "\(change)")
                try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": id])) { response in
                    #expect(response.status == .ok)
                }
                #expect(fixture.read(path) == before, "\(change)")
            }
            let id = try await client.execute(uri: "/api/notes/" + urlPath(path), method: .patch, headers: .changing(fixture.csrf), body: try body(["title": "Road map"])) { response in
                try #require(try object(response)["recordID"] as? String)
            }
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(fixture.csrf), body: try body(["id": id])) { response in
                #expect(response.status == .ok)
            }
            #expect(fixture.read(path) == before)
        }
    }

    /// A form writes a space as `+`: `q=budget+OR+launch` is the query `budget OR launch`.
    @Test func aPlusInTheQueryIsASpace() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let spaced = try await client.execute(uri: "/api/notes?q=budget%20OR%20launch", method: .get) { response in
                try #require(try object(response)["total"] as? Int)
            }
            #expect(spaced > 0)
            try await client.execute(uri: "/api/notes?q=budget+OR+launch", method: .get) { response in
                try #expect(object(response)["total"] as? Int == spaced)
            }
            // An encoded plus is a plus.
            try await client.execute(uri: "/api/notes?q=%2Bzzz", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }
}

/// The backlinks section under a note.
@Suite("Backlinks API") struct BacklinksAPITests {
    /// `GET /api/notes/PATH/backlinks`: each link to the note with the linking note's title
    /// and the line the link is on.
    @Test func aNoteListsTheLinksToIt() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let places = try await client.execute(uri: "/api/notes/" + urlPath("Work/Projects/Alpha launch plan.md") + "/backlinks", method: .get) { response in
                #expect(response.status == .ok)
                return try #require(try json(response) as? [[String: Any]])
            }
            let roadmap = try #require(places.first { $0["note"] as? String == "Work/Projects/Roadmap.md" })
            #expect(roadmap["title"] as? String == "Roadmap")
            #expect((roadmap["line"] as? Int ?? 0) > 0)
            #expect((roadmap["text"] as? String)?.contains("[[Alpha launch plan") == true)
            try await client.execute(uri: "/api/notes/Nothing.md/backlinks", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
