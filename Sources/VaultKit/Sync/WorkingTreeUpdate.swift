import Foundation

/// Brings the working tree from one tree of git's to another the way vault writes a note,
/// never the way git's checkout does (docs/reliability.md, "A sync's merge and outside
/// writers"): git unlinks a file and creates it again, and whatever an editor or a shell's
/// `>>` wrote in between was lost. Here each file is replaced by the compare-and-swap write
/// saves use (`AtomicFile`'s `.unchanged`): it takes the place of the file only if that is
/// still the file that was read; when an outside program changed the file since the sync's
/// commit, its change is merged with the new version (a note as the merge driver merges
/// it), and when the two cannot be merged, the other version is kept beside as a conflict
/// copy. Nothing an outside writer wrote is dropped.
struct WorkingTreeUpdate {
    let root: VaultRoot
    let git: Git

    /// One file's change from the old tree to the new one.
    private struct Change {
        var path: String
        var oldBlob: String?
        var newBlob: String?
        var oldMode: String
        var newMode: String

        /// A regular file (not a symbolic link or a submodule) in the new tree.
        var isFile: Bool { newMode == "100644" || newMode == "100755" }
    }

    /// What `apply` did: the conflict copies it made, the index entries of the new tree for
    /// the paths it changed (`git update-index -z --index-info` lines), and the paths that
    /// are git's to write from the index (symbolic links, submodules).
    struct Applied {
        var conflictCopies: [String] = []
        var indexEntries = Data()
        var gitWrites: [String] = []
    }

    /// Applies the changes from `old` to `new` to the working tree, leaving out `skipped`
    /// (paths whose merge is settled afterwards). The index is the caller's to update, with
    /// the entries returned: git's `read-tree -m` refuses entries whose files changed.
    /// A path vault never writes (`.git` in any part or spelling, `..`) refuses the whole
    /// update before anything is written.
    func apply(from old: GitRevision, to new: GitRevision, skipping skipped: Set<String> = []) throws(VaultError) -> Applied {
        let all = try self.changes(from: old, to: new)
        if let refused = all.first(where: { Self.problem(with: $0.path) != nil }) {
            throw Self.refusal(refused.path, from: new)
        }
        // Removals first: a folder that becomes a file must be gone before the file is written.
        let changes = all.filter { !skipped.contains($0.path) }.sorted { ($0.newBlob == nil ? 0 : 1) < ($1.newBlob == nil ? 0 : 1) }
        var applied = Applied()
        for change in changes {
            let entry = change.newBlob.map { "\(change.newMode) \($0)\t\(change.path)" } ?? "0 \(String(repeating: "0", count: change.oldBlob?.count ?? 40))\t\(change.path)"
            applied.indexEntries += Data(entry.utf8) + [0]
        }
        guard !changes.isEmpty else { return applied }
        // Every blob both trees name, in one `git cat-file --batch`.
        let names = Array(Set(changes.flatMap { [$0.oldBlob, $0.newBlob].compactMap { $0 } }))
        let contents = Dictionary(uniqueKeysWithValues: zip(names, try git.blobs(names.compactMap(GitRevision.init(commit:)))))
        for change in changes {
            let before = change.oldMode == "100644" || change.oldMode == "100755" ? change.oldBlob.flatMap { contents[$0] ?? nil } : nil
            guard let blob = change.newBlob else {
                remove(change.path, ifStill: before, wasLink: change.oldMode == "120000")
                continue
            }
            // A symbolic link or a submodule is written by git from the index, as its merge
            // wrote it; nobody appends to one.
            guard change.isFile, let after = contents[blob] ?? nil else {
                if change.oldMode == "120000", root.status(change.path)?.kind == .symbolicLink { _ = root.removeFile(change.path) }
                applied.gitWrites.append(change.path)
                continue
            }
            if change.oldMode == "120000", root.status(change.path)?.kind == .symbolicLink { _ = root.removeFile(change.path) }
            if let copy = try write(after, to: change.path, mode: change.newMode == "100755" ? 0o755 : 0o644, replacing: before) {
                applied.conflictCopies.append(copy)
            }
        }
        return applied
    }

    /// Why vault never writes `path` from a tree of git's, nil when it may: a path a merge
    /// may hold is a vault path (`.vault/` too: the configuration and the history travel
    /// with the vault), and no part of it is `.git` in any case or spelling git itself
    /// refuses (`.git.`, `git~1`, with characters a file system ignores).
    static func problem(with path: String) -> String? {
        let checked = path.hasPrefix(".vault/") ? "settings/" + path.dropFirst(".vault/".count) : path
        if let problem = VaultPath.problem(withRecordedPath: checked) { return problem }
        let ignorable: Set<UInt32> = [0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                      0x206A, 0x206B, 0x206C, 0x206D, 0x206E, 0x206F, 0xFEFF]
        for part in path.split(separator: "/") {
            var name = String(String.UnicodeScalarView(part.unicodeScalars.filter { !ignorable.contains($0.value) })).lowercased()
            while name.hasSuffix(".") || name.hasSuffix(" ") { name.removeLast() }
            if name == ".git" || name == "git~1" { return "'\(path)' is inside a .git folder, which no operation changes" }
        }
        return nil
    }

    /// The error for a merge that would write `path`.
    static func refusal(_ path: String, from revision: GitRevision) -> VaultError {
        .mergeWritesForbiddenPath(path, problem: problem(with: path) ?? "not a vault path")
    }

