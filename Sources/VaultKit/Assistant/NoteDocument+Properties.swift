import Foundation

extension NoteDocument {
    /// The front matter's keys in file order, each with its value as written (YAML, trimmed):
    /// empty when the note has none, or one that does not parse.
    public var properties: [(key: String, value: String)] {
        guard let editor = try? FrontMatterEditor(bytes: Array(frontMatter.utf8)) else { return [] }
        return editor.keys.compactMap { key in
            guard let entry = editor.entryText(key), let colon = entry.firstIndex(of: ":") else { return nil }
            return (key, entry[entry.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
