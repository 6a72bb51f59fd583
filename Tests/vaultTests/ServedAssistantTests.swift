import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `vault mcp` answering its reading tools from a running `vault serve`: the same answers as
/// a scan, in and out of a scope; and a server that is not a good one (silent, talking
/// garbage, taking the call and never answering, another vault's behind a link) is not
/// believed: the call is answered from a scan.
@Suite(.serialized)
struct ServedAssistantTests {
    /// The reading tools' calls compared, each with arguments that reach its paging, scope
    /// and errors.
    nonisolated(unsafe) static let calls: [(String, [String: Any])] = [
        ("search_notes", ["query": "plan"]), ("search_notes", ["query": "", "limit": 2, "cursor": "1"]),
        ("search_notes", ["query": "secret"]), ("search_notes", ["query": "(("]),
        ("list_notes", ["limit": 100]), ("list_notes", ["folder": "Work"]), ("list_tags", [:]), ("list_folders", [:]),
        ("tasks", [:]), ("read_note", ["note": "Groceries"]), ("read_note", ["note": "Secret plan"]),
    ]

    static func vault() throws -> TestVault {
        let vault = try TestVault.example()
        try vault.write("Personal/Secret plan.md", "---\nprivate: true\n---\n# Secret plan\n\nA secret plan.\n")
        return vault
    }

    /// Each call's whole result from `vault mcp` on `vault`.
    static func answers(_ vault: TestVault, arguments: [String] = [], server: String?, calls: [(String, [String: Any])] = calls) throws -> [String] {
        let assistant = try Assistant(vault, arguments: arguments, environment: ["VAULT_SERVER": server])
        defer { assistant.stop() }
        return try calls.map { try assistant.result($0.0, $0.1) }
    }

    @Test func aRunningServerAnswersAsAScanWould() throws {
        let vault = try Self.vault()
        let server = try ServerAnswerTests.serve(vault)
        defer { ServerAnswerTests.stop(server) }
        for scope in [[], ["--folder", "Work"], ["--read-only", "--folder", "Personal"]] {
            let served = try Self.answers(vault, arguments: scope, server: "require")
            let scanned = try Self.answers(vault, arguments: scope, server: "off")
            #expect(served == scanned, "\(scope)")
            #expect(!served[0].contains("\"isError\":true"), "\(served[0])")
        }
        // A note written meanwhile is in the server's next answer (it settles first).
        try vault.write("Work/Zebra.md", "# Zebra\n\nzebra stripes\n")
        let zebra = [("search_notes", ["query": "zebra"] as [String: Any])]
        let served = try Self.answers(vault, server: "require", calls: zebra)
        #expect(served == (try Self.answers(vault, server: "off", calls: zebra)))
        #expect(served[0].contains("Zebra.md"), "\(served)")
    }

    @Test(arguments: [FakeServer.Behaviour.silent, .garbage, .takesAndHangs, .takesAndCloses])
    func aBadServerIsNotBelieved(_ behaviour: FakeServer.Behaviour) throws {
        let vault = try Self.vault()
        let scanned = try Self.answers(vault, server: "off", calls: Array(Self.calls.prefix(2)))
        let fake = try FakeServer(at: vault.url(".vault/tmp/serve.sock").path, behaviour)
        defer { fake.stop() }
        #expect(try Self.answers(vault, server: nil, calls: Array(Self.calls.prefix(2))) == scanned)
        // It was asked, and it did not answer.
        #expect(fake.connections > 0)
        // One that hangs up at once fails a call that must be answered by a server (one that
        // stays silent would be waited for as long as such a call waits).
        if behaviour == .garbage || behaviour == .takesAndCloses {
            let required = try Self.answers(vault, server: "require", calls: [Self.calls[0]])
            #expect(required[0].contains("\"isError\":true") && required[0].contains("vault serve did not answer"), "\(required)")
        }
    }

    /// Another vault's server reached through a link (the socket, or `.vault/tmp`): never
    /// asked, however it would answer.
    @Test(arguments: [".vault/tmp/serve.sock", ".vault/tmp"])
    func anotherVaultsServerBehindALinkIsNotAsked(_ linked: String) throws {
        let (vault, other) = (try Self.vault(), try TestVault.example())
        try other.write("Work/Only there.md", "# Only there\n\nplan of the other vault\n")
        let server = try ServerAnswerTests.serve(other)
        defer { ServerAnswerTests.stop(server) }
        try FileManager.default.createDirectory(at: vault.url(".vault/tmp"), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: vault.url(linked))
        try FileManager.default.createSymbolicLink(at: vault.url(linked), withDestinationURL: other.url(linked))
        let scanned = try Self.answers(vault, server: "off")
        #expect(try Self.answers(vault, server: nil) == scanned)
        #expect(!scanned[0].contains("Only there"))
        let required = try Self.answers(vault, server: "require", calls: [Self.calls[0]])
        #expect(required[0].contains("vault serve did not answer"), "\(required)")
    }
}

/// Something listening at a vault's command socket that is no `vault serve`: it reads what
/// it is sent and answers as `behaviour` says.
final class FakeServer: @unchecked Sendable {
    enum Behaviour: Sendable, Equatable {
        /// Never says a word.
        case silent
        /// Answers what is not the protocol, and hangs up.
        case garbage
        /// Takes the call (`A`), then never answers it.
        case takesAndHangs
        /// Takes the call, then hangs up.
        case takesAndCloses
    }

    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false
    private var open: [Int32] = []
    private var count = 0
    private let finished = DispatchSemaphore(value: 0)

    var connections: Int { lock.withLock { count } }

    init(at path: String, _ behaviour: Behaviour) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8).prefix($0.count - 1)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
        guard bound, listen(listener, 16) == 0 else { throw CLIError("cannot listen at \(path)") }
        let thread = Thread { [self] in
            defer { finished.signal() }
            while !lock.withLock({ stopped }) {
                var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 50) > 0 else { continue }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                lock.withLock {
                    count += 1
                    open.append(connection)
                }
                // The request (the descriptors sent with it are dropped).
                var buffer = [UInt8](repeating: 0, count: 65536)
                _ = read(connection, &buffer, buffer.count)
                switch behaviour {
                case .silent: break
                case .garbage:
                    _ = write(connection, "{\"not\": \"an answer\"}\n\0\0\0\0", 25)
                    close(connection)
                    lock.withLock { open.removeAll { $0 == connection } }
                case .takesAndHangs:
                    _ = write(connection, "A", 1)
                case .takesAndCloses:
                    _ = write(connection, "A", 1)
                    close(connection)
                    lock.withLock { open.removeAll { $0 == connection } }
                }
            }
        }
        thread.start()
    }

    func stop() {
        lock.withLock { stopped = true }
        finished.wait()
        lock.withLock { open.forEach { close($0) } }
        close(listener)
    }
}
