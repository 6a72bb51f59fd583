import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// `POST /api/import`: the page's Import, the same report as `vault import --format json`,
/// undone as one operation, and the upload never left behind.
@Suite("import endpoint", .serialized)
struct ImportAPITests {
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <en-export><note><title>Imported</title><content><![CDATA[<en-note><div>From the page</div></en-note>]]></content>\
        <created>20240108T214113Z</created><updated>20240108T214144Z</updated></note>\
        <note><title>Locked</title><content><![CDATA[<en-note><en-crypt>QUJD</en-crypt></en-note>]]></content></note></en-export>

        """

    private func uploads() -> [String] {
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).filter { $0.hasPrefix("vault-upload-") }
    }

    @Test func anExportIsImportedReportedAndUndone() async throws {
        let fixture = try WebFixture()
        let csrf = fixture.csrf
        let leftBefore = Set(uploads())
        try await fixture.test { client in
            var recordID = ""
            try await client.execute(uri: "/api/import?format=enex&name=Web%20notebook.enex", method: .post,
                                     headers: .changing(csrf), body: body(Self.export)) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let report = try object(response)
                #expect(report["read"] as? Int == 2)
                #expect(report["written"] as? Int == 1)
                #expect(report["notes"] as? [String] == ["Web notebook/Imported.md"])
                #expect((report["skips"] as? [[String: Any]])?.first?["reason"] as? String == "encrypted")
                recordID = try #require(report["recordID"] as? String)
            }
            #expect(fixture.read("Web notebook/Imported.md").hasSuffix("source: Web notebook.enex/Imported/20240108T214113Z\n---\nFrom the page\n"))
            #expect(Set(uploads()) == leftBefore, "the upload is removed")
            try await client.execute(uri: "/api/undo", method: .post, headers: .changing(csrf), body: try body(["id": recordID])) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
            }
            #expect(!fixture.exists("Web notebook"))
        }
    }

    @Test func anUnknownFormatAndBadXMLWriteNothing() async throws {
        let fixture = try WebFixture()
        let csrf = fixture.csrf
        try await fixture.test { client in
            try await client.execute(uri: "/api/import?format=word&name=x.doc", method: .post, headers: .changing(csrf), body: body("x")) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/import?format=enex&name=Bad.enex", method: .post, headers: .changing(csrf),
                                     body: body("<en-export><note></en-export>")) { response in
                #expect(response.status != .ok)
                #expect(String(buffer: response.body).contains("Bad.enex:1:18: error: </en-export> does not close <note> (line 1:12)"), "\(String(buffer: response.body))")
            }
        }
        #expect(!fixture.exists("Bad"))
        #expect(!fixture.exists(".vault/history"))
    }
}
