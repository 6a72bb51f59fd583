/// The in-memory organisation of a scanned vault: folders and tags with their counts,
/// pinned and unsorted notes.
public struct VaultIndex: Sendable {
    public let notes: [Note]
    /// Top-level folders with their subfolders, sorted by name.
    public let folders: [FolderNode]
    /// Top-level tags with their descendants, sorted by name.
    public let tags: [TagNode]
    public let pinnedCount: Int
    public let unsortedCount: Int

    public init(_ scan: ScanResult) {
        self.init(notes: scan.notes, directories: scan.folders)
    }

    public init(notes: [Note], directories: [String]) {
        self.notes = notes
        pinnedCount = notes.reduce(0) { $0 + ($1.pinned ? 1 : 0) }
        unsortedCount = notes.reduce(0) { $0 + ($1.isUnsorted ? 1 : 0) }
        folders = FolderNode.tree(notes: notes, directories: directories)
        tags = TagNode.tree(notes: notes)
    }

    /// Notes in list order: pinned first, then most recently modified, ties by title.
    public static func sorted(_ notes: [Note]) -> [Note] {
        // Sort positions by precomputed keys: a note is a few hundred bytes to copy around.
        let pinned = notes.map(\.pinned)
        let modified = notes.map(\.modified)
        return notes.indices.sorted { a, b in
            if pinned[a] != pinned[b] { return pinned[a] }
            if modified[a] != modified[b] { return modified[a] > modified[b] }
            return notes.withUnsafeBufferPointer { listOrder($0[a], $0[b]) }
        }.map { notes[$0] }
    }

    public static func listOrder(_ a: Note, _ b: Note) -> Bool {
        if a.pinned != b.pinned { return a.pinned }
        if a.modified != b.modified { return a.modified > b.modified }
        let titleOrder = a.title.localizedStandardCompareFast(b.title)
        if titleOrder != 0 { return titleOrder < 0 }
        return a.path < b.path
    }
}

/// A folder with its note count (subfolders and deeper directories included).
public struct FolderNode: Sendable, Equatable {
    public var name: String
    /// Vault-relative path: `Work` or `Work/Projects`.
    public var path: String
    public var count: Int
    public var children: [FolderNode]

    static func tree(notes: [Note], directories: [String]) -> [FolderNode] {
        var counts: [String: Int] = [:]
        for note in notes {
            let path = note.path.utf8
            guard let first = path.firstIndex(of: UInt8(ascii: "/")) else { continue }
            counts[String(note.path[..<first]), default: 0] += 1
            if let second = path[path.index(after: first)...].firstIndex(of: UInt8(ascii: "/")) {
                counts[String(note.path[..<second]), default: 0] += 1
            }
        }
        var children: [String: [FolderNode]] = [:]
        var tops: [String] = []
        for directory in directories {
            let parts = directory.split(separator: "/")
            if parts.count == 1 {
                tops.append(directory)
            } else if parts.count == 2 {
                let node = FolderNode(name: String(parts[1]), path: directory, count: counts[directory] ?? 0, children: [])
                children[String(parts[0]), default: []].append(node)
            }
        }
        return tops.sorted(by: { $0.localizedStandardCompareFast($1) < 0 }).map { top in
            FolderNode(
                name: top,
                path: top,
                count: counts[top] ?? 0,
                children: (children[top] ?? []).sorted { $0.name.localizedStandardCompareFast($1.name) < 0 }
            )
        }
    }
}

/// A tag with the number of notes tagged with it or one of its descendants.
public struct TagNode: Sendable, Equatable {
    /// This level's name (`alpha` for `project/alpha`), spelled as most notes spell it.
    public var name: String
    /// The full name (`project/alpha`).
    public var path: String
    public var count: Int
    public var children: [TagNode]

    static func tree(notes: [Note]) -> [TagNode] {
        // Counts by tag key. Spellings are counted only where a note spells a tag other
        // than its key; the key itself (lower case) is the spelling everywhere else.
        var counts: [String: Int] = [:]
        var plain: [String: Int] = [:]
        var spellings: [String: [String: Int]] = [:]
        var seen: [String] = []
        for note in notes {
            seen.removeAll(keepingCapacity: true)
            for tag in note.tags {
                let key = TagName.key(tag)
                if key == tag {
                    plain[key, default: 0] += 1
                } else {
                    spellings[key, default: [:]][tag, default: 0] += 1
                }
                guard key.utf8.contains(UInt8(ascii: "/")) else {
                    // Tags in a note are distinct, so a top-level tag counts once as it is.
                    if !seen.contains(key) {
                        seen.append(key)
                    }
                    continue
                }
                // The tag and each ancestor, once per note.
                var prefix = key[...]
                while true {
                    let level = String(prefix)
                    if !seen.contains(level) { seen.append(level) }
                    guard let slash = prefix.utf8.lastIndex(of: UInt8(ascii: "/")) else { break }
                    prefix = prefix[..<slash]
                }
            }
            for key in seen { counts[key, default: 0] += 1 }
        }
        for (key, count) in plain { spellings[key, default: [:]][key, default: 0] += count }
        func display(_ key: String) -> String {
            if let spelled = spellings[key]?.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) {
                return spelled.key
            }
            // An ancestor nobody uses alone: take its spelling from a descendant.
            let descendant = spellings.keys.filter { $0.hasPrefix(key + "/") }.min() ?? key
            let levels = key.split(separator: "/").count
            return display(descendant).split(separator: "/").prefix(levels).joined(separator: "/")
        }
        var childrenOf: [String: [String]] = [:]
        var roots: [String] = []
        for key in counts.keys {
            if let slash = key.lastIndex(of: "/") {
                childrenOf[String(key[..<slash]), default: []].append(key)
            } else {
                roots.append(key)
            }
        }
        func build(_ key: String) -> TagNode {
            let path = display(key)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let children = (childrenOf[key] ?? []).map(build).sorted { $0.name.localizedStandardCompareFast($1.name) < 0 }
            return TagNode(name: name, path: path, count: counts[key] ?? 0, children: children)
        }
        return roots.map(build).sorted { $0.name.localizedStandardCompareFast($1.name) < 0 }
    }
}

extension StringProtocol {
    /// Case-insensitive order without Foundation's locale machinery: -1, 0 or 1.
    func localizedStandardCompareFast(_ other: some StringProtocol) -> Int {
        let a = lowercased(), b = other.lowercased()
        if a == b { return self < other ? -1 : (self == other ? 0 : 1) }
        return a < b ? -1 : 1
    }
}
