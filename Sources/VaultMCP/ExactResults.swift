import Foundation
import MCP
import VaultTools

/// A tool's result as the tools gave it. The SDK reads the result it sends again, and a
/// string in it that parses as a data URL (a note titled `data:,x`, in its structured
/// content, or in an error's words that name its path) came out re-encoded
/// (`data:text/plain;base64,eA==`), for an assistant to read and write back. So the
/// handler sends the exact result along as one JSON text under `key` in `_meta` (an
/// object's text starts with `{`, which no data URL does), and the transport sends that.
enum ExactResults {
    /// The field of `_meta` that carries the exact result: new in each process.
    static let key = "vault.result." + UUID().uuidString

    /// `result` as the SDK's, with itself as JSON text in `_meta`.
    static func carried(_ result: ToolResult) -> CallTool.Result {
        let exact = (try? JSONEncoder().encode(result)).map { String(decoding: $0, as: UTF8.self) }
        return CallTool.Result(content: [.text(text: result.text, annotations: nil, _meta: nil)], structuredContent: result.structured.map(Value.init),
                               isError: result.isError ? true : nil, _meta: exact.map { Metadata(additionalFields: [key: .string($0)]) })
    }

    /// `message` with each tool's result in it (one, or a batch's) replaced by the exact
    /// one it carries; any other message as it came.
    static func restoring(_ message: Data) -> Data {
        switch try? JSONDecoder().decode(JSONValue.self, from: message) {
        case .object(let response)?:
            guard let changed = Self.restored(response) else { return message }
            return Data(JSONValue.object(changed).json.utf8)
        case .array(let batch)?:
            let changed = batch.map { $0.objectValue.flatMap(Self.restored).map(JSONValue.object) ?? $0 }
            return changed == batch ? message : Data(JSONValue.array(changed).json.utf8)
        default:
            return message
        }
    }

    /// `response` with its result the exact one it carries; nil when it carries none.
    private static func restored(_ response: [String: JSONValue]) -> [String: JSONValue]? {
        guard case .string(let text)? = response["result"]?.objectValue?["_meta"]?.objectValue?[key],
              case .object(let exact)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        else { return nil }
        var response = response
        response["result"] = .object(exact)
        return response
    }
}
