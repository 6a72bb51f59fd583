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
    /// The one argument a wrapped call carries: new in each process, so that no client
    /// sends it.
    static let key = "vault.arguments." + UUID().uuidString

    /// `message` with the arguments of each `tools/call` request in it (one, or a batch's)
    /// wrapped; any other message as it came.
    static func wrapping(_ message: Data) -> Data {
        switch try? JSONDecoder().decode(JSONValue.self, from: message) {
        case .object(let request)?:
            guard let changed = Self.wrapped(request) else { return message }
            return Data(JSONValue.object(changed).json.utf8)
        case .array(let batch)?:
            let changed = batch.map { $0.objectValue.flatMap(Self.wrapped).map(JSONValue.object) ?? $0 }
            return changed == batch ? message : Data(JSONValue.array(changed).json.utf8)
        default:
            return message
        }
    }

    /// `request` with its arguments wrapped; nil when it is not a call with an object of them.
    private static func wrapped(_ request: [String: JSONValue]) -> [String: JSONValue]? {
        guard request["method"] == "tools/call", case .object(var parameters)? = request["params"],
              case .object(let arguments)? = parameters["arguments"]
        else { return nil }
        var request = request
        parameters["arguments"] = [key: .string(JSONValue.object(arguments).json)]
        request["params"] = .object(parameters)
        return request
    }

    /// The arguments a call carries: unwrapped when the transport wrapped them; else (a
    /// message it could not read) the SDK's values, refused when one was read as bytes.
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
