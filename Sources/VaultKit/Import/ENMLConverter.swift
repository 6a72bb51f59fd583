import Foundation

/// Evernote's note bodies (ENML, XHTML as Evernote writes it) as Markdown (docs/import.md):
/// headings, lines (`div`, `p`, `br`), emphasis, highlight, strike, nested lists,
/// checklists as tasks, tables, code blocks (`-en-codeblock` and monospace lines), links
/// (`evernote:///view/…` ones as `[[title]]`), resources placed by their MD5 hash and
/// `data:` images as attachments, and encrypted blocks as a placeholder line.
struct ENMLConverter {
    /// A `<resource>` of the note: its bytes, its name and the MD5 that `<en-media>` names it by.
    struct Resource {
        var hash: String
        var name: String
        var bytes: [UInt8]?
    }

    struct Result {
        var markdown: String
        var attachments: [ImportedAttachment]
        /// The body was nothing but encrypted blocks.
        var encryptedOnly: Bool
    }

    /// What `<en-crypt>` leaves in the note.
    static let encryptedPlaceholder = "*(encrypted in Evernote: not imported)*"

    /// Converts `enml`, which starts in `file` at `line`:`column` (errors name that place).
    static func convert(_ enml: String, resources: [Resource], file: String, line: Int = 1, column: Int = 1) throws(VaultError) -> Result {
        var converter = ENMLConverter(resources: resources)
        var tokenizer = XMLTokenizer(bytes: Array(enml.utf8), file: file, lenient: true, line: line, column: column)
        while let token = try tokenizer.next() { converter.take(token) }
        return converter.finish()
    }

    // MARK: - State

    private struct Frame {
        var name: String
        var marks: [String] = []
        var endsLine = false
        var restoresPrefix: (String, String)?
        var restoresCode: Bool?
        var link: (href: String, start: Int)?
        var list = false
        var cell = false
        var row = false
        var table = false
        var skips = false
    }

    private struct List {
        var ordered: Bool
        var todo: Bool
        var count = 0
    }

    private var out = MarkdownBuilder()
    private var stack: [Frame] = []
    private var lists: [List] = []
    /// Tables being read, innermost last: rows of cells.
    private var tables: [[[String]]] = []
    private var row: [String] = []
    private var savedLines: [String] = []
    private var cellDepth = 0
    private var skipDepth = 0
    private var sawCrypt = false
    private let resources: [String: Resource]
    private var attachments: [ImportedAttachment] = []
    private var usedNames = Set<String>()
    private var placed = Set<String>()

    private init(resources: [Resource]) {
        var byHash: [String: Resource] = [:]
        var names = Set<String>()
        for var resource in resources where byHash[resource.hash] == nil {
            resource.name = Self.unique(resource.name, among: &names)
            byHash[resource.hash] = resource
        }
        self.resources = byHash
        self.usedNames = names
        // Every resource is an attachment of the note, placed in the text or not.
        attachments = resources.compactMap { byHash[$0.hash] }.reduce(into: [ImportedAttachment]()) { list, resource in
            if !list.contains(where: { $0.name == resource.name }) { list.append(ImportedAttachment(name: resource.name, bytes: resource.bytes)) }
        }
    }

    /// `name`, or `name 2.ext`, … : one no other attachment of the note has.
    private static func unique(_ name: String, among names: inout Set<String>) -> String {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let base = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        var candidate = name
        var number = 2
        while names.contains(candidate.lowercased()) {
            candidate = "\(base) \(number)\(suffix)"
            number += 1
        }
        names.insert(candidate.lowercased())
        return candidate
    }

    private static let voids: Set<String> = ["br", "hr", "img", "en-media", "en-todo", "col", "input", "meta", "link", "area", "wbr"]
    private static let blocks: Set<String> = ["div", "p", "section", "article", "header", "footer", "center", "address", "dd", "dt", "dl", "figure", "caption", "en-note"]
    private static let skipped: Set<String> = ["script", "style", "head", "title", "object", "iframe", "select", "textarea", "button", "en-crypt"]

    // MARK: - Tokens

