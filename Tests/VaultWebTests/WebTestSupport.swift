import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// A copy of `vault-example` in a temporary directory, and the server's routes over it,
/// driven without a socket (Hummingbird's router test client, whose requests name
/// `localhost`, that is port 80).
final class WebFixture: @unchecked Sendable {
    let path: String
    let server: VaultServer
    let router: Router<BasicRequestContext>
    let live: LiveIndex
    let events = EventHub()

    static let examplePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("vault-example").path

    init(options: ServeOptions = ServeOptions(host: "127.0.0.1", port: 80)) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("vaultweb-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: Self.examplePath, toPath: path)
        let session = try VaultSession.open(explicit: path, workingDirectory: path)
        server = VaultServer(session: session, options: options)
        (router, live) = try server.makeRouter(events: events)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var csrf: String { server.csrfToken }

    func read(_ relative: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path + "/" + relative) ?? Data(), as: UTF8.self)
    }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + relative))
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }

    /// Runs `body` with a client of the routes.
    func test(_ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        try await body(RouterClient(router: router))
    }
}

/// A response body as JSON.
func json(_ response: TestResponse) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView), options: [.fragmentsAllowed])
}

func object(_ response: TestResponse) throws -> [String: Any] {
    try #require(try json(response) as? [String: Any])
}

func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

/// A JSON body from a dictionary.
func body(_ value: [String: Any]) throws -> ByteBuffer {
    ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: value))
}

extension HTTPFields {
    static func changing(_ csrf: String, _ more: HTTPFields = [:]) -> HTTPFields {
        var fields = more
        fields[HTTPField.Name("X-CSRF-Token")!] = csrf
        return fields
    }
}

/// A note path as the page writes it in a URL: each segment encoded alone.
func urlPath(_ path: String) -> String {
    path.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? "" }
        .joined(separator: "/")
}

/// git run in a directory as a fixed author, with no system or user configuration read
/// (`HOME` is the directory itself); fails the test when git does.
enum TestGit {
    static func run(in directory: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in ["GIT_AUTHOR_NAME": "Ann", "GIT_AUTHOR_EMAIL": "ann@example.com", "GIT_COMMITTER_NAME": "Ann",
                             "GIT_COMMITTER_EMAIL": "ann@example.com", "GIT_CONFIG_NOSYSTEM": "1", "HOME": directory] {
            environment[key] = value
        }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }
}
