/// Committed `.gitattributes` lines that would change how notes merge (`*.md merge=union`,
/// `* binary`, `*.md -merge`): they arrive from any clone, so each is a `vault check`
/// warning. A clone that `vault sync` set up overrules them (`.git/info/attributes`), but
/// git run by hand, or a clone vault never synced, would follow them.
enum MergeAttributes {
    /// The files vault merges, as a pattern would have to match them.
    private static let mergedFiles = ["Note.md", "Folder/Note.md", ".vault/config.yaml"]

    /// The warnings for the committed `.gitattributes` of `root`, with their lines.
    static func problems(root: VaultRoot) -> [Diagnostic] {
        guard let bytes = try? root.read(".gitattributes").bytes else { return [] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Diagnostic] = []
        for (index, line) in lines.enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let pattern = words.first, !pattern.hasPrefix("#"), VaultSync.attributes.contains(words.joined(separator: " ")) == false else { continue }
            let changes = words.dropFirst().filter { word in
                word == "binary" || word == "merge" || word == "-merge" || word == "!merge" || (word.hasPrefix("merge=") && word != "merge=vault")
            }
            guard !changes.isEmpty, mergedFiles.contains(where: { matches(pattern, $0) }) else { continue }
            found.append(Diagnostic(path: ".gitattributes", line: index + 1, column: 1, severity: .warning,
                                    message: "'\(line.trimmingCharacters(in: .whitespaces))' would merge notes without vault's merge driver; "
                                        + "vault sync overrules it in its clones (.git/info/attributes), but remove it so that git run by hand does too"))
        }
        return found
    }

    /// Whether a `.gitattributes` pattern matches `path`, for the patterns that name notes:
    /// `*`, `*.md`, `**/*.md`, a name, and a path from the top (`/` in the pattern).
    static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = pattern
        if pattern.hasPrefix("/") { pattern.removeFirst() }
        if pattern.hasPrefix("**/") { pattern.removeFirst(3) } else if pattern.contains("/") { return glob(pattern, path) }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return glob(pattern, name)
    }

    /// `*` any run of characters (within a name), `?` one, everything else itself.
    private static func glob(_ pattern: String, _ text: String) -> Bool {
        let (p, t) = (Array(pattern), Array(text))
        func match(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == t.count }
            if p[i] == "*" { return (j...t.count).contains { k in !t[j..<k].contains("/") && match(i + 1, k) } }
            guard j < t.count, p[i] == "?" || p[i] == t[j] else { return false }
            return match(i + 1, j + 1)
        }
        return match(0, 0)
    }
}
