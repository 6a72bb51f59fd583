import Foundation
import Testing

/// `vault mcp` runs the assistant's protocol from a program of its own, `vault-mcp`,
/// installed beside `vault`: the MCP SDK brings Foundation's networking and, through it,
/// libcurl and some thirty libraries that every other command would load for nothing
/// (docs/architecture.md, "Two executables").
struct AssistantProgramTests {
    /// The `vault` executable as these tests run it.
    static func binary() throws -> URL { try CLI.binary.get() }

    @Test func theVaultProgramLoadsNoNetworkingLibrary() throws {
        let bytes = try Data(contentsOf: Self.binary(), options: .alwaysMapped)
        // A library the dynamic loader maps is named in the binary's dynamic section.
        #expect(bytes.range(of: Data("libcurl.so".utf8)) == nil)
        #expect(bytes.range(of: Data("libFoundationNetworking".utf8)) == nil)
    }

    @Test func theAssistantProgramIsBesideIt() throws {
        let beside = try Self.binary().deletingLastPathComponent().appendingPathComponent("vault-mcp")
        #expect(FileManager.default.isExecutableFile(atPath: beside.path))
    }

    /// `vault` copied alone into a folder of its own, with `beside` (a name and what to make
    /// of it there) next to it; the folder is removed after `body`.
    static func alone(with beside: ((URL) throws -> Void)? = nil, _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vault-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: binary(), to: folder.appendingPathComponent("vault"))
        try beside?(folder.appendingPathComponent("vault-mcp"))
        try body(folder)
    }

    static let ping = Data("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n".utf8)

    @Test func mcpWithoutTheAssistantProgramSaysWhereItLooked() throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        try Self.alone { folder in
            let result = try CLI.run(folder.appendingPathComponent("vault"), ["--vault", vault.root.path, "mcp", "--read-only"], in: vault.root, stdin: Self.ping)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "vault: error: vault mcp needs vault-mcp beside vault, and \(folder.path)/vault-mcp is not there\n")
        }
        #expect(try vault.snapshot() == before)
    }

    @Test func anAssistantProgramThatDoesNotRunIsSaid() throws {
        let vault = try TestVault.example()
        try Self.alone(with: { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) }) { folder in
            let result = try CLI.run(folder.appendingPathComponent("vault"), ["--vault", vault.root.path, "mcp"], in: vault.root, stdin: Self.ping)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "vault: error: vault mcp needs vault-mcp beside vault, and \(folder.path)/vault-mcp is a folder\n")
        }
    }

    /// `vault` copied or linked as `vault-mcp` ran itself again, forever.
    @Test(arguments: ["copy", "link"]) func vaultItselfAsTheAssistantProgramSaysSo(_ how: String) throws {
        let vault = try TestVault.example()
        try Self.alone(with: { beside in
            let vault = beside.deletingLastPathComponent().appendingPathComponent("vault")
            if how == "copy" { try FileManager.default.copyItem(at: vault, to: beside) } else { try FileManager.default.createSymbolicLink(at: beside, withDestinationURL: vault) }
        }) { folder in
            let result = try CLI.run(folder.appendingPathComponent("vault"), ["--vault", vault.root.path, "mcp"], in: vault.root, stdin: Self.ping)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "vault: error: vault mcp needs vault-mcp beside vault, and \(folder.path)/vault-mcp is vault itself\n")
        }
    }

    /// A `VAULT_MCP_RUN_BY` that `vault` did not set (exported, or inherited) is not
    /// believed: `vault mcp` runs, and `vault-mcp` run by hand asks the server of the
    /// `vault` beside it.
    @Test func aRunByVariableFromElsewhereIsNotBelieved() throws {
        let vault = try TestVault.example()
        let binary = try Self.binary()
        let elsewhere: [String: String?] = ["VAULT_MCP_RUN_BY": "/bin/sh"]
        let pinged = try CLI.run(binary, ["--vault", vault.root.path, "mcp"], in: vault.root, stdin: Self.ping, environment: elsewhere)
        #expect(pinged.status == 0)
        #expect(pinged.stdout == "{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{}}\n")
        let server = try ServerAnswerTests.serve(vault)
        defer { ServerAnswerTests.stop(server) }
        let assistant = binary.deletingLastPathComponent().appendingPathComponent("vault-mcp")
        let call = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_folders\",\"arguments\":{}}}\n"
        for runBy in ["/bin/sh", "/nowhere/vault"] {
            let served = try CLI.run(assistant, ["--vault", vault.root.path, "mcp"], in: vault.root, stdin: Data(call.utf8),
                                     environment: ["VAULT_MCP_RUN_BY": runBy, "VAULT_SERVER": "require"])
            #expect(served.status == 0)
            #expect(served.stdout.contains("\"structuredContent\":{\"complete\":true"), "\(runBy): \(served.stdout)")
        }
    }

    /// Installed as links (a package manager's layout): the program the link names runs,
    /// and a running `vault serve` of the `vault` that ran it answers its reading tools.
    @Test func anAssistantProgramBehindALinkRunsAndIsAnswered() throws {
        let vault = try TestVault.example()
        let real = try Self.binary().deletingLastPathComponent().appendingPathComponent("vault-mcp")
        try Self.alone(with: { try FileManager.default.createSymbolicLink(at: $0, withDestinationURL: real) }) { folder in
            let binary = folder.appendingPathComponent("vault")
            let result = try CLI.run(binary, ["--vault", vault.root.path, "mcp"], in: vault.root, stdin: Self.ping)
            #expect(result.status == 0)
            #expect(result.stdout == "{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{}}\n")
            let server = try ServerAnswerTests.serve(vault, binary: binary)
            defer { ServerAnswerTests.stop(server) }
            let call = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_folders\",\"arguments\":{}}}\n"
            let served = try CLI.run(binary, ["--vault", vault.root.path, "mcp"], in: vault.root, stdin: Data(call.utf8), environment: ["VAULT_SERVER": "require"])
            #expect(served.status == 0)
            #expect(served.stdout.contains("\"structuredContent\":{\"complete\":true"), "\(served.stdout)")
            #expect(!served.stdout.contains("isError"), "\(served.stdout)")
        }
    }
}
