import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// Saved searches in the app (issue 54): every query the API takes reads `@name` with the
/// searches the settings have now, and `/api/searches` lists, saves, renames and removes
/// them through `SaveSearches`, changing only their lines of `.vault/config.yaml`.
@Suite("Saved searches API") struct SavedSearchesWebTests {
    static let config = ".vault/config.yaml"

    private func paths(_ client: RouterClient, _ query: String) async throws -> Set<String> {
        let q = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try await client.execute(uri: "/api/notes?limit=1000&q=" + q, method: .get) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let notes = try #require(try object(response)["notes"] as? [[String: Any]])
            return Set(notes.compactMap { $0["path"] as? String })
        }
    }

    @Test func aQueryFindsWhatItsSavedSearchFinds() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            // Saved while the server runs: the next request reads the file as it is now.
            try fixture.write(Self.config, fixture.read(Self.config) + "searches:\n  week: tag:reading/book\n")
            let saved = try await paths(client, "@week")
            #expect(!saved.isEmpty)
            #expect(saved == (try await paths(client, "tag:reading/book")))
            #expect(try await paths(client, "@\"week\" AND tag:pkm") == ["Reading/How to take smart notes.md"])
            try await client.execute(uri: "/api/notes?q=@x", method: .get) { response in
                #expect(response.status == .badRequest)
                let answer = try object(response)
                #expect((answer["error"] as? String)?.contains("no saved search 'x'") == true, "\(answer)")
                #expect(answer["column"] as? Int == 1)
            }
            try await client.execute(uri: "/api/tasks?q=@x", method: .get) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/tasks?q=@week", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/api/query?q=@week", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func listingGivesEachSearchWithItsCountOrItsError() async throws {
        let fixture = try WebFixture()
        try fixture.write(Self.config, "searches:\n  books: tag:reading/book\n  broken: \"(tag:work\"\n")
        try await fixture.test { client in
            let searches = try await client.execute(uri: "/api/searches", method: .get) { response in
                #expect(response.status == .ok)
                return try #require(try object(response)["searches"] as? [[String: Any]])
            }
            #expect(searches.compactMap { $0["name"] as? String } == ["books", "broken"])
            #expect(searches[0]["query"] as? String == "tag:reading/book")
            #expect(searches[0]["count"] as? Int == (try await paths(client, "tag:reading/book")).count)
            #expect(searches[0]["error"] is NSNull)
            #expect(searches[1]["count"] is NSNull)
            #expect((searches[1]["error"] as? String)?.isEmpty == false)
        }
    }

    @Test func savingRenamingAndRemovingChangeOnlyTheirLines() async throws {
        let fixture = try WebFixture()
        let csrf = fixture.csrf
        let before = fixture.read(Self.config)
        try await fixture.test { client in
            try await client.execute(uri: "/api/searches", method: .post, headers: .changing(csrf),
                                     body: try body(["name": "books", "query": "tag:reading/book"])) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                let answer = try object(response)
                #expect(answer["name"] as? String == "books")
            }
            #expect(fixture.read(Self.config) == before + "searches:\n  books: tag:reading/book\n")
            // Saved again under its name: replaced.
            try await client.execute(uri: "/api/searches", method: .post, headers: .changing(csrf),
                                     body: try body(["name": "books", "query": "tag:reading"])) { response in
                #expect(response.status == .created)
            }
            #expect(fixture.read(Self.config) == before + "searches:\n  books: tag:reading\n")
            try await client.execute(uri: "/api/searches/books", method: .patch, headers: .changing(csrf),
                                     body: try body(["name": "to read"])) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let answer = try object(response)
                #expect(answer["name"] as? String == "to read")
            }
            #expect(fixture.read(Self.config) == before + "searches:\n  to read: tag:reading\n")
            #expect(!(try await paths(client, "@\"to read\"")).isEmpty)
            try await client.execute(uri: "/api/searches/to%20read", method: .delete, headers: .changing(csrf)) { response in
                #expect(response.status == .noContent)
            }
            #expect(fixture.read(Self.config) == before + "searches:\n")
        }
    }

    @Test func whatSaveSearchesRefusesIsSaidAndNothingChanges() async throws {
        let fixture = try WebFixture()
        let csrf = fixture.csrf
        let before = fixture.read(Self.config)
        try await fixture.test { client in
            try await client.execute(uri: "/api/searches", method: .post, headers: .changing(csrf),
                                     body: try body(["name": "bad", "query": "(tag:work"])) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/searches/nothing", method: .patch, headers: .changing(csrf),
                                     body: try body(["name": "other"])) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/searches/nothing", method: .delete, headers: .changing(csrf)) { response in
                #expect(response.status == .notFound)
            }
            // A change without the page's token is refused, as every change is.
            try await client.execute(uri: "/api/searches", method: .post,
                                     body: try body(["name": "books", "query": "tag:reading"])) { response in
                #expect(response.status == .forbidden)
            }
        }
        #expect(fixture.read(Self.config) == before)
    }

    @Test func setPropertyOnSeveralNotesIsOneUndo() async throws {
        let fixture = try WebFixture()
        let csrf = fixture.csrf
        let paths = ["Groceries.md", "Ideas.md"]
        let before = paths.map { fixture.read($0) }
        try await fixture.test { client in
            let recordID = try await client.execute(uri: "/api/properties", method: .post, headers: .changing(csrf),
                                                    body: try body(["paths": paths, "set": ["status": "draft"]])) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let answer = try object(response)
                #expect((answer["changed"] as? [String]).map(Set.init) == Set(paths))
                return try #require(answer["recordID"] as? String)
            }
            for path in paths { #expect(fixture.read(path).contains("\nstatus: draft\n")) }
            #expect(try await self.paths(client, "[status:draft]") == Set(paths))
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(csrf), body: try body(["id": recordID])) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
            }
            #expect(paths.map { fixture.read($0) } == before)
            // vault's own keys are refused, with why, and nothing is written.
            try await client.execute(uri: "/api/properties", method: .post, headers: .changing(csrf),
                                     body: try body(["paths": paths, "set": ["id": "x"]])) { response in
                #expect(response.status == .badRequest)
                let answer = try object(response)
                #expect((answer["error"] as? String)?.isEmpty == false)
            }
        }
        #expect(paths.map { fixture.read($0) } == before)
    }
}

@Suite("Saved searches in the query tree") struct SavedSearchTreeTests {
    @Test func aSavedSearchStaysOneTermOfTheTree() async throws {
        let fixture = try WebFixture()
        try fixture.write(".vault/config.yaml", "searches:\n  week: modified:7d OR tag:x\n  to read: tag:reading\n")
        try await fixture.test { client in
            let q = "@week AND NOT @\"to read\" [status:>=2]"
            let tree = try await client.execute(uri: "/api/query?q=" + (q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""), method: .get) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try #require(try object(response)["tree"] as? [String: Any])
            }
            let all = try #require(tree["all"] as? [[String: Any]])
            #expect(all.count == 3)
            #expect(all[0]["term"] as? String == "@week")
            #expect((all[1]["not"] as? [String: Any])?["term"] as? String == "@\"to read\"")
            #expect(all[2]["term"] as? String == "[status:>=2]")
            try await client.execute(uri: "/api/query?q=@wek", method: .get) { response in
                #expect(response.status == .badRequest)
                let answer = try object(response)
                #expect((answer["error"] as? String)?.contains("did you mean '@week'") == true, "\(answer)")
            }
        }
    }
}
