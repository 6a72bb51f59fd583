/// Finds the note a wiki link names, as Obsidian does: by file name without `.md`
/// (ignoring case; the shortest path when several notes share the name), else by
/// vault-relative path with or without `.md`.
public struct WikiLinkResolver: Sendable {
    private let byName: [String: String]
    private let byPath: [String: String]

    public init(paths: [String]) {
        var byName: [String: String] = [:]
        var byPath: [String: String] = [:]
        for path in paths {
            let withoutExtension = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
            byPath[withoutExtension.lowercased()] = path
            let name = withoutExtension.split(separator: "/").last.map(String.init) ?? withoutExtension
            let key = name.lowercased()
            if let known = byName[key], known.count < path.count || (known.count == path.count && known < path) { continue }
            byName[key] = path
        }
        self.byName = byName
        self.byPath = byPath
    }

    /// The path of the note `target` names, nil when none does.
    public func resolve(_ target: String) -> String? {
        var key = target.lowercased()
        if key.hasSuffix(".md") { key.removeLast(3) }
        if key.hasPrefix("/") { key.removeFirst() }
        return key.contains("/") ? (byPath[key] ?? byName[key]) : (byName[key] ?? byPath[key])
    }
}
