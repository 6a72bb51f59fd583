import Foundation
import MCP
import VaultKit
import VaultTools

/// `vault mcp`: the Model Context Protocol over standard input and output, for an assistant
/// (Claude Desktop, Claude Code, any stdio client). Each request is answered under the
/// settings `.vault/config.yaml` has at that moment, within the scope the assistant was
/// given: a reading tool by a running `vault serve` of the vault when one answers
/// (`ServedCall`), else, as every other tool, from a scan through the cache. It never needs
/// `vault serve`.
package struct VaultMCPServer: Sendable {
    let tools: VaultTools
    let version: String
    let server: RunningServer?

    /// `scope` is what the assistant may see and change; `server` asks a running
    /// `vault serve` for the reading tools' answers.
    package init(session: VaultSession, scope: AssistantScope, version: String, server: RunningServer? = nil) {
        tools = VaultTools(sessions: CurrentSession(session), scope: scope)
        self.version = version
        self.server = server
    }

    /// The scope in force.
    package var scope: AssistantScope { tools.scope }

    /// Answers until the client closes standard input.
    package func run() async throws {
        let server = Server(
            name: "vault", version: version,
            instructions: "A folder of Markdown notes. Search or list to find notes, read_note before edit_note (it needs the version), and every write returns a record_id that undo takes.",
            capabilities: .init(tools: .init(listChanged: false))
        )
        let tools = self.tools, running = self.server
        let offered = ToolCatalog.tools(readOnly: tools.scope.readOnly)
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: offered) }
        await server.withMethodHandler(CallTool.self) { call in
            do {
                return ExactResults.carried(Self.answer(tools, call.name, try ExactArguments.unwrapped(call.arguments), server: running))
            } catch {
                return ExactResults.carried(ToolResult(failure: error))
            }
        }
        let transport = AnsweringTransport()
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        await transport.allAnswered()
    }

    /// The answer to one call: the running server's when it gives one, else this process's.
    static func answer(_ tools: VaultTools, _ name: String, _ arguments: [String: JSONValue]?, server: RunningServer?) -> ToolResult {
        if let server, ServedCall.isServed(name) {
            do {
                if let bytes = try server(ServedCall(tool: name, arguments: arguments, scope: tools.scope)), let result = ServedCall.result(from: bytes) {
                    return result
                }
            } catch {
                return ToolResult(failure: error)
            }
        }
        return tools.answer(name, arguments)
    }
}
