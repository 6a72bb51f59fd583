import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// A running server follows `.vault/config.yaml` as it changes (issue 50): it kept the
/// settings it started with, so an upload went to `attachments/` after the folder was
/// set to `files`.
@Suite("the server's settings follow the file")
struct ConfigReloadWebTests {
    @Test func anUploadGoesToTheFolderTheSettingsNameNow() async throws {
        let fixture = try WebFixture()
        let csrf = fixture.csrf
        try fixture.write(".vault/config.yaml", fixture.read(".vault/config.yaml") + "attachments:\n  folder: files\n")
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes/Groceries.md/attachments?name=receipt.png", method: .post,
                                     headers: .changing(csrf), body: ByteBuffer(string: "png bytes")) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
            }
        }
        #expect(fixture.exists("files/receipt.png"), "the folder the settings name now")
        #expect(!fixture.exists("attachments/receipt.png"))
    }
}
