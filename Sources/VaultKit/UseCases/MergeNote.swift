import Foundation

/// What git's merge driver does with three versions of a note (`%O %A %B %P`): front
/// matter key by key and bodies by line (`NoteMerge`), the config's YAML by key, any other
/// file kept as ours. When the same lines changed on both sides, theirs waits in the git
/// directory (`ConflictCopies`) and becomes a note of its own beside ours at the next sync;
/// it is kept before the result is returned for OURS: a driver that stops between the two
/// has lost nothing.
public struct MergeNote: Sendable {
    /// What a merge gave.
    public struct Report: Sendable {
        /// What OURS becomes.
        public var bytes: [UInt8]
        /// True when theirs was kept as a conflict copy.
        public var conflict: Bool
    }

    public let base: [UInt8]
    public let ours: [UInt8]
    public let theirs: [UInt8]
    /// The note's path in the repository.
    public let path: String

    public init(base: [UInt8], ours: [UInt8], theirs: [UInt8], path: String) {
        (self.base, self.ours, self.theirs, self.path) = (base, ours, theirs, path)
    }

    /// Does it, git running it in `directory`. Only git calls this, in a repository:
    /// anywhere else it is refused and changes nothing at all.
    public func run(in directory: String) throws(VaultError) -> Report {
        // Looked for on disk: a merge of many notes runs this once for each.
        guard Self.isInRepository(directory) else {
            throw .mergeOutsideRepository(directory)
        }
        var result: [UInt8]
        var conflict: [UInt8]?
        if path.hasSuffix(".md") {
            let merged = NoteMerge.merge(base: base, ours: ours, theirs: theirs)
            (result, conflict) = (merged.bytes, merged.conflict)
        } else if let merged = NoteMerge.mergeYAML(base: base, ours: ours, theirs: theirs) {
            result = merged
        } else {
            (result, conflict) = (ours, theirs)
        }
        if let conflict {
            let gitDirectory = try Git(directory: directory).check(["rev-parse", "--absolute-git-dir"])
            try ConflictCopies(gitDirectory: gitDirectory.stdout.trimmingCharacters(in: .newlines)).stage(conflict, for: path)
        }
        return Report(bytes: result, conflict: conflict != nil)
    }

    /// True when `directory` or a folder above it has `.git` (a folder, or a file naming one).
    static func isInRepository(_ directory: String) -> Bool {
        var path = directory
        while true {
            if FileManager.default.fileExists(atPath: path + "/.git") { return true }
            guard let slash = path.lastIndex(of: "/"), path != "/" else { return false }
            path = slash == path.startIndex ? "/" : String(path[..<slash])
        }
    }
}
