import ArgumentParser
import Foundation
import VaultKit
import VaultMCP

struct McpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the vault to an assistant over MCP (stdin/stdout).",
        discussion: """
            Speaks the Model Context Protocol on standard input and output,
            for Claude Desktop, Claude Code or any stdio client (docs/mcp.md).
            Notes whose front matter says private: true are never shown.
            The mcp: section of .vault/config.yaml (folders, readOnly) sets
            the scope; --folder and --read-only narrow it further.
            A running vault serve of the vault answers the reading tools
            (unless --no-server); without one they scan.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Flag(name: .customLong("read-only"), help: "Offer no tool that changes the vault.") var readOnly = false
    @Option(name: .customLong("folder"), help: ArgumentHelp("Only this folder (and its subfolders) is visible and writable; repeatable.", valueName: "NAME"))
    var folders: [String] = []

    func run() async throws {
        let session = try global.openSession()
        let server = VaultMCPServer(session: session, folders: folders, readOnly: readOnly, version: VaultCommand.configuration.version,
                                    server: runningServer(session))
        try await server.run()
    }

    /// How a running `vault serve` of the vault is asked for the reading tools' answers, as
    /// the other commands ask it (`VAULT_SERVER`, `--no-server`); nil: never.
    private func runningServer(_ session: VaultSession) -> RunningServer? {
        let environment = ProcessInfo.processInfo.environment
        let mode = environment["VAULT_SERVER"] ?? "auto"
        guard mode != "off", !global.noServer else { return nil }
        let client = ServedCallClient(root: session.root.path, workingDirectory: FileManager.default.currentDirectoryPath,
                                      environment: environment, required: mode == "require")
        return { call in try client.ask(call) }
    }
}
