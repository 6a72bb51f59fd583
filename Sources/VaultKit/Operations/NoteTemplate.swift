import Foundation
import VaultPlatform

/// A note to start from, kept in `.vault/templates/NAME.md` (the vault's own, so it syncs
/// and no listing shows it as a note). Its placeholders are Obsidian's core templates':
/// `{{title}}`, `{{date}}` (YYYY-MM-DD), `{{time}}` (HH:mm), `{{date:FORMAT}}` and
/// `{{time:FORMAT}}` with Moment's tokens (YYYY, MM, DD, HH, mm, dddd, …), and `{{folder}}`.
/// A template may bring front matter of its own: the new note keeps it.
public struct NoteTemplate: Sendable, Equatable {
    public static let directory = VaultRoot.settingsDirectory + "/templates"

    public let name: String
    public let text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// The template `name` (with or without `.md`) of the vault at `root`.
    public static func load(_ name: String, root: VaultRoot) throws(VaultError) -> NoteTemplate {
        let bare = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        guard !bare.isEmpty, VaultPath.problem(withName: bare) == nil, !bare.hasPrefix(".") else {
            throw .noTemplate(name, available: names(root: root))
        }
        let path = directory + "/" + bare + ".md"
        guard root.status(path)?.isRegularFile == true else { throw .noTemplate(bare, available: names(root: root)) }
        let bytes = try root.read(path).bytes
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .located(Diagnostic(path: path, severity: .error, message: "is not valid UTF-8"))
        }
        return NoteTemplate(name: bare, text: text)
    }

    /// The names of the vault's templates, sorted.
    public static func names(root: VaultRoot) -> [String] {
        root.entries(of: directory).compactMap { entry in
            guard entry.kind == .regular, entry.name.hasSuffix(".md"), !entry.name.hasPrefix(".") else { return nil }
            return String(entry.name.dropLast(3))
        }.sorted()
    }

    /// The text with its placeholders filled in.
    public func render(title: String, folder: String, now: Date, timeZone: TimeZone) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let placeholder = rest[open.upperBound..<close.lowerBound]
            if let value = Self.value(of: placeholder, title: title, folder: folder, now: now, timeZone: timeZone) {
                output += value
            } else {
                output += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    /// What a placeholder stands for; nil for one that is not ours (kept as written, for
    /// another plugin to fill).
    private static func value(of placeholder: Substring, title: String, folder: String, now: Date, timeZone: TimeZone) -> String? {
        let parts = placeholder.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        switch (parts.first?.lowercased(), parts.count) {
        case ("title", 1): return title
        case ("folder", 1): return folder
        case ("date", 1): return MomentFormat("YYYY-MM-DD").string(from: now, timeZone: timeZone)
        case ("time", 1): return MomentFormat("HH:mm").string(from: now, timeZone: timeZone)
        case ("date", 2), ("time", 2): return MomentFormat(parts[1]).string(from: now, timeZone: timeZone)
        default: return nil
        }
    }
}
