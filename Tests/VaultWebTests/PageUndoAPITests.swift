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

/// Search as you type shows each match in its context.
@Suite("Match snippets") struct MatchSnippetAPITests {
    /// A typed search (`sort=relevance`) gives each row the words in their context, with
    /// their UTF-16 ranges; a list from the sidebar gives none.
    @Test func aTypedSearchShowsTheWordsInContext() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let notes = try await client.execute(uri: "/api/notes?q=budget&sort=relevance", method: .get) { response in
                try #require(try object(response)["notes"] as? [[String: Any]])
            }
            let matches = notes.compactMap { $0["match"] as? [String: Any] }
            #expect(!matches.isEmpty)
            for match in matches {
                let text = try #require(match["text"] as? String)
                let ranges = try #require(match["ranges"] as? [[Int]])
                #expect(!ranges.isEmpty)
                let utf16 = Array(text.utf16)
                for range in ranges {
                    let word = String(decoding: utf16[range[0]..<range[1]], as: UTF16.self)
                    #expect(word.lowercased() == "budget", "\(text)")
                }
            }
            try await client.execute(uri: "/api/notes?q=budget&group=month", method: .get) { response in
                let notes = try #require(try object(response)["notes"] as? [[String: Any]])
                #expect(notes.allSatisfy { $0["match"] == nil })
            }
        }
    }
}
