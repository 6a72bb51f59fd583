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

    /// Never run: `VaultCommand.main` serves through `serve(with:)` in `vault-mcp`, and
    /// calls `becomeAssistant(runBy:)` in `vault`.
    func run() async throws {
        try await becomeAssistant(runBy: nil)
    }

    /// In `vault`, which does not link the protocol: becomes `vault-mcp`, with the same
    /// arguments, which serves through `serve(with:)`. `runBy` is the `vault` that ran this
    /// one as `vault-mcp`, if one did.
    func becomeAssistant(runBy: String?) async throws {
        guard let own = Syscalls.executablePath(), let program = Executables.beside(Executables.assistant) else {
            throw AssistantProgramMissing.unknownFolder
        }
        if runBy == own { throw AssistantProgramMissing.isVault(program) }
        let error = Syscalls.replaceProcess(with: program, arguments: [program] + CommandLine.arguments.dropFirst(), setting: Executables.runBy, to: own)
        switch Syscalls.status(program, in: Syscalls.currentDirectory)?.kind {
        case nil: throw AssistantProgramMissing.notThere(program)
        case .directory?: throw AssistantProgramMissing.folder(program)
        default: throw AssistantProgramMissing.notRun(program, error)
        }
    }

    /// Serves the vault to an assistant through `frontEnd`, until the client closes
    /// standard input.
    func serve(with frontEnd: AssistantFrontEnd) async throws {
        let session = try global.openSession()
        try await frontEnd.serve(session, AssistantScope.configured(session.config, folders: folders, readOnly: readOnly),
                                 VaultCommand.configuration.version, runningServer(session, vault: frontEnd.runBy ?? Executables.beside(Executables.vault)))
    }

    /// How a running `vault serve` of the vault, by the program `vault`, is asked for the
    /// reading tools' answers, as the other commands ask it (`VAULT_SERVER`, `--no-server`);
    /// nil: never.
    private func runningServer(_ session: VaultSession, vault: String?) -> RunningServer? {
        let environment = ProcessInfo.processInfo.environment
        let mode = environment["VAULT_SERVER"] ?? "auto"
        guard mode != "off", !global.noServer else { return nil }
        let client = ServedCallClient(root: session.root.path, workingDirectory: FileManager.default.currentDirectoryPath,
                                      environment: environment, vault: vault, required: mode == "require")
        return { call in try client.ask(call) }
    }

    /// `vault mcp` where `vault-mcp` beside `vault` does not run.
    enum AssistantProgramMissing: Error, CustomStringConvertible {
        /// The running program's path is unknown (no `/proc`).
        case unknownFolder
        case notThere(String)
        case folder(String)
        /// `vault-mcp` is a copy or a link of `vault`, which was run as it.
        case isVault(String)
        case notRun(String, SystemError)

        var description: String {
            switch self {
            case .unknownFolder: "vault mcp needs vault-mcp beside vault, and the folder vault runs from is unknown"
            case .notThere(let path): "vault mcp needs vault-mcp beside vault, and \(path) is not there"
            case .folder(let path): "vault mcp needs vault-mcp beside vault, and \(path) is a folder"
            case .isVault(let path): "vault mcp needs vault-mcp beside vault, and \(path) is vault itself"
            case .notRun(let path, let error) where error.isNotFound:
                "vault mcp could not run \(path): a link to nothing, or a program whose interpreter is missing"
            case .notRun(let path, let error): "vault mcp could not run \(path): \(error.reason)"
            }
        }
    }
}
