internal import CCmarkGFM
import Foundation

/// Renders a note's Markdown to HTML with cmark-gfm, GitHub's CommonMark implementation:
/// tables, task lists, strikethrough, autolinks and footnotes.
///
/// Safe for a page that shows notes: raw HTML is not rendered (cmark's safe mode writes a
/// comment in its place) and links to `javascript:`, `vbscript:`, `file:` and `data:` other
/// than images are dropped, so a note cannot run script. `[[wiki links]]` become links to
/// the notes they name, through `resolve`.
public struct MarkdownRenderer: Sendable {
    /// The vault-relative path of the note a wiki-link target names, nil when none does.
    public var resolve: @Sendable (String) -> String?

    public init(resolve: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.resolve = resolve
    }

    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// The HTML of `markdown`.
    public func html(_ markdown: String) -> String {
        WikiLinks.link(Self.render(markdown), resolve: resolve)
    }

    private static func render(_ markdown: String) -> String {
        cmark_gfm_core_extensions_ensure_registered()
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        var text = markdown
        text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }
}

/// `[[Note]]`, `[[Note|shown text]]` and `[[Note#Heading]]` in rendered HTML, outside code,
/// made into links. cmark leaves them as text (HTML-escaped), so they are found in the
/// text between tags, never inside `<code>` or `<pre>`.
enum WikiLinks {
    static func link(_ html: String, resolve: (String) -> String?) -> String {
        guard html.contains("[[") else { return html }
        var output = ""
        var codeDepth = 0
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            output += codeDepth > 0 ? String(rest[..<open]) : linkText(rest[..<open], resolve: resolve)
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            let tag = rest[open...close]
            if tag.hasPrefix("<code") || tag.hasPrefix("<pre") { codeDepth += 1 }
            if tag.hasPrefix("</code") || tag.hasPrefix("</pre") { codeDepth = max(0, codeDepth - 1) }
            output += tag
            rest = rest[rest.index(after: close)...]
        }
        output += codeDepth > 0 ? String(rest) : linkText(rest, resolve: resolve)
        return output
    }

    /// Links the `[[…]]` in a run of escaped text.
    private static func linkText(_ text: Substring, resolve: (String) -> String?) -> String {
        var output = ""
        var rest = text
        while let start = rest.range(of: "[["), let end = rest[start.upperBound...].range(of: "]]") {
            output += rest[..<start.lowerBound]
            let inner = String(rest[start.upperBound..<end.lowerBound])
            // `![[embed]]`: the `!` stays as text; the target is shown as a link.
            if inner.isEmpty || inner.contains("[") {
                output += rest[start.lowerBound..<end.upperBound]
            } else {
                output += anchor(inner, resolve: resolve)
            }
            rest = rest[end.upperBound...]
        }
        return output + rest
    }

    private static func anchor(_ escapedInner: String, resolve: (String) -> String?) -> String {
        let inner = unescape(escapedInner)
        let parts = inner.split(separator: "|", maxSplits: 1).map(String.init)
        let target = parts[0].split(separator: "#", maxSplits: 1).first.map(String.init) ?? parts[0]
        let shown = parts.count > 1 ? parts[1] : parts[0]
        guard let path = resolve(target.trimmingCharacters(in: .whitespaces)) else {
            return "<span class=\"wikilink broken\" title=\"no note is called this\">\(escape(shown))</span>"
        }
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? ""
        }.joined(separator: "%2F")
        return "<a class=\"wikilink\" href=\"#/note/\(encoded)\">\(escape(shown))</a>"
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
