internal import CCmarkGFM
import Foundation

/// Renders a note's Markdown to HTML with cmark-gfm, GitHub's CommonMark implementation:
/// tables, task lists, strikethrough, autolinks and footnotes.
///
/// Safe for a page that shows notes: raw HTML is not rendered (cmark's safe mode writes a
/// comment in its place) and links to `javascript:`, `vbscript:`, `file:` and `data:` other
/// than images are dropped, so a note cannot run script. `[[wiki links]]` become links to
/// the notes they name, through `resolve`; attachments (`![[photo.png]]`, `[[report.pdf]]`,
/// `![alt](../attachments/photo.png)`) lead to `/files/PATH`, through `resolveFile`, and
/// embedded images show inline.
public struct MarkdownRenderer: Sendable {
    /// The vault-relative path of the note a wiki-link target names, nil when none does.
    public var resolve: @Sendable (String) -> String?
    /// The vault-relative path of the file (not a note) a link names: a wiki target, or a
    /// Markdown link's decoded path; nil when there is none.
    public var resolveFile: @Sendable (NoteLink.Kind, String) -> String?

    /// The REF of the task on each line of the Markdown (1-based): its checkbox is made one
    /// to tick (`<input type="checkbox" data-task="REF">`); other checkboxes stay disabled.
    public var taskRefs: [Int: String]

    public init(resolve: @escaping @Sendable (String) -> String? = { _ in nil },
                resolveFile: @escaping @Sendable (NoteLink.Kind, String) -> String? = { _, _ in nil },
                taskRefs: [Int: String] = [:]) {
        self.resolve = resolve
        self.resolveFile = resolveFile
        self.taskRefs = taskRefs
    }

    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// The HTML of `markdown`.
    public func html(_ markdown: String) -> String {
        // The lines of the task list items come from cmark's source positions, which are
        // asked for only when there are tasks, and taken out again.
        let html = taskRefs.isEmpty ? Self.render(markdown) : TaskCheckboxes.mark(Self.render(markdown, sourcePositions: true), refs: taskRefs)
        return WikiLinks.link(html, resolve: resolve, resolveFile: resolveFile)
    }

    private static func render(_ markdown: String, sourcePositions: Bool = false) -> String {
        cmark_gfm_core_extensions_ensure_registered()
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8 | (sourcePositions ? CMARK_OPT_SOURCEPOS : 0)
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

/// The checkboxes of task list items, named by their task's REF, in HTML rendered with
/// source positions (`data-sourcepos="LINE:COLUMN-…"`), which are then removed: the page
/// gets the same HTML as without them. cmark-gfm writes a task item as
/// `<li data-sourcepos="…"><input type="checkbox" disabled="" />`; an attribute's quote in
/// text is escaped (`&quot;`), so what is matched here is only ever inside a tag.
enum TaskCheckboxes {
    private static let attribute = " data-sourcepos=\""
    private static let checkbox = "><input type=\"checkbox\" "

    static func mark(_ html: String, refs: [Int: String]) -> String {
        var output = ""
        var rest = html[...]
        while let start = rest.range(of: attribute), let end = rest[start.upperBound...].firstIndex(of: "\"") {
            output += rest[..<start.lowerBound]
            let position = rest[start.upperBound..<end]
            rest = rest[rest.index(after: end)...]
            guard rest.hasPrefix(checkbox), output.hasSuffix("<li"),
                  let line = position.split(separator: ":").first.flatMap({ Int($0) }), let ref = refs[line] else { continue }
            // The task's checkbox, enabled: `disabled=""` goes, the REF comes.
            let tag = rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)]
            output += tag.replacingOccurrences(of: "disabled=\"\" ", with: "") + "data-task=\"\(WikiLinks.escape(ref))\" "
            rest = rest[tag.endIndex...]
        }
        return output + rest
    }
}

