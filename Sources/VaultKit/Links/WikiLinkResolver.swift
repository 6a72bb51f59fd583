/// Finds the note a wiki link names, as Obsidian does: by file name without `.md`
/// (ignoring case; the shortest path when several notes share the name), else by
/// vault-relative path with or without `.md`.
///
/// A server keeps one for the vault and updates it as notes come and go.
public struct WikiLinkResolver: Sendable {
    /// Every note path by its lower-cased file name: usually one, sometimes a few.
    private var byName: [String: [String]] = [:]
    private var byPath: [String: String] = [:]

    public init(paths: [String]) {
        byPath.reserveCapacity(paths.count)
        byName.reserveCapacity(paths.count)
        for path in paths { add(path) }
    }

    /// Makes the note at `path` a link target.
    public mutating func add(_ path: String) {
        let (key, name) = Self.keys(path)
        byPath[key] = path
        if byName[name]?.contains(path) != true { byName[name, default: []].append(path) }
    }

    /// Forgets the note at `path`.
    public mutating func remove(_ path: String) {
        let (key, name) = Self.keys(path)
        if byPath[key] == path { byPath[key] = nil }
        byName[name]?.removeAll { $0 == path }
        if byName[name]?.isEmpty == true { byName[name] = nil }
    }

    /// The path of the note `target` names, nil when none does.
    public func resolve(_ target: String) -> String? {
        var key = target.lowercased()
        if key.hasSuffix(".md") { key.removeLast(3) }
        if key.hasPrefix("/") { key.removeFirst() }
        let named = byName[key].flatMap { $0.min { ($0.count, $0) < ($1.count, $1) } }
        return key.contains("/") ? (byPath[key] ?? named) : (named ?? byPath[key])
    }

    /// The note at the vault-relative `path` (ignoring case), not looked up by name.
    public func resolvePath(_ path: String) -> String? {
        byPath[Self.keys(path).path]
    }

    /// The lower-cased path without `.md`, and its last component.
    private static func keys(_ path: String) -> (path: String, name: String) {
        let withoutExtension = (path.hasSuffix(".md") ? String(path.dropLast(3)) : path).lowercased()
        let name = withoutExtension.split(separator: "/").last.map(String.init) ?? withoutExtension
        return (withoutExtension, name)
    }
}
