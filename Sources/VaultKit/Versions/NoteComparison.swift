import Foundation

/// Two versions of a note and what changed between them: what `vault diff NOTE [FROM] [TO]`
/// and the app's History tab show, chosen the one way both do.
public struct NoteComparison: Sendable {
    /// The note, where it is now.
    public var path: String
    /// The older version; nil when there is none (the note's first version is compared
    /// with nothing).
    public var older: NoteVersions.Version?
    /// The newer version; its commit is nil for the file as it is now.
    public var newer: NoteVersions.Version
    public var diff: NoteDiff

    /// Compares the versions of the note at `path` that `from` and `to` name (commits or
    /// days, as `NoteVersions.version` reads them). TO is the file now by default; with
    /// neither, the change not committed yet, else the last commit's.
    public static func make(path: String, from: String?, to: String?, root: VaultRoot, timeZone: TimeZone) throws(VaultError) -> NoteComparison {
        let history = NoteVersions(root: root)
        let versions = try history.versions(of: path)
        func named(_ text: String) throws(VaultError) -> NoteVersions.Version {
            guard let version = NoteVersions.version(text, in: versions, timeZone: timeZone) else {
                throw .noVersionMatching(path: path, text: text)
            }
            return version
        }
        let committed = versions.filter { $0.commit != nil }
        let current = NoteVersions.Version(commit: nil, date: Date(), author: "", path: path, kinds: [])
        let older: NoteVersions.Version?, newer: NoteVersions.Version
        if let from {
            older = try named(from)
            newer = try to.map { (text) throws(VaultError) in try named(text) } ?? current
        } else if versions.first?.commit == nil {
            (older, newer) = (committed.first, current)
        } else {
            (older, newer) = (committed.dropFirst().first, committed.first ?? current)
        }
        let diff = try NoteDiff.between(try older.map { (version) throws(VaultError) in try history.bytes(of: version) } ?? [], try history.bytes(of: newer), root: root)
        return NoteComparison(path: path, older: older, newer: newer, diff: diff)
    }
}
