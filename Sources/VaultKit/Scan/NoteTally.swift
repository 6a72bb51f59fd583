/// The counts of the main page, gathered note by note: notes per directory, pinned notes
/// and tags. The scanner keeps one per worker, adding each note while it is still in the
/// processor's cache, and merges them: counting afterwards meant following a hundred
/// thousand pointers to notes long since evicted.
struct NoteTally: Sendable {
    /// Notes per directory index of the scan's listing; the last slot is the root.
    private(set) var perDirectory: [Int]
    private(set) var pinned = 0
    private(set) var tags = TagTally()

    init(directories: Int) {
        perDirectory = Array(repeating: 0, count: directories + 1)
    }

    /// Counts `note`, listed in directory `directory` (-1: the root).
    mutating func add(_ note: Note, directory: Int) {
        perDirectory[directory < 0 ? perDirectory.count - 1 : directory] += 1
        if note.pinned { pinned += 1 }
        tags.add(note)
    }

    /// Uncounts `note`, counted before in directory `directory` (-1: the root).
    mutating func remove(_ note: Note, directory: Int) {
        perDirectory[directory < 0 ? perDirectory.count - 1 : directory] -= 1
        if note.pinned { pinned -= 1 }
        tags.remove(note)
    }

    mutating func merge(_ other: NoteTally) {
        for index in perDirectory.indices { perDirectory[index] += other.perDirectory[index] }
        pinned += other.pinned
        tags.merge(other.tags)
    }

    /// Notes at the vault root.
    var unsorted: Int { perDirectory[perDirectory.count - 1] }

    /// Notes per folder as the main page counts them: a top-level folder or a subfolder,
    /// deeper directories included.
    func folderCounts(directories: [String]) -> [Substring: Int] {
        var counts: [Substring: Int] = [:]
        for (index, directory) in directories.enumerated() where perDirectory[index] > 0 {
            let path = directory.utf8
            guard let first = path.firstIndex(of: UInt8(ascii: "/")) else {
                counts[directory[...], default: 0] += perDirectory[index]
                continue
            }
            counts[directory[..<first], default: 0] += perDirectory[index]
            let second = path[path.index(after: first)...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
            counts[directory[..<second], default: 0] += perDirectory[index]
        }
        return counts
    }
}
