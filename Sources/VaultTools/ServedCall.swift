import Foundation
import VaultKit

/// A reading tool's call as `vault mcp` hands it to a running `vault serve` of the same
/// vault, and the server's answer: the same `VaultTools` code runs there under the same
/// scope, taking its notes from what the server holds instead of a scan, so that the answer
/// is the scan's, in milliseconds.
///
/// Everything here crosses a socket: the answer is untrusted input to `vault mcp`, bounded
/// and decoded strictly, and anything else than a tool's result is no answer (the call
/// is then answered from a scan).
package struct ServedCall: Sendable, Equatable {
    /// The longest answer taken: a tool's result is bounded (`AssistantBounds`) far below.
    package static let answerLimit = 1 << 20

    /// The tool's name (`search_notes`).
    package let tool: String
    /// The tool's arguments, as JSON.
    package let arguments: String
    /// The assistant's scope, as JSON (`AssistantScope`).
    package let scope: String

    package init(tool: String, arguments: String, scope: String) {
        self.tool = tool
        self.arguments = arguments
        self.scope = scope
    }

    /// The call of `tool` with `arguments` under `scope`.
    package init(tool: String, arguments: [String: JSONValue]?, scope: AssistantScope) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        self.tool = tool
        self.arguments = JSONValue.object(arguments ?? [:]).json
        self.scope = (try? encoder.encode(scope)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// True when a running server can answer `tool`: it only reads, and reads nothing the
    /// server's vault lacks.
    package static func isServed(_ tool: String) -> Bool { VaultTools.servedTools.contains(tool) }

    /// The answer, as the server gives it: the tool's result (or its error) as JSON; nil when
    /// the call is not one a server answers (a writing tool, a scope or arguments that do
    /// not read), and the client answers it itself.
    package func answer(session: VaultSession, live: SettledVault) -> [UInt8]? {
        guard Self.isServed(tool),
              let scope = try? JSONDecoder().decode(AssistantScope.self, from: Data(scope.utf8)),
              let arguments = try? JSONDecoder().decode([String: JSONValue].self, from: Data(arguments.utf8))
        else { return nil }
        let tools = VaultTools(sessions: CurrentSession(session), scope: scope, live: live)
        let result = tools.answer(tool, arguments)
        return (try? JSONEncoder().encode(result)).map(Array.init)
    }

    /// The tool's result in `bytes`, the server's answer; nil when it is none (too long,
    /// not JSON, not a tool's result, or a text copy that is not its structured content).
    package static func result(from bytes: [UInt8]) -> ToolResult? {
        guard bytes.count <= answerLimit, let result = try? JSONDecoder().decode(ToolResult.self, from: Data(bytes)) else { return nil }
        return result.isConsistent ? result : nil
    }
}

/// Asks a running `vault serve` of the vault for a reading tool's answer (`ServedCall`):
/// the bytes it answered, or nil when none answered (none runs, it declined, did not answer
/// in time, or is not ours), and the call is answered from a scan. Throws when a server
/// had to answer and did not.
package typealias RunningServer = @Sendable (ServedCall) throws -> [UInt8]?
