/// A folder with its note count (subfolders and deeper directories included).
public struct FolderNode: Sendable, Equatable {
    public var name: String
    /// Vault-relative path: `Work` or `Work/Projects`.
    public var path: String
    public var count: Int
    public var children: [FolderNode]

    /// The folder tree of `directories` with the note counts `counts` (by folder path).
    static func tree(counts: [Substring: Int], directories: [String]) -> [FolderNode] {
        var children: [Substring: [FolderNode]] = [:]
        var tops: [String] = []
        for directory in directories {
            let parts = directory.split(separator: "/")
            if parts.count == 1 {
                tops.append(directory)
            } else if parts.count == 2 {
                let node = FolderNode(name: String(parts[1]), path: directory, count: counts[directory[...]] ?? 0, children: [])
                children[parts[0], default: []].append(node)
            }
        }
        return tops.sorted(by: { $0.localizedStandardCompareFast($1) < 0 }).map { top in
            FolderNode(
                name: top,
                path: top,
                count: counts[top[...]] ?? 0,
                children: (children[top[...]] ?? []).sorted { $0.name.localizedStandardCompareFast($1.name) < 0 }
            )
        }
    }
}
