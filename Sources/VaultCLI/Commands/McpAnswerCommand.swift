import ArgumentParser
import VaultKit
import VaultTools
import VaultPlatform

/// `vault mcp-answer`: a reading tool's answer (`ServedCall`), as a running `vault serve`
/// gives it to `vault mcp` (`ServedCallClient`): the same tool code under the same scope,
/// from what the server holds. Not for people: it is answered only by a server.
struct McpAnswerCommand: ReadOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp-answer",
        abstract: "A tool's answer for vault mcp, from a running vault serve.",
        shouldDisplay: false
    )

    @OptionGroup var global: GlobalOptions
    @Option(name: .customLong("tool")) var tool: String
    @Option(name: .customLong("arguments")) var arguments: String
    @Option(name: .customLong("scope")) var scope: String

    /// The command line that has a server answer `call` for the vault at `root`.
    static func arguments(_ call: ServedCall, root: String) -> [String] {
        ["mcp-answer", "--vault", root, "--tool", call.tool, "--arguments=" + call.arguments, "--scope=" + call.scope]
    }

    func run() throws {
        // Without a server there is nothing it holds to answer from.
        guard let served = CommandAnswer.current,
              let answer = ServedCall(tool: tool, arguments: arguments, scope: scope).answer(session: served.session, live: served.vault)
        else { throw ExitCode(2) }
        answer.withUnsafeBytes { try? Syscalls.writeAll(served.output, $0) }
    }
}
