import Foundation

/// What another app shares (a phone's share sheet, through the web app's share target):
/// a title, some text and a URL, any of which may be missing, and the note or the task
/// it becomes.
///
/// Apps fill the three fields differently (Android puts a page's URL in `text`, often
/// after its title; iOS sends `url` alone), so the URL is written once wherever it came.
public struct SharedText: Sendable, Equatable {
    public var title: String
    public var text: String
    public var url: String

    /// The longest title taken from the text's first line, in characters.
    static let titleLimit = 80

    public init(title: String = "", text: String = "", url: String = "") {
        self.title = NoteText.oneLine(title)
        self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        self.url = url.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The note: the title given, else the text's first line (when it is short enough to
    /// be a title, it leaves the body), else the URL's host; the rest of the text and the
    /// URL are the body.
    public func noteDraft(folder: String = "") throws(VaultError) -> NoteDraft {
        var body = text
        var title = title
        if title.isEmpty, let first = lines.first {
            title = Self.cut(first)
            if title == first { body = lines.dropFirst().joined(separator: "\n") }
        }
        if title.isEmpty { title = host ?? url }
        guard !title.isEmpty else { throw .emptyNote }
        if !url.isEmpty, !text.contains(url) { body += (body.isEmpty ? "" : "\n\n") + url }
        body = body.trimmingCharacters(in: .whitespacesAndNewlines)
        return NoteDraft(title: title, folder: folder, body: body.isEmpty ? "" : body + "\n")
    }

    /// The task: one line of the title, else the text's first line, and the URL when that
    /// line does not hold it.
    public func taskDraft() throws(VaultError) -> TaskDraft {
        var words = title.isEmpty ? (lines.first ?? "") : title
        if !url.isEmpty, !words.contains(url) { words += (words.isEmpty ? "" : " ") + url }
        guard !words.isEmpty else { throw .emptyNote }
        return TaskDraft(text: words)
    }

    private var lines: [String] {
        text.split(whereSeparator: \.isNewline).map { NoteText.oneLine(String($0)) }.filter { !$0.isEmpty }
    }

    /// `https://example.org/a` → `example.org`.
    private var host: String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host.isEmpty ? nil : String(host)
    }

    /// `line` cut to `titleLimit` characters at the last space before it.
    private static func cut(_ line: String) -> String {
        guard line.count > titleLimit else { return line }
        let head = line.prefix(titleLimit + 1)
        guard let space = head.lastIndex(of: " ") else { return String(line.prefix(titleLimit)) }
        return String(head[..<space]).trimmingSpaces()
    }
}
