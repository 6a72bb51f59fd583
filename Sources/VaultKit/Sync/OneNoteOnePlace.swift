import Foundation

/// A note both sides of a merge moved or renamed, each to a place of its own (DESIGN 14,
/// "one note, one place"). git knows files by their paths: it keeps both places, and the
/// note becomes two notes with one id. After the merge such a note is one note again: the
/// place of the later commit wins, the two versions are merged as the merge driver merges
/// a note (with the winner's title and heading, which the renames changed differently),
/// and the other place is removed. Edits that cannot be merged go to a conflict copy.
struct OneNoteOnePlace {
    let git: Git
    let root: VaultRoot

    /// What became of one note found in two places.
    struct Joined: Sendable, Equatable {
        var kept: String
        var removed: String
        /// Where the loser's text went when it could not be merged.
        var conflictCopy: String?
    }

    /// One side's version of a note it added since the merge base.
    private struct Version {
        var path: String
        var bytes: [UInt8]
    }

    /// Joins, in the merge in progress from the commit `base`, every note whose id both
    /// sides added under different paths; stages the result. `discardCopies` is called
    /// with the paths joined, whose conflict copies from git's own merge are void.
    func join(since base: String, discardCopies: (Set<String>) throws(VaultError) -> Void) throws(VaultError) -> [Joined] {
        let ours = try git.changes(from: base, to: "HEAD")
        let theirs = try git.changes(from: base, to: "MERGE_HEAD")
        func added(_ changes: [(status: String, path: String)]) -> [String] {
            changes.filter { $0.status == "A" && LostNotes.isNote($0.path) && !$0.path.hasPrefix(".") }.map(\.path)
        }
        let (ourAdded, theirAdded) = (added(ours), added(theirs))
        guard !ourAdded.isEmpty, !theirAdded.isEmpty else { return [] }
        var ourByID: [String: Version] = [:]
        for (path, bytes) in zip(ourAdded, try git.blobs(ourAdded.map { "HEAD:" + $0 })) {
            guard let bytes, let id = LostNotes.id(of: bytes), ourByID[id] == nil else { continue }
            ourByID[id] = Version(path: path, bytes: bytes)
        }
        var pairs: [(id: String, ours: Version, theirs: Version)] = []
        for (path, bytes) in zip(theirAdded, try git.blobs(theirAdded.map { "MERGE_HEAD:" + $0 })) {
            guard let bytes, let id = LostNotes.id(of: bytes), let mine = ourByID[id], mine.path != path,
                  !pairs.contains(where: { $0.id == id }) else { continue }
            pairs.append((id, mine, Version(path: path, bytes: bytes)))
        }
        guard !pairs.isEmpty else { return [] }
        // The version both sides started from: at the path both of them left.
        let ourDeleted = Set(ours.filter { $0.status == "D" }.map(\.path))
        let left = theirs.filter { $0.status == "D" && ourDeleted.contains($0.path) && LostNotes.isNote($0.path) }.map(\.path)
        var baseByID: [String: Version] = [:]
        for (path, bytes) in zip(left, try git.blobs(left.map { base + ":" + $0 })) {
            if let bytes, let id = LostNotes.id(of: bytes) { baseByID[id] = baseByID[id] ?? Version(path: path, bytes: bytes) }
        }
        // git merged the two versions under one of the three paths (the one both left, when
        // it saw two renames of one file): that merge's conflict copy is replaced by this one.
        try discardCopies(Set(pairs.flatMap { [$0.ours.path, $0.theirs.path] + (baseByID[$0.id].map { [$0.path] } ?? []) }))
        var joined: [Joined] = []
        for pair in pairs where root.status(pair.ours.path) != nil && root.status(pair.theirs.path) != nil {
            let theirsLater = try commitTime("MERGE_HEAD", pair.theirs.path) > commitTime("HEAD", pair.ours.path)
            let (winner, loser) = theirsLater ? (pair.theirs, pair.ours) : (pair.ours, pair.theirs)
            let merged = NoteMerge.merge(base: baseByID[pair.id]?.bytes ?? [], ours: winner.bytes, theirs: Self.titled(loser.bytes, like: winner.bytes))
            let mode = root.status(winner.path)?.mode ?? 0o644
            try root.write(merged.bytes, to: winner.path, mode: mode & 0o7777)
            root.removeFile(loser.path)
            var result = Joined(kept: winner.path, removed: loser.path)
            var staged = [winner.path, loser.path]
            if let conflict = merged.conflict {
                let copy = VaultSync.conflictCopyPath(for: winner.path, date: Date()) { root.status($0) != nil }
                try root.write(ConflictCopies.copyNote(conflict, at: copy), to: copy, mode: 0o644, replacing: .nothing)
                result.conflictCopy = copy
                staged.append(copy)
            }
            try git.check(["add", "-A", "--"] + staged)
            joined.append(result)
        }
        return joined
    }

    /// When the last commit of `revision` that touched `path` was made (seconds).
    private func commitTime(_ revision: String, _ path: String) throws(VaultError) -> Int {
        Int(try git.check(["log", "-1", "--format=%ct", revision, "--", path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// `bytes` with the `title` key and the first `# ` heading of `model`, where both have
    /// them: a rename changes those, and the winner's name is the note's name now.
    static func titled(_ bytes: [UInt8], like model: [UInt8]) -> [UInt8] {
        var result = bytes
        if var editor = try? FrontMatterEditor(bytes: result), let modelEditor = try? FrontMatterEditor(bytes: model),
           editor.has(FrontMatterKey.title), let title = modelEditor.entryText(FrontMatterKey.title),
           (try? editor.putEntry(FrontMatterKey.title, title)) != nil {
            result = editor.bytes
        }
        guard let mine = firstHeading(in: result), let theirs = firstHeading(in: model) else { return result }
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
