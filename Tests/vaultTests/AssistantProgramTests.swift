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

    @Test func mcpWithoutTheAssistantProgramSaysWhereItLooked() throws {
        let vault = try TestVault.example()
        let alone = FileManager.default.temporaryDirectory.appendingPathComponent("vault-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: alone) }
        let copy = alone.appendingPathComponent("vault")
        try FileManager.default.copyItem(at: Self.binary(), to: copy)
        let before = try vault.snapshot()
        let result = try CLI.run(copy, ["--vault", vault.root.path, "mcp", "--read-only"], in: vault.root,
                                 stdin: Data("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n".utf8))
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "vault: error: vault mcp needs vault-mcp beside vault, and \(alone.path)/vault-mcp is not there\n")
        #expect(try vault.snapshot() == before)
    }
}
