import Foundation
import VaultPlatform

/// A scan brought up to date by re-reading only the paths that changed, as a directory
/// watcher reports them: what lets `vault serve` show an edit within milliseconds on a
/// vault of 100,000 notes instead of rescanning it.
///
/// Only what a single file can change is handled here: a note written, created or
/// removed. Anything the full scan has rules for beyond one note (a directory created,
/// renamed or removed, a symbolic link, a binary or unreadable file, a name that is not
/// UTF-8) makes `init` return nil, and the caller rescans.
public struct ScanUpdate: Sendable {
    /// The scan with the changes applied, but for its notes (`notes`): its folders,
    /// issues and counts.
    package private(set) var rest: ScanResult
    /// The scan's notes with the changes applied, in its order, new ones at the end: in
    /// chunks shared with the notes before, so that a save copies the chunk of the note it
    /// re-read, not a million notes (an `Array` shared with the snapshot before was copied
    /// whole, half of a save's work at a million notes).
    package private(set) var notes: ChunkedList<Note>
    /// The scan with the changes applied; its notes keep their order, new ones at the end.
    /// Made on each call: a copy of every note.
    public var scan: ScanResult { rest.with(notes.array) }
    /// The note paths whose notes were re-read, added or removed.
    public private(set) var changed: [String] = []
    public private(set) var added: [String] = []
    public private(set) var removed: [String] = []
    /// The notes re-read, changed or not.
    public private(set) var reread: [Note] = []
    /// The notes removed or re-read as the scan had them before, so that the list they
    /// are in finds them by their order, not by comparing every note's path.
    public private(set) var replaced: [Note] = []

    /// Applies the changes to `paths` (vault-relative, as reported) to `scan`; nil when a
    /// full rescan is needed. Paths in hidden directories (`.trash`, `.git`) and files that
    /// are not notes change nothing here.
    /// `inlineTags`: whether body `#tags` are tags (`tags.inline`).
    public init?(_ scan: ScanResult, paths: some Sequence<String>, root: VaultRoot, timeZone: TimeZone, inlineTags: Bool = true) {
        self.init(scan.withoutNotes, notes: ChunkedList(scan.notes), paths: paths, root: root, timeZone: timeZone, inlineTags: inlineTags)
    }

    /// Applies the changes to `paths` to the scan `rest` (its notes left out) of `notes`,
    /// as `init(_:paths:root:timeZone:inlineTags:)` does.
    package init?(_ rest: ScanResult, notes: ChunkedList<Note>, paths: some Sequence<String>, root: VaultRoot, timeZone: TimeZone, inlineTags: Bool = true) {
        self.rest = rest
        self.notes = notes
        let scan = rest
        let paths = Set(paths)
        var positions: [String: Int]?
        let folders = Set(scan.folders)
        var buffer: [UInt8] = []
        // Paths that are gone and were no note: a file the scan could not open because it
        // went away between the walk and the read is reported by it; its issue goes too.
        var vanished: [String] = []
        var tally = TallyUpdate(scan.tally, folders: scan.folders)
        var removedPositions: [Int] = []
        for path in paths {
            guard !path.isEmpty, !path.contains("\u{FFFD}") else { return nil }
            guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            if folders.contains(path) { return nil }
            let status = root.status(path)
            if status?.isDirectory == true || status?.kind == .symbolicLink { return nil }
            guard path.hasSuffix(".md") else { continue }
            // A few paths are looked for; many are looked up.
            let at: Int?
            if paths.count <= 16 {
                // Through the chunks' buffers: no note is copied (and retained) to look at its path.
                at = notes.firstPosition { $0.path == path }
            } else {
                let index = positions ?? Self.positions(of: notes)
                positions = index
                at = index[path]
            }
            guard let status, status.isRegularFile else {
                // Gone (or something this update does not read): drop it if it was a note.
                if status == nil, let at {
                    replaced.append(self.notes[at])
                    tally.remove(self.notes[at])
                    removed.append(path)
                    removedPositions.append(at)
                    continue
                }
                if status == nil {
                    vanished.append(path)
                    continue
                }
                return nil
            }
            let parent = path.split(separator: "/").dropLast().joined(separator: "/")
            guard parent.isEmpty || folders.contains(parent) else { return nil }
            guard let note = NoteReader.read(path, in: root, buffer: &buffer, timeZone: timeZone, inlineTags: inlineTags) else { return nil }
            reread.append(note)
            if let at {
                let before = self.notes[at]
                replaced.append(before)
                if !before.stamp.isSameContent(as: note.stamp) { changed.append(path) }
                tally.remove(before)
                self.notes[at] = note
                tally.add(note)
            } else {
                tally.add(note)
                self.notes.append(note)
                added.append(path)
            }
        }
        // Appended notes come after every position found above, so those still hold.
        self.notes.remove(atAscending: removedPositions.sorted())
        // A file that was reported (binary, unreadable) and is now a note, or gone.
        let touched = Set(changed + added + removed + vanished)
        self.rest.issues.removeAll { touched.contains($0.path) }
        // The scan's counts, brought up to date note by note: counting every note again
        // was most of a save's work at a million notes.
        self.rest.tally = tally.counts
        changed.sort()
        added.sort()
        removed.sort()
    }

    /// True when nothing a front end shows changed.
    public var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty }

    private static func positions(of notes: ChunkedList<Note>) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(notes.count)
        notes.forEachChunk { start, chunk in
            for (offset, note) in chunk.enumerated() { positions[note.path] = start + offset }
        }
        return positions
    }
}

extension ScanResult {
    /// This scan without its notes (kept elsewhere, in chunks: `ScanUpdate.notes`).
    var withoutNotes: ScanResult {
        var rest = self
        rest.notes = []
        rest.allNotes = []
        return rest
    }

    /// This scan with `notes` as its notes, every one of them read (`allNotes`).
    func with(_ notes: [Note]) -> ScanResult {
        var scan = self
        scan.notes = notes
        scan.allNotes = notes
        return scan
    }
}

/// The scan's counts (`NoteTally`) with notes uncounted and counted as an update re-reads
/// them; none when the scan had none or a note's folder is not among its folders.
private struct TallyUpdate {
    private(set) var counts: NoteTally?
    private let directories: [String: Int]

    init(_ counts: NoteTally?, folders: [String]) {
        self.counts = counts
        directories = counts == nil ? [:] : Dictionary(folders.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func directory(of note: Note) -> Int? {
        note.folder.isEmpty ? -1 : directories[note.folder]
    }

    mutating func add(_ note: Note) {
        guard counts != nil, let directory = directory(of: note) else { return counts = nil }
        counts?.add(note, directory: directory)
    }

    mutating func remove(_ note: Note) {
        guard counts != nil, let directory = directory(of: note) else { return counts = nil }
        counts?.remove(note, directory: directory)
    }
}