    private mutating func take(_ token: XMLToken) {
        switch token {
        case .text(let text):
            if skipDepth == 0 { out.text(text) }
        case .start(let rawName, let attributes, let selfClosing):
            let name = rawName.lowercased()
            if Self.voids.contains(name) {
                if skipDepth == 0 { void(name, attributes) }
                return
            }
            var frame = Frame(name: name)
            if skipDepth == 0 { open(name, attributes, into: &frame) } else { frame.skips = true; skipDepth += 1 }
            if selfClosing { close(frame) } else { stack.append(frame) }
        case .end(let rawName):
            let name = rawName.lowercased()
            guard let index = stack.lastIndex(where: { $0.name == name }) else { return }
            while stack.count > index {
                close(stack.removeLast())
            }
        }
    }

    private mutating func lineBreak(blank: Bool = false) {
        if cellDepth > 0 {
            if blank { out.raw("<br>") } else if !out.line.isEmpty, !out.line.hasSuffix(" ") { out.line += " " }
            return
        }
        out.endLine(blank: blank)
    }

    private mutating func void(_ name: String, _ attributes: [XMLAttribute]) {
        switch name {
        case "br": lineBreak(blank: true)
        case "hr":
            lineBreak()
            if cellDepth == 0 { out.append(["", "---", ""]) }
        case "en-todo":
            let mark = attributes["checked"]?.lowercased() == "true" ? "[x] " : "[ ] "
            let inItem = !lists.isEmpty && out.line.trimmingSpaces().isEmpty
            out.raw(inItem || cellDepth > 0 ? mark : (out.line.trimmingSpaces().isEmpty ? "- " + mark : mark), keepingEmphasis: true)
        case "en-media":
            guard let hash = attributes["hash"]?.lowercased(), let resource = resources[hash] else { return }
            placed.insert(resource.name)
            out.raw(Self.link(to: resource.name))
        case "img":
            image(attributes)
        default: break
        }
    }

    private mutating func image(_ attributes: [XMLAttribute]) {
        guard let source = attributes["src"], !source.isEmpty else { return }
        guard source.hasPrefix("data:") else {
            out.raw("![\(Self.escaped(attributes["alt"] ?? ""))](\(Self.destination(source)))")
            return
        }
        // `data:image/png;base64,…` or `data:image/svg+xml,%3csvg…`: an attachment like any other.
        guard let comma = source.firstIndex(of: ",") else { return }
        let payload = String(source[source.index(after: comma)...])
        let bytes: [UInt8]
        if source[..<comma].hasSuffix(";base64") {
            guard let data = Data(base64Encoded: payload, options: .ignoreUnknownCharacters) else { return }
            bytes = Array(data)
        } else {
            guard let text = payload.removingPercentEncoding else { return }
            bytes = Array(text.utf8)
        }
        let type = source.dropFirst(5).prefix { $0 != ";" && $0 != "," }
        let name = Self.unique("image." + Self.fileExtension(forType: String(type)), among: &usedNames)
        attachments.append(ImportedAttachment(name: name, bytes: bytes))
        placed.insert(name)
        out.raw(Self.link(to: name))
    }

