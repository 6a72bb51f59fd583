/// Markdown written a line at a time from HTML-like input: inline text collected with
/// HTML's whitespace collapsed, emphasis opened only when text follows it, and lines ended
/// with the prefix of their block (heading, list item, quote) and code fenced.
struct MarkdownBuilder {
    /// The finished lines.
    private(set) var lines: [String] = []
    /// The line being written.
    var line = ""
    /// Written before the line's text: `## `, `    - [ ] `, `> `.
    var prefix = ""
    /// Written before the lines after the first (a list item's text below its marker).
    var continuation = ""
    /// True while the lines are code (whitespace kept, fenced).
    var code = false
    /// True when the line being written is code (a line in a monospace font).
    var lineIsCode = false
    private var fenceOpen = false
    /// Emphasis opened and not yet written (written with the first text after it).
    private var pending: [String] = []
    /// Markers written and not yet closed, innermost last.
    private var openMarks: [String] = []

    /// Text as HTML shows it: runs of whitespace one space, none at a line's start.
    mutating func text(_ text: String) {
        if code || lineIsCode {
            // Line breaks between a code block's elements are the source's layout, not code.
            if text.allSatisfy({ $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" }), text.contains("\n") { return }
            line += text
            return
        }
        var space = false
        for character in text {
            if character == " " || character == "\n" || character == "\t" || character == "\r" {
                space = true
                continue
            }
            if space, !line.isEmpty, !line.hasSuffix(" ") { line += " " }
            space = false
            if !pending.isEmpty {
                line += pending.joined()
                openMarks += pending
                pending = []
            }
            line.append(character)
        }
        if space, !line.isEmpty, !line.hasSuffix(" ") { line += " " }
    }

    /// Text written as it is (a link, a marker), opening pending emphasis first.
    mutating func raw(_ text: String, keepingEmphasis: Bool = false) {
        if !keepingEmphasis {
            line += pending.joined()
            openMarks += pending
            pending = []
        }
        line += text
    }

    mutating func open(_ mark: String) { pending.append(mark) }

    /// Closes `mark`: written after the text (before trailing spaces), or dropped when no
    /// text came since it opened.
    mutating func close(_ mark: String) {
        if let index = pending.lastIndex(of: mark) {
            pending.remove(at: index)
            return
        }
        guard let index = openMarks.lastIndex(of: mark) else { return }
        openMarks.remove(at: index)
        var trailing = ""
        while line.hasSuffix(" ") {
            line.removeLast()
            trailing += " "
        }
        line += mark + trailing
    }

    /// Ends the line if it has text; with `blank`, writes an empty line when it has none.
    mutating func endLine(blank: Bool = false) {
        // Emphasis does not run across lines: closed here, opened again on the next.
        let carried = openMarks
        for mark in carried.reversed() { close(mark) }
        let isCode = code || lineIsCode
        lineIsCode = false
        let text = isCode ? line : line.trimmingSpaces()
        if text.isEmpty, !blank {
            line = ""
            pending = carried + pending
            return
        }
        setFence(isCode)
        lines.append(isCode ? text : (text.isEmpty ? "" : prefix + text))
        if !isCode, !text.isEmpty { prefix = continuation }
        line = ""
        pending = carried + pending
    }

    private mutating func setFence(_ open: Bool) {
        guard open != fenceOpen else { return }
        lines.append("```")
        fenceOpen = open
    }

    /// Ends the fence if one is open and starts a new block on a new line.
    mutating func endBlock() {
        endLine()
        if !code { setFence(false) }
    }

    /// Appends finished lines (a table) as they are.
    mutating func append(_ block: [String]) {
        endLine()
        setFence(false)
        lines += block
    }

    /// The Markdown: lines joined, runs of blank lines made one, no blank first or last line.
    mutating func finish() -> String {
        endLine()
        setFence(false)
        var result: [String] = []
        for line in lines where !(line.isEmpty && (result.last?.isEmpty ?? true)) { result.append(line) }
        while result.last?.isEmpty == true { result.removeLast() }
        return result.isEmpty ? "" : result.joined(separator: "\n") + "\n"
    }
}
