import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// What the page's query builder reads: a query as its tree (so that text typed in the
/// search box shows as rows and groups), and the fields the language has.
@Suite("Query builder API") struct QueryBuilderAPITests {
    @Test func aQueryComesBackAsItsTree() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let q = "(tag:work OR #personal) AND NOT is:pinned budget \"two words\" modified:>=2026-01-01"
            let answer = try await client.execute(uri: "/api/query?q=" + (q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""), method: .get) { response in
                #expect(response.status == .ok)
                return try object(response)
            }
            let tree = try #require(answer["tree"] as? [String: Any])
            let all = try #require(tree["all"] as? [[String: Any]])
            #expect(all.count == 5)
            let any = try #require(all[0]["any"] as? [[String: Any]])
            #expect(any.compactMap { $0["term"] as? String } == ["tag:work", "tag:personal"])
            let not = try #require(all[1]["not"] as? [String: Any])
            #expect(not["term"] as? String == "is:pinned")
            #expect(all[2]["term"] as? String == "budget")
            #expect(all[3]["term"] as? String == "\"two words\"")
            #expect(all[4]["term"] as? String == "modified:>=2026-01-01")
        }
    }

    @Test func anEmptyOrMalformedQuery() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/query?q=", method: .get) { response in
                #expect(response.status == .ok)
                let tree = try #require(try object(response)["tree"] as? [String: Any])
                #expect((tree["all"] as? [Any])?.isEmpty == true)
            }
            try await client.execute(uri: "/api/query?q=(tag:work", method: .get) { response in
                #expect(response.status == .badRequest)
                let column = try object(response)["column"] as? Int
                #expect(column == 10)
            }
        }
    }

    @Test func theVocabularyListsTheFields() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let fields = try await client.execute(uri: "/api/vocabulary", method: .get) { response in
                try #require(try object(response)["fields"] as? [[String: Any]])
            }
            let names = fields.compactMap { $0["name"] as? String }
            #expect(names == QueryField.all.map(\.name))
            #expect(names.contains("tag") && names.contains("due") && names.contains("modified"))
            #expect(fields.allSatisfy { ($0["meaning"] as? String)?.isEmpty == false })
        }
    }
}
