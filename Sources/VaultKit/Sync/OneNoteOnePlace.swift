import Foundation

/// A note that a merge left in two places (docs/sync.md, "one note, one place"). git knows
/// files by their paths: when both sides moved or renamed a note, each to a place of its
/// own, or one side moved it while the other changed it so much that git saw no rename,
/// git keeps both places, and the note becomes two notes with one id. After the merge such
/// a note is one note again:
///
/// - its place is the one a side moved it to (when both did, the later commit's);
/// - its text is the two versions merged as the merge driver merges a note, this machine's
///   where they cannot be (the other text becomes a conflict copy); a title or heading the
///   side whose place wins changed (a rename) is the note's title;
/// - the other place is removed, or, when the side that moved the note away put a new note
///   under its old name, holds that note.
struct OneNoteOnePlace {
    let git: Git
    let root: VaultRoot

    /// What became of one note found in two places.
    struct Joined: Sendable, Equatable {
        var kept: String
        var removed: String
        /// Where the other side's text went when it could not be merged.
        var conflictCopy: String?
    }

    /// One side's version of a note.
    private struct Version {
        var path: String
        var bytes: [UInt8]
    }

    /// Joins, in the merge in progress from the commit `base`, every note whose id one side
    /// has at a path only it has and the other side at another such path; stages the
    /// result. `discardCopies` is called with the paths joined, whose conflict copies
    /// from git's own merge are void.
    func join(since base: GitRevision, discardCopies: (Set<String>) throws(VaultError) -> Void) throws(VaultError) -> [Joined] {
        let ours = try git.changes(from: base, to: .head)
        let theirs = try git.changes(from: base, to: .mergeHead)
        func written(_ changes: [(status: String, path: String)]) -> [String] {
            changes.filter { ($0.status == "A" || $0.status == "M") && LostNotes.isNote($0.path) && !$0.path.hasPrefix(".") }.map(\.path)
        }
        let (ourPaths, theirPaths) = (written(ours), written(theirs))
        guard !ourPaths.isEmpty, !theirPaths.isEmpty else { return [] }
        // A path that only one side has: added by it, or kept (and changed) by it where the
        // other side deleted it.
        let ourDeleted = Set(ours.filter { $0.status == "D" }.map(\.path))
        let theirDeleted = Set(theirs.filter { $0.status == "D" }.map(\.path))
        let theirAdded = Set(theirs.filter { $0.status == "A" }.map(\.path))
        let ourAdded = Set(ours.filter { $0.status == "A" }.map(\.path))
        let shared = Set(theirPaths)
        let replaced = try twoNotesAtOnePath(ourPaths.filter { shared.contains($0) })
        let ourOwn = ourPaths.filter { theirDeleted.contains($0) || (ourAdded.contains($0) && !theirAdded.contains($0)) || replaced[$0] != nil }
        let theirOwn = theirPaths.filter { ourDeleted.contains($0) || (theirAdded.contains($0) && !ourAdded.contains($0)) || replaced[$0] != nil }
        guard !ourOwn.isEmpty, !theirOwn.isEmpty else { return [] }
        var ourByID: [String: Version] = [:]
        for (path, bytes) in zip(ourOwn, try git.blobs(ourOwn.map { GitRevision.head.file($0) })) {
            guard let bytes, let id = LostNotes.id(of: bytes), ourByID[id] == nil else { continue }
            ourByID[id] = Version(path: path, bytes: bytes)
        }
        var pairs: [(id: String, ours: Version, theirs: Version)] = []
        for (path, bytes) in zip(theirOwn, try git.blobs(theirOwn.map { GitRevision.mergeHead.file($0) })) {
            guard let bytes, let id = LostNotes.id(of: bytes), let mine = ourByID[id], mine.path != path,
                  !pairs.contains(where: { $0.id == id }),
                  // Both still there: where git saw the rename, it merged the two itself.
                  root.status(mine.path) != nil, root.status(path) != nil else { continue }
            pairs.append((id, mine, Version(path: path, bytes: bytes)))
        }
        guard !pairs.isEmpty else { return [] }
        // A place where git's merge put another note (the merge driver kept a side's other
        // note there, taking it for this one's edit): that note stays, and this one's
        // version there is the side's own.
        var occupied: [String: [UInt8]] = [:]
        for pair in pairs {
            for path in [pair.ours.path, pair.theirs.path] where replaced[path] == nil {
                if let bytes = try? root.read(path).bytes, let id = LostNotes.id(of: bytes), id != pair.id { occupied[path] = bytes }
            }
        }
        // The version both sides started from: at a place one side kept, or at the place both left.
        let left = ours.filter { $0.status == "D" && theirDeleted.contains($0.path) && LostNotes.isNote($0.path) }.map(\.path)
        var leftByID: [String: Version] = [:]
        for (path, bytes) in zip(left, try git.blobs(left.map { base.file($0) })) {
            if let bytes, let id = LostNotes.id(of: bytes) { leftByID[id] = leftByID[id] ?? Version(path: path, bytes: bytes) }
        }
        let kept = try git.blobs(pairs.flatMap { [base.file($0.ours.path), base.file($0.theirs.path)] })
        // When git saw two renames of one file, it merged the two versions under the path
        // both left: that merge's conflict copy is replaced by this one. (A copy under one
        // of the two paths holds what git merged into it from a third file: it stays.)
        try discardCopies(Set(pairs.compactMap { leftByID[$0.id]?.path }))
        let joinedIDs = Set(pairs.map(\.id))
        var joined: [Joined] = []
        var toStage: [String] = []
        for (index, pair) in pairs.enumerated() {
            let (ourBase, theirBase) = (kept[2 * index], kept[2 * index + 1])
            let base = ourBase.map { Version(path: pair.ours.path, bytes: $0) } ?? theirBase.map { Version(path: pair.theirs.path, bytes: $0) } ?? leftByID[pair.id]
            // The place a side moved the note to; when both did, the later commit's.
            var theirsWins: Bool
            if ourBase != nil {
                theirsWins = true
            } else if theirBase != nil {
                theirsWins = false
            } else {
                theirsWins = try commitTime(.mergeHead, pair.theirs.path) > commitTime(.head, pair.ours.path)
            }
            // A place where the other side put another note is that note's: never the winner.
            switch (replaced[pair.ours.path] != nil || occupied[pair.ours.path] != nil,
                    replaced[pair.theirs.path] != nil || occupied[pair.theirs.path] != nil) {
            case (true, false): theirsWins = true
            case (false, true): theirsWins = false
            default: break
            }
            let (winner, loser) = theirsWins ? (pair.theirs, pair.ours) : (pair.ours, pair.theirs)
            // Both sides moved it from one place: git saw two renames of one file and wrote
            // its own merge of the two into both places, so the sides' versions are merged
            // here. Otherwise the files as git left them, so that what it merged into one of
            // them from a third file stays. Each with the winner's new title when its side
            // gave the note one.
            let bothLeft = ourBase == nil && theirBase == nil && leftByID[pair.id] != nil
            // At a replaced place the worktree holds the merge driver's choice between two
            // notes: this note is the side's own version.
            func now(_ version: Version) throws(VaultError) -> [UInt8] {
                let bytes = bothLeft || replaced[version.path] != nil || occupied[version.path] != nil ? version.bytes : try root.read(version.path).bytes
                return Self.titled(bytes, like: winner.bytes, base: base?.bytes)
            }
            let merged = NoteMerge.merge(base: base?.bytes ?? [], ours: try now(pair.ours), theirs: try now(pair.theirs))
            let mode = root.status(winner.path)?.mode ?? 0o644
            try root.write(merged.bytes, to: winner.path, mode: mode & 0o7777)
            if let sides = replaced[loser.path] {
                // The note the other side put in the place this one left: the driver's
                // conflict copy of it is void. When that note left the place too (joined
                // elsewhere), the place holds neither.
                let newcomer = theirsWins ? sides.theirs : sides.ours
                if let id = LostNotes.id(of: newcomer), joinedIDs.contains(id) {
                    root.removeFile(loser.path)
                } else {
                    try root.write(newcomer, to: loser.path, mode: (root.status(loser.path)?.mode ?? 0o644) & 0o7777)
                }
                // git merged the two notes into each other at both places: its copies are void.
                try discardCopies([loser.path, winner.path])
            } else if occupied[loser.path] != nil {
                // The other note stays where git put it; the driver's copy of this one is void.
                try discardCopies([loser.path])
            } else {
                root.removeFile(loser.path)
            }
            var result = Joined(kept: winner.path, removed: loser.path)
            var staged = [winner.path, loser.path]
            if let conflict = merged.conflict {
                let copy = VaultSync.conflictCopyPath(for: winner.path, date: Date()) { root.status($0) != nil }
                try root.write(ConflictCopies.copyNote(conflict, at: copy), to: copy, mode: 0o644, replacing: .nothing)
                result.conflictCopy = copy
                staged.append(copy)
            }
            toStage.append(contentsOf: staged)
            joined.append(result)
        }
        // Once, for all: a place two joins emptied is gone from the index after the first.
        try git.check(["add", "-A"], operands: Array(Set(toStage)).sorted())
        return joined
    }

