import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
import VaultPlatform
@testable import VaultWeb

/// The server's half of "nothing outside the vault": no route reads or writes through a
/// symbolic link planted in the vault, and the access checks compare and parse what they
/// are given rather than match text.
@Suite("Web: nothing outside the vault")
struct OutsideVaultWebTests {
    /// A fixture with `rootlink → /` and `Linked`, `attachments` → a folder outside.
    private func makeFixture() throws -> (WebFixture, outside: String) {
        let fixture = try WebFixture()
        let outside = fixture.path + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("outside\n".utf8).write(to: URL(fileURLWithPath: outside + "/outside.md"))
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/rootlink", withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/Linked", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/attachments", withDestinationPath: outside)
        return (fixture, outside)
    }

    private func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("a file through a linked folder is not served (3)")
    func noFileThroughALink() async throws {
        let (fixture, outside) = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try await fixture.test { client in
            try await client.execute(uri: "/files/rootlink/etc/passwd", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(!String(buffer: response.body).contains("root:"))
            }
            try await client.execute(uri: "/api/notes/Linked/outside.md", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("no save, create or upload lands outside through a link (3, 4)")
    func noWriteThroughALink() async throws {
        let (fixture, outside) = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let csrf = fixture.csrf
        try await fixture.test { client in
            var version = "0"
            try await client.execute(uri: "/api/notes/Linked/outside.md", method: .get) { response in
                if let found = try? object(response)["version"] as? String { version = found }
            }
            try await client.execute(uri: "/api/notes/Linked/outside.md", method: .put,
                                     headers: .changing(csrf, [.ifMatch: version]), body: try body(["text": "pwned\n"])) { response in
                #expect(response.status == .notFound)
            }
            for folder in ["Linked", "rootlink/tmp"] {
                try await client.execute(uri: "/api/notes", method: .post, headers: .changing(csrf),
                                         body: try body(["folder": folder, "text": "# Created through \(folder)\n"])) { response in
                    #expect(response.status != .created, "\(folder)")
                }
            }
            try await client.execute(uri: "/api/notes/Groceries.md/attachments?name=authorized_keys", method: .post,
                                     headers: .changing(csrf), body: ByteBuffer(string: "ssh-ed25519 AAAA attacker\n")) { response in
                #expect(response.status != .created)
            }
        }
        #expect(names(in: outside) == ["outside.md"])
        #expect(String(decoding: FileManager.default.contents(atPath: outside + "/outside.md") ?? Data(), as: UTF8.self) == "outside\n")
        #expect(!names(in: "/tmp").contains { $0.hasPrefix("Created through") })
    }

    /// Links to an outside folder at every level a write could pass through; every route
    /// that changes the vault is called, and not one byte outside may change.
    @Test("no API route changes a byte outside the vault, links planted at every level")
    func sentinel() async throws {
        let (fixture, outside) = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        for link in [".trash", ".vault/history", ".vault/cache", "Work/Linked"] {
            try? FileManager.default.removeItem(atPath: fixture.path + "/" + link)
            try FileManager.default.createSymbolicLink(atPath: fixture.path + "/" + link, withDestinationPath: outside)
        }
        let csrf = fixture.csrf
        let calls: [(HTTPRequest.Method, String, [String: Any])] = [
            (.post, "/api/notes", ["folder": "Linked", "text": "# a\n"]), (.post, "/api/notes", ["folder": "Work/Linked", "text": "# b\n"]),
            (.put, "/api/notes/Linked/outside.md", ["text": "pwned\n"]),
            (.patch, "/api/notes/Groceries.md", ["folder": "Linked"]), (.patch, "/api/notes/Groceries.md", ["pinned": true]),
            (.patch, "/api/notes/Groceries.md", ["addTags": ["x"]]), (.patch, "/api/notes/Ideas.md", ["title": "Linked"]),
            (.delete, "/api/notes/Ideas.md", [:]), (.post, "/api/notes/Inbox.md/duplicate", [:]),
            (.post, "/api/trash/restore", ["name": "Ideas"]), (.post, "/api/trash/empty", [:]),
            (.post, "/api/tags/rename", ["from": "work", "to": "job"]), (.post, "/api/tags/merge", ["sources": ["personal"], "into": "job"]),
            (.post, "/api/tags/color", ["tag": "job", "color": "red"]),
            (.post, "/api/folders", ["name": "Linked/Sub"]), (.post, "/api/folders/rename", ["from": "Personal", "to": "Linked"]),
            (.post, "/api/folders/delete", ["folder": "Reading"]), (.post, "/api/folders/color", ["folder": "Linked", "color": "red"]),
            (.post, "/api/tasks", ["text": "a task"]),
        ]
        let requests = try calls.map { ($0.0, $0.1, try JSONSerialization.data(withJSONObject: $0.2)) }
        try await fixture.test { client in
            for (method, uri, json) in requests {
                var version = "0"
                if method == .put { try await client.execute(uri: uri, method: .get) { version = (try? object($0)["version"] as? String) ?? "0" } }
                _ = try await client.execute(uri: uri, method: method, headers: .changing(csrf, [.ifMatch: version]), body: ByteBuffer(bytes: json))
                #expect(self.names(in: outside) == ["outside.md"], "after \(method) \(uri)")
            }
        }
        #expect(String(decoding: FileManager.default.contents(atPath: outside + "/outside.md") ?? Data(), as: UTF8.self) == "outside\n")
    }

    @Test("only loopback addresses are loopback, parsed, not matched as text (11)",
          arguments: [("127.0.0.1", true), ("127.3.4.5", true), ("::1", true), ("[::1]", true), ("localhost", true),
                      ("127.0.0.1.nip.io", false), ("127.evil.example", false), ("0.0.0.0", false), ("::", false), ("192.168.1.2", false)])
    func loopbackIsParsed(_ host: String, _ loopback: Bool) {
        #expect(ServeOptions(host: host, port: 8375).isLoopback == loopback)
    }

    @Test("a request with two Host headers is refused (11)")
    func twoHostHeaders() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/api/home", method: .get, headers: [HTTPField.Name("Host")!: "evil.example"]) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/home", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("a body over the limit is 413 with the limit, not a 500 with NIO's error (13)")
    func bodyOverTheLimit() async throws {
        let fixture = try WebFixture()
        let csrf = fixture.csrf
        let huge = String(repeating: "x", count: 17 << 20)
        try await fixture.test { client in
            try await client.execute(uri: "/api/notes", method: .post, headers: .changing(csrf), body: try body(["text": huge])) { response in
                #expect(response.status == .contentTooLarge)
                let error = try object(response)["error"] as? String
                #expect(error == "the request body is larger than 16 MB; nothing was changed")
            }
        }
    }

    @Test("on 0.0.0.0 the server answers to the machine's addresses and name and to --allow-host, no other (12)")
    func everyInterface() {
        let policy = AccessPolicy(options: ServeOptions(host: "0.0.0.0", port: 8375, allowedNames: ["Notes.example"]), csrfToken: "x")
        #expect(policy.allowedHosts.contains("notes.example:8375"))
        #expect(policy.allowedHosts.contains("127.0.0.1:8375"))
        #expect(policy.allowedHosts.contains("localhost:8375"))
        if let machine = Syscalls.hostName() { #expect(policy.allowedHosts.contains(machine.lowercased() + ":8375")) }
        for address in Syscalls.interfaceAddresses() where !address.contains(":") {
            #expect(policy.allowedHosts.contains(address + ":8375"))
        }
        #expect(!policy.allowedHosts.contains("evil.example:8375"))
        // Behind a proxy the name comes with the proxy's port, or none; and TLS ends there.
        #expect(policy.answers(to: "notes.example") && policy.answers(to: "notes.example:443"))
        #expect(!policy.answers(to: "evil.example") && !policy.answers(to: "notes.example.evil.example"))
        #expect(AccessPolicy.isSameOrigin("https://notes.example", host: "notes.example"))
        #expect(!AccessPolicy.isSameOrigin("https://evil.example", host: "notes.example"))
        let loopback = AccessPolicy(options: ServeOptions(host: "127.0.0.1", port: 8375), csrfToken: "x")
        #expect(loopback.allowedHosts == ["127.0.0.1:8375", "localhost:8375"])
    }

    @Test("tokens are compared in constant time, and all of them (11)")
    func tokenComparison() {
        #expect(ConstantTime.equal("secret-token", "secret-token"))
        #expect(!ConstantTime.equal("secret-token", "secret-tokem"))
        #expect(!ConstantTime.equal("secret-token", "secret-token-longer"))
        #expect(!ConstantTime.equal("", "x"))
        #expect(ConstantTime.equal("", ""))
    }
}
