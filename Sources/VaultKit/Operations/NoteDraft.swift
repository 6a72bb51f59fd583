import Foundation
import VaultPlatform

/// What `vault new` is asked to create.
public struct NoteDraft: Sendable {
    public var title: String?
    /// Vault-relative folder, empty for the root.
    public var folder: String
    /// The tags, without the `#` a tag may be written with (as `vault tag add` takes them).
    public var tags: [String] {
        didSet { tags = tags.map(Self.withoutHash) }
    }
    public var pinned: Bool
    /// The text the user wrote (stdin or the editor).
    public var body: String

    public init(title: String? = nil, folder: String = "", tags: [String] = [], pinned: Bool = false, body: String = "") {
        self.title = title
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
            let firstLine = body.split(separator: "\n", maxSplits: 1).first.map { NoteText.stripHeading($0.trimmingSpaces()) }
            if firstLine != title {
                text += "# \(title)\n" + (body.isEmpty ? "" : "\n")
            }
        }
        text += body
        if !text.hasSuffix("\n") { text += "\n" }
        return text
    }
}
