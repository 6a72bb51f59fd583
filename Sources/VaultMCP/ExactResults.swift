import Foundation
import VaultTools

/// A tool's result as the tools gave it. The SDK reads the result it sends again, and a
/// string of `structuredContent` that parses as a data URL (a note titled `data:,x`) came
/// out re-encoded (`data:text/plain;base64,eA==`), for an assistant to read and write back.
/// The text copy beside it is the same value as JSON, exact: the transport puts the
/// structured content back from it.
enum ExactResults {
    /// `message` with its result's structured content read from its text copy, when it is
    /// a tool's result with both; any other message as it came.
    static func restoring(_ message: Data) -> Data {
        guard case .object(var response)? = try? JSONDecoder().decode(JSONValue.self, from: message),
              case .object(var result)? = response["result"], result["structuredContent"] != nil,
              case .array(let content)? = result["content"], content.count == 1, case .object(let item)? = content.first,
              item["type"] == "text", case .string(let text)? = item["text"],
              case .object(let exact)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        else { return message }
        guard result["structuredContent"] != .object(exact) else { return message }
        result["structuredContent"] = .object(exact)
        response["result"] = .object(result)
        return Data(JSONValue.object(response).json.utf8)
    }
}
