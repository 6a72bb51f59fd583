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
        guard let tally = scan.tally else {
            self.init(notes: scan.notes, directories: scan.folders)
            return
        }
        self.init(
            notes: scan.notes, pinnedCount: tally.pinned, unsortedCount: tally.unsorted,
            folders: FolderNode.tree(counts: tally.folderCounts(directories: scan.folders), directories: scan.folders),
            tags: tally.tags.tree()
        )
    }

    public init(notes: [Note], directories: [String]) {
        self.init(
            notes: notes,
            pinnedCount: notes.reduce(0) { $0 + ($1.pinned ? 1 : 0) },
            unsortedCount: notes.reduce(0) { $0 + ($1.isUnsorted ? 1 : 0) },
            folders: FolderNode.tree(notes: notes, directories: directories),
            tags: TagNode.tree(notes: notes)
        )
    }

    private init(notes: [Note], pinnedCount: Int, unsortedCount: Int, folders: [FolderNode], tags: [TagNode]) {
        self.notes = notes
        self.pinnedCount = pinnedCount
        self.unsortedCount = unsortedCount
        self.folders = folders
        self.tags = tags
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

extension StringProtocol {
    /// Case-insensitive order without Foundation's locale machinery: -1, 0 or 1.
    func localizedStandardCompareFast(_ other: some StringProtocol) -> Int {
        let a = lowercased(), b = other.lowercased()
        if a == b { return self < other ? -1 : (self == other ? 0 : 1) }
        return a < b ? -1 : 1
    }
}
