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

    /// A piece of the text's changes, for a front end that marks words its own way.
    public struct Words: Sendable, Equatable {
        public enum Kind: String, Sendable {
            /// Text both versions have.
            case same
            case removed
            case added
            /// The end of a line.
            case newline
            /// Where a hunk starts: git's `@@ -a,b +c,d @@` line.
            case hunk
        }

        public var kind: Kind
        public var text: String
    }

    public var properties: [PropertyChange]
    /// The text's changes, `[-old-]{+new+}` marked, in hunks with a line of context; empty
    /// when the text is the same.
    public var text: String
    /// The same changes as pieces: `text` is them written out.
    public var words: [Words]

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
        let words = try wordDiff(oldBody, newBody, root: root)
        return NoteDiff(properties: changes, text: written(words), words: words)
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

    /// The pieces as `git diff --word-diff=plain` writes them.
    private static func written(_ words: [Words]) -> String {
        var text = ""
        for piece in words {
            switch piece.kind {
            case .same: text += piece.text
            case .removed: text += "[-" + piece.text + "-]"
            case .added: text += "{+" + piece.text + "+}"
            case .newline: text += "\n"
            case .hunk: text += piece.text + "\n"
            }
        }
        return text.trimmingCharacters(in: .newlines)
    }

    /// git's word diff of two texts (its porcelain form: a piece a line), without its headers.
    private static func wordDiff(_ old: String, _ new: String, root: VaultRoot) throws(VaultError) -> [Words] {
        guard old != new else { return [] }
        let id = UUID().uuidString.prefix(8)
        let before = try ScratchFile(named: "diff-\(id)-a.md", text: old, in: root)
        defer { before.remove() }
        let after = try ScratchFile(named: "diff-\(id)-b.md", text: new, in: root)
        defer { after.remove() }
        let diff = try Git(directory: root.path).run(["diff", "--no-index", "--no-color", "--word-diff=porcelain", "-U1"], operands: [before.absolutePath, after.absolutePath])
        // Exit 1 means "different"; anything else is git's own failure.
        guard diff.status <= 1 else { throw .gitFailed(command: "diff", message: String(diff.stderr.split(separator: "\n").first ?? "")) }
        let lines = diff.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines.firstIndex { $0.hasPrefix("@@") } ?? lines.endIndex
        var words: [Words] = []
        for line in lines[start...] {
            let text = String(line.dropFirst())
            switch line.first {
            case "@": words.append(Words(kind: .hunk, text: String(line)))
            case " ": words.append(Words(kind: .same, text: text))
            case "-": words.append(Words(kind: .removed, text: text))
            case "+": words.append(Words(kind: .added, text: text))
            case "~": words.append(Words(kind: .newline, text: "\n"))
            default: continue // "\ No newline at end of file", and the output's last line
            }
        }
        return words
    }
}

private extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
