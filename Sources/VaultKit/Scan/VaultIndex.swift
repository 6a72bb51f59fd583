import Foundation
import VaultPlatform

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
        self.init(notes: scan.notes, directories: scan.folders, tally: tally, counted: scan.folders)
    }

    public init(notes: [Note], directories: [String]) {
        // The tally counts by directory index; a folder missing from `directories` (notes
        // made by hand) is counted under an index of its own.
        var counted = directories
        var position = Dictionary(directories.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let directoryOfNote = notes.map { note -> Int in
            let folder = note.folder
            if folder.isEmpty { return -1 }
            if let index = position[folder] { return index }
            counted.append(folder)
            position[folder] = counted.count - 1
            return counted.count - 1
        }
        var tally = NoteTally(directories: counted.count)
        for (note, directory) in zip(notes, directoryOfNote) { tally.add(note, directory: directory) }
        self.init(notes: notes, directories: directories, tally: tally, counted: counted)
    }

    /// `counted` lists the directories the tally counts by: `directories` and maybe more.
    private init(notes: [Note], directories: [String], tally: NoteTally, counted: [String]) {
        self.notes = notes
        pinnedCount = tally.pinned
        unsortedCount = tally.unsorted
        folders = FolderNode.tree(counts: tally.folderCounts(directories: counted), directories: directories)
        tags = tally.tags.tree()
    }

    /// What the main page shows under its counts: the first `count` pinned notes and the
    /// `count` latest of the others, each in list order. One pass that keeps the few best
    /// (by the notes' order keys), not a sort of every note.
    public func glance(_ count: Int = 5) -> (pinned: [Note], latest: [Note]) {
        var pinned: [Note] = [], latest: [Note] = []
        func keep(_ note: Note, in best: inout [Note]) {
            if best.count == count, let last = best.last, !Self.listOrder(note, last) { return }
            let place = best.firstIndex { Self.listOrder(note, $0) } ?? best.endIndex
            best.insert(note, at: place)
            if best.count > count { best.removeLast() }
        }
        for note in notes {
            let key = note.orderKey
            // Most notes are older than the fifth best: the key tells without a comparison.
            if key.isPinned {
                if pinned.count < count || key <= pinned[pinned.count - 1].orderKey { keep(note, in: &pinned) }
            } else if latest.count < count || key <= latest[latest.count - 1].orderKey {
                keep(note, in: &latest)
            }
        }
        return (pinned, latest)
    }

    /// Notes in list order: pinned first, then most recently modified, ties by title.
    public static func sorted(_ notes: [Note]) -> [Note] {
        listOrder(of: notes).map { notes[$0] }
    }

    /// The positions of `notes` in list order: `sorted(notes)` is the notes at them.
    public static func listOrder(of notes: [Note]) -> [Int] {
        // Sort positions by precomputed keys: a note is a few hundred bytes to copy around.
        ListOrderKey.order(of: orderKeys(notes)) { a, b in
            notes.withUnsafeBufferPointer { listOrder($0[a], $0[b]) }
        }
    }

    /// The first `count` notes of `sorted(notes)`, without sorting them all: `vault list
    /// --limit 50` keeps the best fifty seen so far, and most notes lose to the fiftieth
    /// on their keys alone.
    public static func first(_ count: Int, of notes: [Note]) -> [Note] {
        guard count < notes.count / 4 else { return Array(sorted(notes).prefix(count)) }
        guard count > 0 else { return [] }
        let keys = orderKeys(notes)
        func before(_ a: Int, _ b: Int) -> Bool {
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            return notes.withUnsafeBufferPointer { listOrder($0[a], $0[b]) }
        }
        var best: [Int] = []
        best.reserveCapacity(count + 1)
        for position in notes.indices {
            if best.count == count, let last = best.last, !before(position, last) { continue }
            var low = 0, high = best.count
            while low < high {
                let middle = (low + high) / 2
                if before(best[middle], position) { low = middle + 1 } else { high = middle }
            }
            best.insert(position, at: low)
            if best.count > count { best.removeLast() }
        }
        return best.map { notes[$0] }
    }

    /// `sorted` (in list order) without the notes at `removing`, with `inserting` in their
    /// places: a few changed notes cost a search each instead of a sort of the vault.
    public static func sorted(_ sorted: [Note], removing paths: [String], inserting notes: [Note]) -> [Note] {
        var result = sorted
        if paths.count <= 16 {
            result.removeAll { note in paths.contains(note.path) }
        } else {
            let gone = Set(paths)
            result.removeAll { gone.contains($0.path) }
        }
        for note in notes {
            var low = 0, high = result.count
            while low < high {
                let middle = (low + high) / 2
                if listOrder(result[middle], note) { low = middle + 1 } else { high = middle }
            }
            result.insert(note, at: low)
        }
        return result
    }

    /// Each note's order key, which the note keeps.
    private static func orderKeys(_ notes: [Note]) -> [ListOrderKey] {
        notes.map(\.orderKey)
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