    private mutating func open(_ name: String, _ attributes: [XMLAttribute], into frame: inout Frame) {
        let style = (attributes["style"] ?? "").lowercased().filter { $0 != " " }
        if Self.skipped.contains(name) {
            if name == "en-crypt" {
                sawCrypt = true
                lineBreak()
                out.raw(Self.encryptedPlaceholder)
                lineBreak()
            }
            frame.skips = true
            skipDepth += 1
            return
        }
        switch name {
        case _ where Self.blocks.contains(name):
            lineBreak()
            frame.endsLine = true
            if style.contains("-en-codeblock:true") {
                out.endBlock()
                frame.restoresCode = out.code
                out.code = true
            } else if Self.isMonospace(style), !out.code {
                out.lineIsCode = true
            }
        case "h1", "h2", "h3", "h4", "h5", "h6":
            lineBreak()
            frame.endsLine = true
            frame.restoresPrefix = (out.prefix, out.continuation)
            if cellDepth == 0 { out.prefix += String(repeating: "#", count: Int(String(name.dropFirst())) ?? 1) + " " }
        case "ul", "ol":
            lineBreak()
            frame.endsLine = true
            frame.list = true
            frame.restoresPrefix = (out.prefix, out.continuation)
            lists.append(List(ordered: name == "ol", todo: style.contains("--en-todo:true")))
        case "li":
            lineBreak()
            frame.endsLine = true
            frame.restoresPrefix = (out.prefix, out.continuation)
            guard cellDepth == 0 else { break }
            if lists.isEmpty { lists.append(List(ordered: false, todo: false)); frame.list = true }
            lists[lists.count - 1].count += 1
            let list = lists[lists.count - 1]
            let indent = String(repeating: "    ", count: lists.count - 1)
            var marker = list.ordered ? "\(list.count). " : "- "
            out.continuation = indent + String(repeating: " ", count: marker.count)
            if list.todo || style.contains("--en-checked:") { marker += style.contains("--en-checked:true") ? "[x] " : "[ ] " }
            out.prefix = indent + marker
        case "blockquote":
            lineBreak()
            frame.endsLine = true
            frame.restoresPrefix = (out.prefix, out.continuation)
            out.prefix += "> "
            out.continuation += "> "
        case "pre":
            lineBreak()
            out.endBlock()
            frame.endsLine = true
            frame.restoresCode = out.code
            out.code = true
        case "table":
            lineBreak()
            frame.table = true
            tables.append([])
        case "tr":
            frame.row = true
            row = []
        case "td", "th":
            frame.cell = true
            savedLines.append(out.line)
            out.line = ""
            cellDepth += 1
        case "a":
            frame.link = (attributes["href"] ?? "", out.line.count)
        case "b", "strong": mark("**", &frame)
        case "i", "em", "cite": mark("*", &frame)
        case "s", "strike", "del": mark("~~", &frame)
        case "mark": mark("==", &frame)
        case "code", "tt", "kbd", "samp":
            if !out.code { mark("`", &frame) }
        case "span", "font":
            if style.contains("font-weight:bold") || style.contains("font-weight:700") || style.contains("font-weight:800") || style.contains("font-weight:900") { mark("**", &frame) }
            if style.contains("font-style:italic") { mark("*", &frame) }
            if style.contains("line-through") { mark("~~", &frame) }
            if style.contains("-evernote-highlight:true") || style.contains("--en-highlight") || style.contains("background-color:") { mark("==", &frame) }
            let face = (attributes["face"] ?? "").lowercased()
            // A line in a monospace font whose text is in another is not code.
            if style.contains("font-family:"), !Self.isMonospace(style), out.lineIsCode, out.line.trimmingSpaces().isEmpty { out.lineIsCode = false }
            if Self.isMonospace(style) || face.contains("courier") || face.contains("mono") {
                if out.line.trimmingSpaces().isEmpty, cellDepth == 0 { out.lineIsCode = true } else if !out.code, !out.lineIsCode { mark("`", &frame) }
            }
        default: break
        }
    }

    private mutating func mark(_ mark: String, _ frame: inout Frame) {
        guard !out.code, !out.lineIsCode else { return }
        out.open(mark)
        frame.marks.append(mark)
    }

    private mutating func close(_ frame: Frame) {
        if frame.skips {
            skipDepth -= 1
            return
        }
        for mark in frame.marks.reversed() { out.close(mark) }
        if let link = frame.link { closeLink(href: link.href, start: link.start) }
        if frame.cell {
            var cell = out.line.trimmingSpaces().replacingOccurrences(of: "|", with: "\\|")
            if cell.hasSuffix("<br>") { cell = String(cell.dropLast(4)).trimmingSpaces() }
            out.line = savedLines.popLast() ?? ""
            cellDepth -= 1
            row.append(cell)
        }
        if frame.row, !tables.isEmpty {
            tables[tables.count - 1].append(row)
            row = []
        }
        if frame.table, let rows = tables.popLast() { writeTable(rows) }
        if frame.endsLine { lineBreak() }
        if frame.list { lists.removeLast() }
        if let (prefix, continuation) = frame.restoresPrefix {
            out.prefix = prefix
            out.continuation = continuation
        }
        if let code = frame.restoresCode {
            out.endLine()
            out.code = code
            out.endBlock()
        }
    }

