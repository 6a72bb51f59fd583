import Foundation
import VaultPlatform

/// Reads a note again from its file when a value of its cache entry does not decode: a
/// bulky one (snippet, tasks, links), or a string that is not UTF-8.
///
/// Those are checked only for bounds when the cache loads, so that the bulky values' pages
/// are not read, and no string is checked, until a command asks for them; a cache damaged
/// there (a flipped bit on disk, a file edited by hand) is found only then. The answer
/// must still be the files' own, so the note is read again, and the cache file is removed
/// once so the next command writes a sound one.
final class CacheRepair: @unchecked Sendable {
    private let root: VaultRoot
    private let timeZone: TimeZone
    private let inlineTags: Bool
    /// The notes read again, by path: kept for as long as the cache's notes live, since
    /// task records point into their bytes.
    private let readAgain = Locked<[String: Note]>([:])

    init(root: VaultRoot, timeZone: TimeZone, inlineTags: Bool) {
        self.root = root
        self.timeZone = timeZone
        self.inlineTags = inlineTags
    }

    /// True once a note was read again: the cache is damaged (and removed already).
    var hasRepaired: Bool { readAgain.withLock { !$0.isEmpty } }

    /// The note at `path` read from its file; one whose file cannot be read now (removed
    /// since the scan) reads as empty, as a note of that name with no text would.
    func note(readingAgain path: String, stamp: FileStamp) -> Note {
        if let note = readAgain.withLock({ $0[path] }) { return note }
        // Read outside the lock: a cache damaged throughout is read again on every core.
        var buffer: [UInt8] = []
        let note = NoteReader.read(path, in: root, buffer: &buffer, timeZone: timeZone, inlineTags: inlineTags) ?? empty(at: path, stamp: stamp)
        return readAgain.withLock { notes in
            // Another thread may have read it meanwhile; every caller gets the same note.
            if let first = notes[path] { return first }
            if notes.isEmpty {
                _ = root.removeFile(NoteCache.path)
                _ = root.removeFile(NoteCache.recentPath)
            }
            notes[path] = note
            return note
        }
    }

    /// A note of that name with no text: what a file that cannot be read now (removed since
    /// the scan, or binary) stands for.
    private func empty(at path: String, stamp: FileStamp) -> Note {
        let status = FileStatus(size: 0, inode: stamp.inode, mode: stamp.mode, modified: stamp.modified,
                                changed: FileTime(seconds: stamp.ctimeSeconds, nanoseconds: stamp.ctimeNanoseconds))
        return NoteReader.read(UnsafeRawBufferPointer(start: nil, count: 0), path: path, status: status, timeZone: timeZone, inlineTags: inlineTags)
    }
}
