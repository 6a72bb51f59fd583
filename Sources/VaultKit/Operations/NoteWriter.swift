import Foundation
import VaultPlatform

/// The one write path for notes: read the file as it is now, edit its front matter,
/// and replace it atomically unless someone else changed it meanwhile.
public struct NoteWriter: Sendable {
    public let root: VaultRoot
    public var timeZone: TimeZone = .current
    /// Called between reading a note and replacing it; tests use it to play an editor
    /// that saves the note at the worst moment.
    public var afterRead: (@Sendable (String) -> Void)?
    /// Where each write is noted when the operation is recorded for `vault undo`.
    public var journal: WriteJournal?

    /// The file time an organising write (a pin, a tag change, an undo) gives a note: two
    /// seconds after `time`. Kept exactly, vim and nano (which judge a change on disk by
    /// the time alone) saved their buffer over the write without a warning; nano compares
    /// whole seconds, and vim on Linux lets one second pass for FAT's rounding. Two
    /// seconds on reorder no list kept by the `modified` key, and among notes without one
    /// only those changed within those two seconds.
    static func organisedTime(after time: FileTime) -> FileTime {
        let (seconds, overflow) = time.seconds.addingReportingOverflow(2)
        return FileTime(seconds: overflow ? time.seconds : seconds, nanoseconds: time.nanoseconds)
    }

    /// How many times a note that keeps changing under us is re-read before giving up.
    static let attempts = 3

    public init(root: VaultRoot) {
        self.root = root
    }

    public enum Outcome: Sendable, Equatable {
        /// The note was rewritten.
        case written
        /// The edit changed nothing, so nothing was written.
        case unchanged
    }

    /// Applies `edit` to the note at the vault-relative `path` and writes the result.
    ///
    /// The edit always runs on the bytes on disk now, so a change an editor saved after
    /// the scan is kept and the edit re-applied to it. If the file changes again between
    /// this read and the rename, it is read and edited once more; a note that keeps
    /// changing is left alone with a `.conflict` error.
    ///
    /// - Parameter touchesText: true when the user changed the note's text (`modified`
    ///   may move); false for organising writes, which move the file's modification
    ///   time on by two seconds only (`organisedTime(after:)`).
    @discardableResult
    public func update(
        _ path: String,
        touchesText: Bool = false,
        edit: (inout FrontMatterEditor) throws -> Void
    ) throws(VaultError) -> Outcome {
        try change(path, touchesText: touchesText, edit: edit) == nil ? .unchanged : .written
    }

    /// The bytes of a note before and after a write.
    public struct Change: Sendable {
        public var before: [UInt8]
        public var after: [UInt8]
    }

    /// As `update`, returning what the file held before and holds now; nil when the edit
    /// changed nothing.
    public func change(
        _ path: String,
        touchesText: Bool = false,
        edit: (inout FrontMatterEditor) throws -> Void
    ) throws(VaultError) -> Change? {
        for _ in 0..<Self.attempts {
            let (original, stat) = try root.read(path)
            if stat.isReadOnly {
                // Write permission is how a user says "leave this file alone"; renaming a new
                // file over it would not ask the file system, so vault asks here.
                throw .located(Diagnostic(path: path, severity: .error, message: "note is read-only; vault leaves it unchanged (chmod u+w to allow)"))
            }
            afterRead?(path)
            var editor: FrontMatterEditor
            do {
                editor = try FrontMatterEditor(bytes: original, timeZone: timeZone)
                try edit(&editor)
            } catch let error as FrontMatterError {
                throw .located(error.diagnostic(path: path))
            } catch let error as VaultError {
                throw error
            } catch {
                throw .invalidArgument(String(describing: error))
            }
            if editor.bytes == original { return nil }
            let keepTime = touchesText ? nil : Self.organisedTime(after: stat.modified)
            let change = Change(before: original, after: editor.bytes)
            let step = try journal?.intend(.edit(path, change))
            do {
                try root.write(editor.bytes, to: path, mode: stat.mode, modificationTime: keepTime,
                               replacing: .unchanged(stat.stamp), crashTestPoint: true)
                if let step { journal?.made(step) }
                return change
            } catch .conflict {
                continue
            }
        }
        throw .conflict(path: path)
    }

    /// Replaces the whole note at `path` with `bytes` as they are (an older version brought
    /// back): written over the file only as it was read, journaled like every write.
    public func replace(_ path: String, with bytes: [UInt8]) throws(VaultError) -> Outcome {
        for _ in 0..<Self.attempts {
            let (original, stat) = try root.read(path)
            if stat.isReadOnly {
                throw .located(Diagnostic(path: path, severity: .error, message: "note is read-only; vault leaves it unchanged (chmod u+w to allow)"))
            }
            if original == bytes { return .unchanged }
            let step = try journal?.intend(.edit(path, Change(before: original, after: bytes)))
            do {
                try root.write(bytes, to: path, mode: stat.mode, replacing: .unchanged(stat.stamp), crashTestPoint: true)
                if let step { journal?.made(step) }
                return .written
            } catch .conflict {
                continue
            }
        }
        throw .conflict(path: path)
    }
}
