import Foundation
import VaultPlatform

/// What `vault new` is asked to create.
public struct NoteDraft: Sendable {
    /// One line (see `NoteText.oneLine`).
    public var title: String? {
        didSet { title = title.map(NoteText.oneLine) }
    }
    /// Vault-relative folder, empty for the root.
    public var folder: String
    /// The tags, without the `#` a tag may be written with (as `vault tag add` takes them).
    public var tags: [String] {
        didSet { tags = tags.map(Self.withoutHash) }
    }
    public var pinned: Bool
    /// The file's name (without `.md`) when it is not to come from the title: a daily
    /// note is named by its date whatever heading its template gives it.
    public var fileName: String?
    /// The text the user wrote (stdin or the editor).
    public var body: String
    /// What the front end tells the user about how the draft was made (a template the
    /// configuration names and the vault does not have), one sentence each.
    public var warnings: [String] = []

    public init(title: String? = nil, folder: String = "", tags: [String] = [], pinned: Bool = false, body: String = "") {
        self.title = title.map(NoteText.oneLine)
        self.folder = folder
        self.tags = tags.map(Self.withoutHash)
        self.pinned = pinned
        self.body = body
    }

    private static func withoutHash(_ tag: String) -> String {
        tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
    }

    /// True when there is nothing to save: no title and a body of whitespace only.
    public var isEmpty: Bool {
        (title?.trimmingSpaces().isEmpty ?? true) && !hasText
    }

    /// False when the body is whitespace only: such a note is not kept, title or not
    /// (no empty notes).
    public var hasText: Bool { !body.trimmingSpaces().isEmpty }

    /// The note file: front matter with `id` and dates, then the title heading (unless the
    /// body already starts with it) and the body.
    /// The text after a front-matter block the text brings (all of it without one): where
    /// a note without a title is named from.
    public var textAfterFrontMatter: String {
        ownFrontMatter.map { String(decoding: $0.text[$0.block.bodyStart...], as: UTF8.self) } ?? body
    }

    /// The text (leading blank lines dropped) and the front-matter block it starts with, if any.
    private var ownFrontMatter: (text: [UInt8], block: FrontMatterBlock)? {
        let text = Array(body.drop { $0 == "\n" }.utf8)
        guard case .block(let block) = text.withUnsafeBytes({ FrontMatterBlock.locate(in: $0) }) else { return nil }
        return (text, block)
    }

    /// The new note's file: `fileText`, or, when the text brings a front-matter block of
    /// its own (a note imported from elsewhere), that block kept as written with what vault
    /// adds (an id, the draft's tags and pin, the dates) added where it is missing. A block
    /// that does not read is refused, with its place: the note is not made.
    public func file(id: String, now: Date, timeZone: TimeZone) throws(VaultError) -> [UInt8] {
        guard let (text, block) = ownFrontMatter else { return Array(fileText(id: id, now: now, timeZone: timeZone).utf8) }
        var rest = String(decoding: text[block.bodyStart...], as: UTF8.self)
        if let title = title?.trimmingSpaces(), !title.isEmpty {
            let trimmed = rest.drop { $0 == "\n" || $0 == "\r\n" }
            let firstLine = trimmed.split(whereSeparator: \.isNewline).first.map { NoteText.headingTitle($0.trimmingSpaces()) }
            if firstLine != title { rest = "# \(title)\n" + (trimmed.isEmpty ? "" : "\n") + trimmed }
        }
        if !rest.hasSuffix("\n") { rest += "\n" }
        do {
            var editor = try FrontMatterEditor(bytes: Array(text[..<block.bodyStart]) + Array(rest.utf8), timeZone: timeZone)
            if !editor.has(FrontMatterKey.id) { try editor.set(FrontMatterKey.id, to: .string(id)) }
            if !tags.isEmpty { try editor.updateTags(removing: [], adding: tags) }
            if pinned { try editor.set(FrontMatterKey.pinned, to: .bool(true)) }
            for key in [FrontMatterKey.created, FrontMatterKey.modified, FrontMatterKey.sortDate] where !editor.has(key) {
                try editor.set(key, to: .date(now))
            }
            return editor.bytes
        } catch {
            throw .located(error.diagnostic(path: "new note"))
        }
    }

    public func fileText(id: String, now: Date, timeZone: TimeZone) -> String {
        let date = NoteDate.format(now, timeZone: timeZone)
        var lines = ["---", "id: \(id)"]
        if !tags.isEmpty {
            lines.append("tags: [" + tags.map { YAMLScalarWriter.render($0, in: .flow) }.joined(separator: ", ") + "]")
        }
        if pinned { lines.append("pinned: true") }
        lines += ["created: \(date)", "modified: \(date)", "sortDate: \(date)", "---"]
        var text = lines.joined(separator: "\n") + "\n"
        var body = body
        while body.hasPrefix("\n") { body.removeFirst() }
        if let title = title?.trimmingSpaces(), !title.isEmpty {
            let firstLine = body.split(separator: "\n", maxSplits: 1).first.map { NoteText.headingTitle($0.trimmingSpaces()) }
            if firstLine != title {
                text += "# \(title)\n" + (body.isEmpty ? "" : "\n")
            }
        }
        text += body
        if !text.hasSuffix("\n") { text += "\n" }
        return text
    }
}
