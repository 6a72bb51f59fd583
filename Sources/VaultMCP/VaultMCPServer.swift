import Foundation
import MCP
import VaultKit

/// `vault mcp`: the Model Context Protocol over standard input and output, for an assistant
/// (Claude Desktop, Claude Code, any stdio client). Each request is answered from a scan
/// through the cache, under the settings `.vault/config.yaml` has at that moment, within
/// the scope the assistant was given; it never needs `vault serve`.
public struct VaultMCPServer: Sendable {
    let tools: VaultTools
    let version: String

    /// `folders` and `readOnly` narrow what `.vault/config.yaml`'s `mcp:` gives.
    public init(session: VaultSession, folders: [String], readOnly: Bool, version: String) {
        let scope = AssistantScope.configured(session.config, folders: folders, readOnly: readOnly)
        tools = VaultTools(sessions: CurrentSession(session), scope: scope)
        self.version = version
    }

    /// The scope in force.
    public var scope: AssistantScope { tools.scope }

    /// Answers until the client closes standard input.
    public func run() async throws {
        let server = Server(
            name: "vault", version: version,
            instructions: "A folder of Markdown notes. Search or list to find notes, read_note before edit_note (it needs the version), and every write returns a record_id that undo takes.",
            capabilities: .init(tools: .init(listChanged: false))
        )
        let tools = self.tools
        let offered = ToolCatalog.tools(readOnly: tools.scope.readOnly)
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: offered) }
        await server.withMethodHandler(CallTool.self) { call in
            Self.answer(tools, call.name, call.arguments)
        }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }

    /// The answer to one call: structured content and its text copy, or an error result.
    static func answer(_ tools: VaultTools, _ name: String, _ arguments: [String: Value]?) -> CallTool.Result {
        do {
            let content = Value.object(try tools.call(name, ToolArguments(arguments)))
            return CallTool.Result(content: [.text(text: Rendering.json(content), annotations: nil, _meta: nil)], structuredContent: Value?.some(content))
        } catch {
            return Rendering.error(error)
        }
    }
}