    private mutating func closeLink(href: String, start: Int) {
        guard start <= out.line.count else { return }
        let startIndex = out.line.index(out.line.startIndex, offsetBy: start)
        let text = String(out.line[startIndex...])
        let trimmed = text.trimmingSpaces()
        let markup: String
        if Self.isNoteLink(href) {
            guard !trimmed.isEmpty else { return }
            markup = "[[" + trimmed.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "").replacingOccurrences(of: "|", with: "") + "]]"
        } else if href.isEmpty {
            return
        } else if trimmed.isEmpty || trimmed == href {
            markup = href.hasPrefix("http://") || href.hasPrefix("https://") ? "<" + href + ">" : Self.destination(href)
        } else {
            markup = "[" + Self.escaped(trimmed) + "](" + Self.destination(href) + ")"
        }
        let trailing = text.hasSuffix(" ") ? " " : ""
        let leading = text.hasPrefix(" ") ? " " : ""
        out.line.replaceSubrange(startIndex..., with: leading + markup + trailing)
    }

    private mutating func writeTable(_ rows: [[String]]) {
        let width = rows.map(\.count).max() ?? 0
        guard width > 0 else { return }
        func line(_ cells: [String]) -> String {
            "| " + (cells + Array(repeating: "", count: width - cells.count)).joined(separator: " | ") + " |"
        }
        var lines = ["", line(rows[0]), line(Array(repeating: "---", count: width))]
        lines += rows.dropFirst().map(line)
        lines.append("")
        if cellDepth > 0 {
            out.raw(rows.flatMap { $0 }.joined(separator: " "))
        } else {
            out.append(lines)
        }
    }

    private mutating func finish() -> Result {
        let unplaced = attachments.filter { !placed.contains($0.name) }
        if !unplaced.isEmpty {
            out.append([""] + unplaced.map { Self.link(to: $0.name) })
        }
        let markdown = out.finish()
        let rest = markdown.split(separator: "\n").filter { !$0.trimmingSpaces().isEmpty && $0 != Self.encryptedPlaceholder }
        return Result(markdown: markdown, attachments: attachments, encryptedOnly: sawCrypt && rest.isEmpty)
    }

    // MARK: - Pieces

    static func isNoteLink(_ href: String) -> Bool {
        let lower = href.lowercased()
        return lower.hasPrefix("evernote:///view/") || (lower.contains("evernote.com/shard/") && lower.contains("/nl/"))
    }

    private static func isMonospace(_ style: String) -> Bool {
        guard let range = style.range(of: "font-family:") else { return false }
        let family = style[range.upperBound...].prefix { $0 != ";" }
        // The first family named is the one shown: `Monaco, Menlo, …, monospace` is code, `serif` is not.
        let first = family.split(separator: ",").first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) } ?? ""
        return ["monospace", "couriernew", "courier", "monaco", "menlo", "consolas", "sourcecodepro"].contains(first.replacingOccurrences(of: "&quot;", with: ""))
    }

    /// The link the note's body uses for an attachment.
    static func link(to name: String) -> String {
        (Attachments.isImage(name) ? "![[" : "[[") + name + "]]"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }

    /// A link's destination as Markdown takes it: spaces and parentheses escaped.
    private static func destination(_ href: String) -> String {
        href.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")
    }

    /// A file type for a MIME type, for a resource that came without a file name.
    static func fileExtension(forType type: String) -> String {
        let known = ["image/png": "png", "image/jpeg": "jpg", "image/jpg": "jpg", "image/gif": "gif", "image/svg+xml": "svg", "image/webp": "webp",
                     "image/bmp": "bmp", "image/heic": "heic", "image/tiff": "tiff", "application/pdf": "pdf", "audio/mpeg": "mp3", "audio/wav": "wav",
                     "audio/x-m4a": "m4a", "audio/mp4": "m4a", "audio/amr": "amr", "video/mp4": "mp4", "video/quicktime": "mov", "text/plain": "txt",
                     "text/html": "html", "application/zip": "zip", "application/msword": "doc"]
        return known[type.lowercased()] ?? "bin"
    }
}