    /// Paths both sides wrote with a note of a different id each: one side moved or renamed
    /// its note away and put another under the name, which git, seeing the path on both
    /// sides, cannot know. For each, the two sides' bytes.
    private func twoNotesAtOnePath(_ paths: [String]) throws(VaultError) -> [String: (ours: [UInt8], theirs: [UInt8])] {
        guard !paths.isEmpty else { return [:] }
        let blobs = try git.blobs(paths.flatMap { [GitRevision.head.file($0), GitRevision.mergeHead.file($0)] })
        var found: [String: (ours: [UInt8], theirs: [UInt8])] = [:]
        for (index, path) in paths.enumerated() {
            guard let ours = blobs[2 * index], let theirs = blobs[2 * index + 1],
                  let ourID = LostNotes.id(of: ours), let theirID = LostNotes.id(of: theirs), ourID != theirID
            else { continue }
            found[path] = (ours, theirs)
        }
        return found
    }

    /// When the last commit of `revision` that touched `path` was made (seconds).
    private func commitTime(_ revision: GitRevision, _ path: String) throws(VaultError) -> Int {
        Int(try git.check(["log", "-1", "--format=%ct"], revisions: [revision], operands: [path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// `bytes` with the `title` key and the first `# ` heading of `model`, each where
    /// `model` changed it from `base` (a rename does) and both have it.
    static func titled(_ bytes: [UInt8], like model: [UInt8], base: [UInt8]?) -> [UInt8] {
        var result = bytes
        let baseEditor = base.flatMap { try? FrontMatterEditor(bytes: $0) }
        if var editor = try? FrontMatterEditor(bytes: result), let modelEditor = try? FrontMatterEditor(bytes: model),
           editor.has(FrontMatterKey.title), let title = modelEditor.entryText(FrontMatterKey.title),
           baseEditor?.entryText(FrontMatterKey.title) != title,
           (try? editor.putEntry(FrontMatterKey.title, title)) != nil {
            result = editor.bytes
        }
        guard let mine = firstHeading(in: result), let theirs = firstHeading(in: model) else { return result }
        if let base, let original = firstHeading(in: base), base[original] == model[theirs] { return result }
        result.replaceSubrange(mine, with: model[theirs])
        return result
    }

    /// The bytes of the first line that starts with `# ` after the front matter.
    private static func firstHeading(in bytes: [UInt8]) -> Range<Int>? {
        var start = bytes.withUnsafeBytes { raw -> Int in
            if case .block(let block) = FrontMatterBlock.locate(in: raw) { return block.bodyStart }
            return 0
        }
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            if bytes[start..<end].starts(with: [0x23, 0x20]) {
                // Without the line break (and a carriage return before it).
                return start..<(end > start && bytes[end - 1] == 0x0D ? end - 1 : end)
            }
            start = end + 1
        }
        return nil
    }
}
