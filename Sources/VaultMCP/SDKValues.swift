import Foundation
import MCP
import VaultTools

// The tools' own JSON values and answers (VaultTools) as the MCP SDK's, at the one place
// the protocol meets them.

extension JSONValue {
    /// The SDK's value as the tools read it: bytes the SDK found in a `data:` string are
    /// that string again.
    init(_ value: MCP.Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .data(let mimeType, let data): self = .string("data:\(mimeType ?? "text/plain");base64,\(data.base64EncodedString())")
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members): self = .object(members.mapValues(JSONValue.init))
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

extension CallTool.Result {
    init(_ result: ToolResult) {
        self.init(content: [.text(text: result.text, annotations: nil, _meta: nil)], structuredContent: result.structured.map(Value.init),
                  isError: result.isError ? true : nil)
    }
}