/// `[[Note]]`, `[[Note|shown text]]` and `[[Note#Heading]]` in rendered HTML, outside code,
/// made into links. cmark leaves them as text (HTML-escaped), so they are found in the
/// text between tags, never inside `<code>` or `<pre>`.
enum WikiLinks {
    static func link(_ html: String, resolve: (String) -> String?, resolveFile: (NoteLink.Kind, String) -> String? = { _, _ in nil }) -> String {
        guard html.contains("[[") || html.contains("<img") else { return html }
        var output = ""
        var codeDepth = 0
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            output += codeDepth > 0 ? String(rest[..<open]) : linkText(rest[..<open], resolve: resolve, resolveFile: resolveFile)
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            let tag = rest[open...close]
            if tag.hasPrefix("<code") || tag.hasPrefix("<pre") { codeDepth += 1 }
            if tag.hasPrefix("</code") || tag.hasPrefix("</pre") { codeDepth = max(0, codeDepth - 1) }
            output += tag.hasPrefix("<img ") ? image(String(tag), resolveFile: resolveFile) : String(tag)
            rest = rest[rest.index(after: close)...]
        }
        output += codeDepth > 0 ? String(rest) : linkText(rest, resolve: resolve, resolveFile: resolveFile)
        return output
    }

    /// An `<img>` of a relative path made to load the vault's file.
    private static func image(_ tag: String, resolveFile: (NoteLink.Kind, String) -> String?) -> String {
        guard let start = tag.range(of: "src=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") else { return tag }
        let source = unescape(String(tag[start.upperBound..<end]))
        guard !source.contains(":"), !source.hasPrefix("/"),
              let path = resolveFile(.markdown, source.removingPercentEncoding ?? source) else { return tag }
        return String(tag[..<start.upperBound]) + fileURL(path) + String(tag[end...])
    }

    /// `/files/PATH`, each part of the path percent-encoded.
    private static func fileURL(_ path: String) -> String {
        "/files/" + path.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? "" }.joined(separator: "/")
    }

    /// Links the `[[…]]` in a run of escaped text.
    private static func linkText(_ text: Substring, resolve: (String) -> String?, resolveFile: (NoteLink.Kind, String) -> String?) -> String {
        var output = ""
        var rest = text
        while let start = rest.range(of: "[["), let end = rest[start.upperBound...].range(of: "]]") {
            output += rest[..<start.lowerBound]
            let inner = String(rest[start.upperBound..<end.lowerBound])
            if inner.isEmpty || inner.contains("[") {
                output += rest[start.lowerBound..<end.upperBound]
            } else if let file = attachment(inner, embedded: output.hasSuffix("!"), resolveFile: resolveFile) {
                // An embedded image shows itself (the `!` goes); another file is a link to it.
                if file.hasPrefix("<img") { output.removeLast() }
                output += file
            } else {
                // `![[note]]`: the `!` stays as text; the note is shown as a link.
                output += anchor(inner, resolve: resolve)
            }
            rest = rest[end.upperBound...]
        }
        return output + rest
    }

    /// An image or a link for `[[file.png]]` when it names an attachment that exists.
    private static func attachment(_ escapedInner: String, embedded: Bool, resolveFile: (NoteLink.Kind, String) -> String?) -> String? {
        let inner = unescape(escapedInner)
        let target = (inner.split(separator: "|", maxSplits: 1).first.map(String.init) ?? inner).trimmingCharacters(in: .whitespaces)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        guard let dot = name.lastIndex(of: "."), name[name.index(after: dot)...].lowercased() != "md",
              let path = resolveFile(embedded ? .embed : .wiki, target) else { return nil }
        if embedded, Attachments.isImage(name) {
            return "<img class=\"embed\" src=\"\(fileURL(path))\" alt=\"\(escape(name))\">"
        }
        return "<a class=\"attachment\" href=\"\(fileURL(path))\">\(escape(name))</a>"
    }

    /// A wiki link as the page shows it: its display text (`[[Roadmap#Q1 2027]]` reads
    /// "Roadmap › Q1 2027", as Obsidian shows it, not the raw target), the heading or block
    /// it names as `data-heading` / `data-block` for the page to scroll to, and a link to no
    /// note as a button that creates it (`data-create`, the name as written).
    private static func anchor(_ escapedInner: String, resolve: (String) -> String?) -> String {
        let inner = unescape(escapedInner)
        let parts = inner.split(separator: "|", maxSplits: 1).map(String.init)
        let pieces = parts[0].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = pieces[0].trimmingCharacters(in: .whitespaces)
        let fragment = pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : ""
        let shown = parts.count > 1 ? parts[1] : [target, fragment].filter { !$0.isEmpty }.joined(separator: " › ")
        var place = ""
        if fragment.hasPrefix("^") {
            place = " data-block=\"\(escape(String(fragment.dropFirst())))\""
        } else if !fragment.isEmpty {
            place = " data-heading=\"\(escape(fragment))\""
        }
        // `[[#Heading]]`: a place in this note.
        if target.isEmpty, !place.isEmpty { return "<a class=\"wikilink\" href=\"#\"\(place)>\(escape(shown))</a>" }
        guard let path = resolve(target) else {
            return "<button type=\"button\" class=\"wikilink broken\" data-create=\"\(escape(target))\" title=\"No note is called this: create it\">\(escape(shown))</button>"
        }
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? ""
        }.joined(separator: "%2F")
        return "<a class=\"wikilink\" href=\"#/note/\(encoded)\"\(place)>\(escape(shown))</a>"
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
