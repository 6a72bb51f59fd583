/// A folder with its note count (subfolders and deeper directories included).
public struct FolderNode: Sendable, Equatable {
    public var name: String
    /// Vault-relative path: `Work` or `Work/Projects`.
    public var path: String
    public var count: Int
    public var children: [FolderNode]

    static func tree(notes: [Note], directories: [String]) -> [FolderNode] {
        // Notes come directory by directory: counting runs of notes in the same folder keeps
        // string work out of the per-note loop (one byte comparison per note).
        var counts: [Substring: Int] = [:]
        var run: (path: String, length: Int, count: Int)?
        func flush() {
            guard let run else { return }
            let folder = run.path.utf8.prefix(run.length)
            guard let first = folder.firstIndex(of: UInt8(ascii: "/")) else { return }
            counts[run.path[..<first], default: 0] += run.count
            if let second = folder[folder.index(after: first)...].firstIndex(of: UInt8(ascii: "/")) {
                counts[run.path[..<second], default: 0] += run.count
            }
        }
        func countedLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            guard let first = bytes.firstIndex(of: UInt8(ascii: "/")) else { return 0 }
            return (bytes[(first + 1)...].firstIndex(of: UInt8(ascii: "/")) ?? first) + 1
        }
        // Indexing rather than iterating: a copy of a whole `Note` retains every field.
        for index in notes.indices {
            let path = notes[index].path
            // The folders that count it, as a path prefix up to and including the second `/`
            // (deeper directories count in their subfolder), or the first.
            let length = path.utf8.withContiguousStorageIfAvailable(countedLength) ?? Array(path.utf8).withUnsafeBufferPointer(countedLength)
            if let current = run, current.length == length,
               path.utf8.prefix(length).elementsEqual(current.path.utf8.prefix(length)) {
                run?.count += 1
                continue
            }
            flush()
            run = (path, length, 1)
        }
        flush()
        return tree(counts: counts, directories: directories)
    }

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