    /// `git diff-tree -r` from `old` to `new`, read field by field (`-z`: names as they are).
    private func changes(from old: GitRevision, to new: GitRevision) throws(VaultError) -> [Change] {
        let output = try git.check(["diff-tree", "-r", "-z", "--no-renames"], revisions: [old, new])
        let fields = output.data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var changes: [Change] = []
        var index = 0
        while index + 1 < fields.count {
            // `:OLDMODE NEWMODE OLDBLOB NEWBLOB STATUS`, then the path.
            let meta = fields[index].split(separator: " ")
            let path = fields[index + 1]
            index += 2
            guard meta.count == 5, meta[0].hasPrefix(":") else { continue }
            let absent = String(repeating: "0", count: meta[2].count)
            changes.append(Change(path: path, oldBlob: meta[2] == absent ? nil : String(meta[2]),
                                  newBlob: meta[3] == absent ? nil : String(meta[3]),
                                  oldMode: String(meta[0].dropFirst()), newMode: String(meta[1])))
        }
        return changes
    }

    /// Writes `after` at `path` in place of the file that was `before` (nil: none); merges
    /// what an outside program changed since. Returns a conflict copy when it made one.
    private func write(_ after: [UInt8], to path: String, mode: UInt32, replacing before: [UInt8]?) throws(VaultError) -> String? {
        try root.makeDirectories(path.split(separator: "/").dropLast().joined(separator: "/"))
        // The last file read and what was made of it: a file that only grew since (a log
        // appended to) takes the same growth, without merging again.
        var last: (read: [UInt8], bytes: [UInt8], copy: (path: String, bytes: [UInt8])?)?
        for _ in 0..<Self.attempts {
            if let kind = root.status(path)?.kind, kind != .regular {
                throw .mergeBlockedByFolder(path, isFolder: kind == .directory)
            }
            guard let current = try? root.read(path) else {
                // Not there: new, or removed since the commit; the new version is an edit,
                // and an edit wins over a delete.
                do {
                    try root.write(after, to: path, mode: mode, replacing: .nothing)
                    return nil
                } catch .destinationExists {
                    continue
                }
            }
            // git keeps one permission bit: executable or not; the others stay as they are.
            let kept = current.status.mode & 0o7777
            let wanted = mode & 0o111 != 0 ? kept | 0o111 : kept & ~0o111
            // Already so (a merge begun before, or the same edit made here).
            if current.bytes == after, kept == wanted { return nil }
            var bytes = after
            var copy: (path: String, bytes: [UInt8])?
            if let last, current.bytes.count >= last.read.count, current.bytes.starts(with: last.read) {
                (bytes, copy) = (last.bytes + current.bytes[last.read.count...], last.copy)
            } else if current.bytes != before, current.bytes != after {
                // Changed by someone else since the sync's commit: both changes are kept.
                let merged = merge(base: before ?? [], ours: current.bytes, theirs: after, at: path)
                bytes = merged.bytes
                copy = merged.copy
            }
            last = (current.bytes, bytes, copy)
            do {
                try root.write(bytes, to: path, mode: wanted, replacing: .unchanged(current.status.stamp))
            } catch .conflict {
                // Out of step with a writer that keeps going (a log every few ms): a pause
                // of a random length, so that the next try does not fall on its beat.
                usleep(UInt32.random(in: 200...3_000))
                continue
            }
            guard let copy else { return nil }
            try root.write(copy.bytes, to: copy.path, mode: 0o644, replacing: .nothing)
            return copy.path
        }
        throw .conflict(path: path)
    }

    /// The outside change (`ours`) and the merge's (`theirs`) of `base`, together: a note as
    /// the merge driver merges one, any other file by git's line merge; where they cannot
    /// be joined, the outside version stays and the merge's goes into a conflict copy.
    private func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], at path: String) -> (bytes: [UInt8], copy: (path: String, bytes: [UInt8])?) {
        let copyPath = { VaultSync.conflictCopyPath(for: path, date: Date()) { root.status($0) != nil } }
        if LostNotes.isNote(path) {
            let merged = NoteMerge.merge(base: base, ours: ours, theirs: theirs)
            guard let conflict = merged.conflict else { return (merged.bytes, nil) }
            let copy = copyPath()
            return (merged.bytes, (copy, ConflictCopies.copyNote(conflict, at: copy)))
        }
        if let merged = LineMerge.merge(base: base, ours: ours, theirs: theirs) { return (merged, nil) }
        return (ours, (copyPath(), theirs))
    }

    /// Removes `path` if it is still `before` (what the old tree had), and the folders that
    /// leaves empty; a file someone changed since stays (an edit wins over a delete).
    private func remove(_ path: String, ifStill before: [UInt8]?, wasLink: Bool) {
        if wasLink {
            guard root.status(path)?.kind == .symbolicLink, root.removeFile(path) else { return }
        } else {
            guard let current = try? root.read(path), current.bytes == before,
                  root.status(path)?.stamp.isSameContent(as: current.status.stamp) == true, root.removeFile(path) else { return }
        }
        var folder = path.split(separator: "/").dropLast()
        while !folder.isEmpty, root.removeDirectory(folder.joined(separator: "/")) { folder.removeLast() }
    }

    /// How many times a file that keeps changing under the write is read again.
    private static let attempts = 100
}
