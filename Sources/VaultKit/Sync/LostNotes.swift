import Foundation

/// Notes a merge would have dropped. git knows files by their paths and by their likeness,
/// never by a note's `id`: when both machines restored one note from the trash, and one of
/// them had since given the name it left in the trash to the next note deleted, git took
/// that for an edit of the restored note and merged the other note over it. Every note
/// either side added or changed since the merge base is looked for, by its `id`, in what
/// the merge made; one that is not there is written back in its place (the note git put
/// there goes back where a side had it, when that is free) or beside it, whole.
struct LostNotes {
    let git: Git
    let root: VaultRoot

    /// Writes back, in the merge in progress from the commit `base`, every note it lost;
    /// stages them and returns their paths.
    func restore(since base: GitRevision) throws(VaultError) -> [String] {
        var written: [(side: GitRevision, path: String)] = []
        for side in [GitRevision.head, .mergeHead] {
            for (status, path) in try git.changes(from: base, to: side) where (status == "A" || status == "M") && Self.isNote(path) {
                written.append((side, path))
            }
        }
        guard !written.isEmpty else { return [] }
        // Where the merge can have put them: paths it changed, and the paths they had.
        let merged = try Set(git.changes(from: base, to: nil).filter { ($0.status == "A" || $0.status == "M") && Self.isNote($0.path) }.map(\.path))
            .union(written.map(\.path))
        // Each merged note's id (nil for one without), by path.
        var ids: [String: String?] = [:]
        for path in merged { if let bytes = try? root.read(path).bytes { ids[path] = Self.id(of: bytes) } }
        let present = Set(ids.values.compactMap { $0 })
        let notes = zip(written.map(\.path), try git.blobs(written.map { $0.side.file($0.path) })).compactMap { path, bytes in
            bytes.flatMap { bytes in Self.id(of: bytes).map { (path: path, bytes: bytes, id: $0) } }
        }
        var restored: [String] = []
        var kept = Set<[UInt8]>()
        for note in notes where !present.contains(note.id) {
            // A note still in its place with no id has lost its front matter in the merge
            // (text written above it, say), not its text: only another note there counts.
            guard ids[note.path].map({ $0 != nil }) ?? true, kept.insert(note.bytes).inserted else { continue }
            // The note git put in its place goes back to the place a side gave it, if free;
            // but a second copy of a note the merge has elsewhere (git merged a note's two
            // renames into both places, and one was joined) just gives the place back.
            if let intruder = ids[note.path] ?? nil, let elsewhere = ids.first(where: { $0.value == intruder && $0.key != note.path })?.key {
                // What git merged into this copy (an edit of the note made on one side, when
                // git took another note for the note's rename) goes to the note first.
                restored += try carry(from: note.path, into: elsewhere, id: intruder, since: base)
                try root.write(note.bytes, to: note.path, mode: (root.status(note.path)?.mode ?? 0o644) & 0o7777)
                try git.check(["add"], operands: [note.path])
                ids[note.path] = note.id
                restored.append(note.path)
                continue
            }
            if let intruder = ids[note.path] ?? nil,
               let home = notes.first(where: { $0.id == intruder && $0.path != note.path && root.status($0.path) == nil })?.path {
                try root.makeDirectories(home.split(separator: "/").dropLast().joined(separator: "/"))
                try root.move(note.path, to: home, operation: "move back to '\(home)'")
                try git.check(["add", "-A"], operands: [note.path, home])
            }
            let folder = note.path.split(separator: "/").dropLast().joined(separator: "/")
            let name = String(note.path.split(separator: "/").last ?? "")
            let target = root.status(note.path) == nil ? note.path : FileNaming.freePath(folder: folder, base: String(name.dropLast(3)), in: root)
            try root.makeDirectories(target.split(separator: "/").dropLast().joined(separator: "/"))
            try root.write(note.bytes, to: target, mode: 0o644, replacing: .nothing)
            try git.check(["add"], operands: [target])
            restored.append(target)
        }
        return restored
    }

    /// Merges the note at `copy` into the note of the same `id` at `note`, from the version
    /// the merge base had of it; stages the result. Returns the path of a conflict copy made
    /// when the two cannot be merged.
    private func carry(from copy: String, into note: String, id: String, since base: GitRevision) throws(VaultError) -> [String] {
        let (here, there) = (try root.read(copy).bytes, try root.read(note).bytes)
        guard here != there else { return [] }
        // The base version: where the note was before either side moved it.
        let left = try Set((git.changes(from: base, to: .head) + git.changes(from: base, to: .mergeHead))
            .filter { $0.status == "D" && Self.isNote($0.path) }.map(\.path)).sorted()
        let original = zip(left, try git.blobs(left.map { base.file($0) })).compactMap { $0.1 }.first { Self.id(of: $0) == id }
        let merged = NoteMerge.merge(base: original ?? [], ours: there, theirs: here)
        try root.write(merged.bytes, to: note, mode: (root.status(note)?.mode ?? 0o644) & 0o7777)
        var staged = [note]
        if let conflict = merged.conflict {
            let path = VaultSync.conflictCopyPath(for: note, date: Date()) { root.status($0) != nil }
            try root.write(ConflictCopies.copyNote(conflict, at: path), to: path, mode: 0o644, replacing: .nothing)
            staged.append(path)
        }
        try git.check(["add"], operands: staged)
        return Array(staged.dropFirst())
    }

    /// A note, in the vault or in its trash; not a file of `.vault/` or another hidden folder.
    static func isNote(_ path: String) -> Bool {
        path.hasSuffix(".md") && (!path.hasPrefix(".") || path.hasPrefix(Trash.directory + "/"))
    }

    /// The `id` of a note's front matter, lower-cased; nil when it has none, or only a
    /// template's placeholder (`NoteID.isIdentity`).
    static func id(of bytes: [UInt8]) -> String? {
        let frontMatter = bytes.withUnsafeBytes { try? FrontMatter.read($0, keys: ["id"]) }
        let id = frontMatter.flatMap { $0 }.flatMap { NoteFields($0, understood: [.id]).id?.lowercased() }
        return id.flatMap { NoteID.isIdentity($0) ? $0 : nil }
    }
}
