import Foundation

/// A tool's answer: its report as structured content with a text copy, or an error's
/// words. Encoded as MCP's `tools/call` result, which is how a running `vault serve` gives
/// it to `vault mcp` (`ServedCall`).
package struct ToolResult: Sendable, Equatable {
    /// The text the assistant reads: the report as JSON, or the error.
    package let text: String
    /// The report, for clients that read structured content; nil for an error.
    package let structured: JSONValue?
    /// True for an error's words.
    package let isError: Bool

    /// A report, its text copy made from it.
    package init(report: [String: JSONValue]) {
        let content = JSONValue.object(report)
        self.init(text: content.json, structured: content, isError: false)
    }

    /// An error as the assistant reads it: the domain's words, and what to do about it.
    package init(failure error: any Error) {
        self = Rendering.error(error)
    }

    /// An error's words.
    init(error message: String) {
        self.init(text: message, structured: nil, isError: true)
    }

    /// True when it is one this code makes: an error's words alone, or a report whose text
    /// copy is the report as JSON.
    var isConsistent: Bool {
        guard let structured else { return isError }
        return !isError && text == structured.json
    }

    private init(text: String, structured: JSONValue?, isError: Bool) {
        self.text = text
        self.structured = structured
        self.isError = isError
    }
}

extension ToolResult: Codable {
    private enum CodingKeys: String, CodingKey { case content, structuredContent, isError }

    private struct TextContent: Codable {
        var type = "text"
        var text: String
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let content = try container.decode([TextContent].self, forKey: .content)
        guard content.count == 1, let only = content.first, only.type == "text" else {
            throw DecodingError.dataCorruptedError(forKey: .content, in: container, debugDescription: "a tool's answer is one text")
        }
        self.init(text: only.text, structured: try container.decodeIfPresent(JSONValue.self, forKey: .structuredContent),
                  isError: try container.decodeIfPresent(Bool.self, forKey: .isError) ?? false)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([TextContent(text: text)], forKey: .content)
        try container.encodeIfPresent(structured, forKey: .structuredContent)
        if isError { try container.encode(true, forKey: .isError) }
    }
}
