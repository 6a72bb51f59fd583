import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// The app as a phone installs it: a manifest with icons, and a share target that turns
/// what another app shares into a note or a task.
@Suite("Installable app and share target") struct ShareTargetTests {
    @Test func theManifestNamesIconsThatAreServedAndAShareTarget() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let manifest = try await client.execute(uri: "/manifest.webmanifest", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/manifest+json")
                return try object(response)
            }
            #expect(manifest["start_url"] as? String == "/" && manifest["display"] as? String == "standalone")
            let share = try #require(manifest["share_target"] as? [String: Any])
            #expect(share["action"] as? String == "/share" && share["method"] as? String == "GET")
            let icons = try #require(manifest["icons"] as? [[String: Any]])
            #expect(Set(icons.compactMap { $0["sizes"] as? String }).isSuperset(of: ["192x192", "512x512"]))
            for icon in icons {
                let source = try #require(icon["src"] as? String)
                try await client.execute(uri: source, method: .get) { response in
                    #expect(response.status == .ok, "\(source)")
                    #expect(response.headers[.contentType] == icon["type"] as? String, "\(source)")
                    #expect(response.body.readableBytes > 100, "\(source)")
                }
            }
            try await client.execute(uri: "/icons/nothing.png", method: .get) { response in #expect(response.status == .notFound) }
            // The page links the manifest; the share target's URL is the page.
            let page = try await client.execute(uri: "/", method: .get) { String(buffer: $0.body) }
            #expect(page.contains(#"<link rel="manifest" href="/manifest.webmanifest""#))
            try await client.execute(uri: "/share?title=A&text=b", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == page)
            }
        }
    }

    @Test func sharedTextBecomesANote() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let shared: [String: Any] = ["as": "note", "title": "Swift 6 migration", "text": "Worth reading.", "url": "https://swift.org/m"]
            let path = try await client.execute(uri: "/api/share", method: .post, headers: .changing(fixture.csrf), body: try body(shared)) { response in
                #expect(response.status == .created)
                return try #require(try object(response)["path"] as? String)
            }
            #expect(path == "Swift 6 migration.md")
            let text = fixture.read(path)
            #expect(text.hasSuffix("\n# Swift 6 migration\n\nWorth reading.\n\nhttps://swift.org/m\n"), "\(text)")
        }
    }

    @Test func sharedTextBecomesATaskInTheInbox() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let shared: [String: Any] = ["as": "task", "title": "Read this", "url": "https://example.org/x"]
            let note = try await client.execute(uri: "/api/share", method: .post, headers: .changing(fixture.csrf), body: try body(shared)) { response in
                #expect(response.status == .created)
                return try #require(try object(response)["note"] as? String)
            }
            #expect(fixture.read(note).contains("- [ ] Read this https://example.org/x ➕ "), "\(fixture.read(note))")
        }
    }

    @Test func nothingSharedOrAnUnknownKindChangesNothing() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let before = try FileManager.default.subpathsOfDirectory(atPath: fixture.path).sorted()
            for shared: [String: Any] in [["as": "note", "title": " ", "text": "\n"], ["as": "task"], ["as": "poem", "text": "x"]] {
                try await client.execute(uri: "/api/share", method: .post, headers: .changing(fixture.csrf), body: try body(shared)) { response in
                    #expect(response.status == .badRequest, "\(shared)")
                    let message = try object(response)["error"] as? String
                    #expect(message != nil)
                }
            }
            // Without the page's CSRF token a share is refused: the share target's GET
            // only shows the page, which asks before anything is written.
            try await client.execute(uri: "/api/share", method: .post, body: try body(["as": "note", "text": "x"])) { response in
                #expect(response.status == .forbidden)
            }
            #expect(try FileManager.default.subpathsOfDirectory(atPath: fixture.path).sorted() == before)
        }
    }
}
