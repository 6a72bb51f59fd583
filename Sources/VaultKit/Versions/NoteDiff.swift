import Foundation

/// What changed between two versions of a note (`vault diff`): its front matter as the
/// properties that changed (a tag added or removed, `pinned`, a date), and its text word
/// by word, as `git diff --word-diff` shows prose.
public struct NoteDiff: Sendable {
    /// One property that changed: what it had and has (each tag of a list on its own).
    public struct PropertyChange: Sendable, Equatable {
        public var key: String
        public var removed: [String]
        public var added: [String]
    }

    public var properties: [PropertyChange]
    /// The text's changes, `[-old-]{+new+}` marked, in hunks with a line of context; empty
    /// when the text is the same.
    public var text: String

    /// The difference from `old` to `new`, the text compared by git in `.vault/tmp/`.
    public static func between(_ old: [UInt8], _ new: [UInt8], root: VaultRoot) throws(VaultError) -> NoteDiff {
        let (oldProperties, oldBody) = split(old)
        let (newProperties, newBody) = split(new)
        var changes: [PropertyChange] = []
        for key in (oldProperties.map(\.key) + newProperties.map(\.key)).uniqued() {
            let before = oldProperties.first { $0.key == key }?.values ?? []
            let after = newProperties.first { $0.key == key }?.values ?? []
            let removed = before.filter { !after.contains($0) }, added = after.filter { !before.contains($0) }
            if !removed.isEmpty || !added.isEmpty { changes.append(PropertyChange(key: key, removed: removed, added: added)) }
        }
        return NoteDiff(properties: changes, text: try wordDiff(oldBody, newBody, root: root))
    }

    /// The front matter's keys with their values (a list's items each), and the body.
    private static func split(_ bytes: [UInt8]) -> (properties: [(key: String, values: [String])], body: String) {
        bytes.withUnsafeBytes { raw in
            guard case .block(let block) = FrontMatterBlock.locate(in: raw) else {
                return ([], String(decoding: bytes, as: UTF8.self))
            }
            let body = String(decoding: bytes[block.bodyStart...], as: UTF8.self)
            guard let root = try? YAMLReader.parse(UnsafeRawBufferPointer(rebasing: raw[block.yamlRange])),
                  case .mapping(let pairs, _) = root.kind else { return ([], body) }
            let properties = pairs.compactMap { pair -> (key: String, values: [String])? in
                guard let key = pair.key.scalar else { return nil }
                if case .sequence(let items, _) = pair.value.kind { return (key, items.compactMap(\.scalar)) }
                return (key, pair.value.scalar.map { [$0] } ?? [])
            }
            return (properties, body)
        }
    }

    /// git's word diff of two texts, without its headers.
    private static func wordDiff(_ old: String, _ new: String, root: VaultRoot) throws(VaultError) -> String {
        guard old != new else { return "" }
        let id = UUID().uuidString.prefix(8)
        let before = try ScratchFile(named: "diff-\(id)-a.md", text: old, in: root)
        defer { before.remove() }
        let after = try ScratchFile(named: "diff-\(id)-b.md", text: new, in: root)
        defer { after.remove() }
        let diff = try Git(directory: root.path).run(["diff", "--no-index", "--no-color", "--word-diff=plain", "-U1", "--", before.absolutePath, after.absolutePath])
        // Exit 1 means "different"; anything else is git's own failure.
        guard diff.status <= 1 else { throw .invalidArgument("git diff failed: \(diff.stderr.split(separator: "\n").first ?? "")") }
        let lines = diff.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines.firstIndex { $0.hasPrefix("@@") } ?? lines.endIndex
        return lines[start...].joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}

private extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
