import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform
import VaultTools

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

    /// In `vault`, which does not link the protocol: becomes `vault-mcp`, with the same
    /// arguments, which serves through `serve(with:)`.
    func run() async throws {
        guard let program = Executables.beside(Executables.assistant) else { throw AssistantProgramMissing(path: Executables.assistant) }
        let error = Syscalls.replaceProcess(with: program, arguments: [program] + CommandLine.arguments.dropFirst())
        throw AssistantProgramMissing(path: program, reason: error.isNotFound ? nil : error.reason)
    }

    /// Serves the vault to an assistant through `frontEnd`, until the client closes
    /// standard input.
    func serve(with frontEnd: AssistantFrontEnd) async throws {
        let session = try global.openSession()
        try await frontEnd.serve(session, AssistantScope.configured(session.config, folders: folders, readOnly: readOnly),
                                 VaultCommand.configuration.version, runningServer(session))
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

    /// `vault mcp` run where no `vault-mcp` is installed beside `vault`.
    struct AssistantProgramMissing: Error, CustomStringConvertible {
        let path: String
        var reason: String? = nil

        var description: String {
            if let reason { return "vault mcp could not run \(path): \(reason)" }
            return "vault mcp needs \(Executables.assistant) beside vault, and \(path) is not there"
        }
    }
}
