/// Finds the note a wiki link names, as Obsidian does: by file name without `.md`
/// (ignoring case; the shortest path when several notes share the name), else by
/// vault-relative path with or without `.md`.
///
/// A server keeps one for the vault and updates it as notes come and go.
public struct WikiLinkResolver: Sendable {
    /// Every note path by its lower-cased file name without `.md`: usually one, sometimes
    /// a few. A path is found through its name as well, so no second table holds a
    /// lower-cased copy of every path (at a million notes, about 180 MB more).
    private var byName: [String: Paths] = [:]

    /// The paths of one name, without an array for the usual one.
    private enum Paths: Sendable {
        case one(String)
        case many([String])

        var all: [String] {
            switch self {
            case .one(let path): [path]
            case .many(let paths): paths
            }
        }
    }

    public init(paths: [String]) {
        byName.reserveCapacity(paths.count)
        for path in paths { add(path) }
    }

    /// Makes the note at `path` a link target.
    public mutating func add(_ path: String) {
        let name = Self.name(of: path)
        switch byName[name] {
        case nil: byName[name] = .one(path)
        case .one(let other) where other != path: byName[name] = .many([other, path])
        case .many(var paths) where !paths.contains(path):
            byName[name] = nil
            paths.append(path)
            byName[name] = .many(paths)
        default: break
        }
    }

    /// Forgets the note at `path`.
    public mutating func remove(_ path: String) {
        let name = Self.name(of: path)
        guard let paths = byName[name] else { return }
        let left = paths.all.filter { $0 != path }
        byName[name] = left.isEmpty ? nil : left.count == 1 ? .one(left[0]) : .many(left)
    }

    /// The path of the note `target` names, nil when none does.
    public func resolve(_ target: String) -> String? {
        var key = target.lowercased()
        if key.hasSuffix(".md") { key.removeLast(3) }
        if key.hasPrefix("/") { key.removeFirst() }
        // A name has no `/`: a target with one is a path.
        guard !key.contains("/") else { return path(forKey: key) }
        return byName[key].flatMap { $0.all.min { ($0.count, $0) < ($1.count, $1) } }
    }

    /// The note at the vault-relative `path` (ignoring case), not looked up by name.
    public func resolvePath(_ path: String) -> String? {
        self.path(forKey: Self.key(of: path))
    }

    /// The note whose lower-cased path without `.md` is `key`: among the notes of its last
    /// component's name. Paths that differ only in case share a key; the first by byte
    /// order is taken.
    private func path(forKey key: String) -> String? {
        let name = key.split(separator: "/").last.map(String.init) ?? key
        return byName[name]?.all.filter { Self.key(of: $0) == key }.min()
    }

    /// The lower-cased path without `.md`.
    private static func key(of path: String) -> String {
        (path.hasSuffix(".md") ? String(path.dropLast(3)) : path).lowercased()
    }

    /// The lower-cased last component of `path`, without `.md`.
    private static func name(of path: String) -> String {
        let last = path.split(separator: "/").last ?? Substring(path)
        return (last.hasSuffix(".md") ? last.dropLast(3) : last).lowercased()
    }
}
