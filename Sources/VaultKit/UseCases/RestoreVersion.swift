import Foundation

/// Brings an older version of a note back (`vault restore NOTE --at REV`), the one way
/// every front end does it: as a new change of the note's file, byte for byte the version
/// chosen, recorded for `vault undo`. History is never rewritten: git keeps the version
/// that is replaced too.
public struct RestoreVersion: Sendable {
    public let note: Note
    /// A commit (four or more hex digits of it) or a day (`YYYY-MM-DD`).
    public let at: String

    public struct Report: Sendable {
        /// The version brought back.
        public var version: NoteVersions.Version
        public var outcome: NoteWriter.Outcome
        public var recordID: String?
    }

    public init(_ note: Note, at: String) {
        self.note = note
        self.at = at
    }

    /// Runs it inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Report {
        let versions = NoteVersions(root: changes.vault.root)
        let all = try versions.versions(of: note.path)
        guard let version = NoteVersions.version(at, in: all, timeZone: changes.vault.timeZone) else {
            throw NoteVersions.noVersion(at, of: note.path, in: all, timeZone: changes.vault.timeZone)
        }
        let bytes = try versions.bytes(of: version)
        let path = note.path
        let summary = "\(path) as of \(version.commit.map { String($0.prefix(8)) } ?? "now")"
        do {
            let (outcome, id) = try changes.recorded(.restoreVersion, summary: summary) { changes in
                try changes.vault.writer.replace(path, with: bytes)
            }
            return Report(version: version, outcome: outcome, recordID: id)
        } catch let error as VaultError {
            throw error
        } catch {
            throw .invalidArgument(String(describing: error))
        }
    }
}
