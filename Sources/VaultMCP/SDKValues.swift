import Foundation
import MCP
import VaultTools

// The tools' own JSON values and answers (VaultTools) as the MCP SDK's, at the one place
// the protocol meets them.

extension JSONValue {
    /// The SDK's value as the tools read it; nil when the SDK read bytes into it (a string
    /// that looked like a data URL), which no longer says what was sent (`ExactArguments`).
    init?(exactly value: MCP.Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .data: return nil
        case .array(let items):
            var values: [JSONValue] = []
            for item in items {
                guard let exact = JSONValue(exactly: item) else { return nil }
                values.append(exact)
            }
            self = .array(values)
        case .object(let members):
            var values: [String: JSONValue] = [:]
            for (name, member) in members {
                guard let exact = JSONValue(exactly: member) else { return nil }
                values[name] = exact
            }
            self = .object(values)
        }
    }
}

extension Value {
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(Value.init))
        case .object(let members): self = .object(members.mapValues(Value.init))
        }
    }
}
