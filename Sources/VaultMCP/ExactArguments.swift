import Foundation
import MCP
import VaultKit
import VaultTools

/// A call's arguments as the client sent them. The SDK reads any string that parses as a
/// data URL (`"data: the numbers, as read"`) as bytes, and gives it back re-encoded (`"data:
/// the numbers;base64,IGFzIHJlYWQ="`): text an assistant meant for a note. So the transport
/// hands the server each `tools/call` request's arguments as one JSON text under `key`
/// (an object's text starts with `{`, which no data URL does), and the handler reads them
/// back exactly.
enum ExactArguments {
    /// The one argument a wrapped call carries.
    static let key = "vault.arguments"

    /// `message` with its arguments wrapped, when it is a `tools/call` request with an
    /// object of arguments; any other message (a batch, a notification, an answer) as it came.
    static func wrapping(_ message: Data) -> Data {
        guard case .object(var request)? = try? JSONDecoder().decode(JSONValue.self, from: message),
              request["method"] == "tools/call", case .object(var parameters)? = request["params"],
              case .object(let arguments)? = parameters["arguments"]
        else { return message }
        parameters["arguments"] = [key: .string(JSONValue.object(arguments).json)]
        request["params"] = .object(parameters)
        return Data(JSONValue.object(request).json.utf8)
    }

    /// The arguments a call carries: unwrapped when the transport wrapped them; else the
    /// SDK's values, refused when one of them was read as bytes.
    static func unwrapped(_ arguments: [String: Value]?) throws(VaultError) -> [String: JSONValue]? {
        guard let arguments else { return nil }
        if arguments.count == 1, let text = arguments[key]?.stringValue {
            guard case .object(let sent)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
                throw .invalidArgument("the arguments are not a JSON object")
            }
            return sent
        }
        var values: [String: JSONValue] = [:]
        for (name, value) in arguments {
            guard let exact = JSONValue(exactly: value) else { throw .invalidArgument("'\(name)' could not be read as sent; send the call on its own") }
            values[name] = exact
        }
        return values
    }
}
