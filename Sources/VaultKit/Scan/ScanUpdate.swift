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
    /// The scan with the changes applied; its notes keep their order, new ones at the end.
    public private(set) var scan: ScanResult
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
        self.scan = scan
        let paths = Set(paths)
        var positions: [String: Int]?
        let folders = Set(scan.folders)
        var buffer: [UInt8] = []
        // Paths that are gone and were no note: a file the scan could not open because it
        // went away between the walk and the read is reported by it; its issue goes too.
        var vanished: [String] = []
        var tally = TallyUpdate(scan.tally, folders: scan.folders)
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
                // Through the buffer: no note is copied (and retained) to look at its path.
                at = scan.notes.withUnsafeBufferPointer { notes in notes.indices.first { notes[$0].path == path } }
            } else {
                let index = positions ?? Self.positions(of: scan.notes)
                positions = index
                at = index[path]
            }
            guard let status, status.isRegularFile else {
                // Gone (or something this update does not read): drop it if it was a note.
                if status == nil, let at {
                    replaced.append(self.scan.notes[at])
                    tally.remove(self.scan.notes[at])
                    removed.append(path)
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
                replaced.append(self.scan.notes[at])
                if !self.scan.notes[at].stamp.isSameContent(as: note.stamp) { changed.append(path) }
                tally.remove(self.scan.notes[at])
                self.scan.notes[at] = note
                tally.add(note)
            } else {
                tally.add(note)
                self.scan.notes.append(note)
                added.append(path)
            }
        }
        if !removed.isEmpty {
            let gone = Set(removed), few = removed
            // A path or two are compared, not hashed with every note's.
            self.scan.notes.removeAll { few.count <= 16 ? few.contains($0.path) : gone.contains($0.path) }
        }
        // A file that was reported (binary, unreadable) and is now a note, or gone.
        let touched = Set(changed + added + removed + vanished)
        self.scan.issues.removeAll { touched.contains($0.path) }
        self.scan.allNotes = self.scan.notes
        // The scan's counts, brought up to date note by note: counting every note again
        // was most of a save's work at a million notes.
        self.scan.tally = tally.counts
        changed.sort()
        added.sort()
        removed.sort()
    }

    /// True when nothing a front end shows changed.
    public var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty }

    private static func positions(of notes: [Note]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(notes.count)
        for (index, note) in notes.enumerated() { positions[note.path] = index }
        return positions
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
