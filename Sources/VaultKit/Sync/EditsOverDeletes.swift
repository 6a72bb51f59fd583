import Foundation

/// Notes one side of a merge moved to the trash while the other side edited them. A sync
/// (docs/sync.md) keeps the edited note; but `vault rm` is a move into `.trash/`, which git sees as a
/// rename, so git carries the edit into the trash, where it would be purged `trashDays`
/// later without anyone having seen it. These notes go back where they were, edit and all.
struct EditsOverDeletes {
    let git: Git
    let trash: Trash

    /// Puts back every note trashed on one side of the merge in progress (from the commit
    /// `base`) and edited on the other, stages the change, and returns the notes' paths.
    func restore(since base: GitRevision) throws(VaultError) -> [String] {
        let sides: [GitRevision] = [.head, .mergeHead]
        let changes = try sides.map { side throws(VaultError) in try Changes(git.changes(from: base, to: side)) }
        let root = trash.vault.root
        var restored: [String] = []
        for (side, other) in [(0, 1), (1, 0)] {
            for info in changes[side].trashInfos {
                let text = try git.check(["show"], revisions: [sides[side].file(info)]).stdout
                let name = String(info.dropFirst(Trash.directory.count + 1).dropLast(TrashInfo.suffix.count))
                guard let original = TrashInfo(text: text)?.originalPath,
                      changes[other].edited.contains(original),
                      // git found no rename when the note is still in place: the edit is there.
                      root.status(original) == nil,
                      root.status(Trash.directory + "/" + name) != nil,
                      // Another note at the same path is no edit of this one (the other
                      // side moved it away and put a new note under its name).
                      try sameNote(sides[side].file(Trash.directory + "/" + name), sides[other].file(original)),
                      // A file kept with it that may not come back (a hidden path) keeps it
                      // in the trash, where `vault trash restore` names the file.
                      (try? trash.checkAttachments(of: name)) != nil
                else { continue }
                try trash.takeBack(name, to: original)
                restored.append(original)
            }
        }
        // Staged whole: the note, its record and any attachments that came back with it.
        if !restored.isEmpty { try git.check(["add", "-A"]) }
        return restored
    }

    /// False when the two blobs are notes with different ids.
    private func sameNote(_ one: GitRevision, _ other: GitRevision) throws(VaultError) -> Bool {
        let blobs = try git.blobs([one, other])
        guard let first = blobs[0].flatMap(LostNotes.id(of:)), let second = blobs[1].flatMap(LostNotes.id(of:)) else { return true }
        return first == second
    }

    /// What one side changed since the merge base.
    private struct Changes {
        /// Notes changed in place.
        var edited: Set<String> = []
        /// `.trash/NAME.md.trashinfo` records added: the notes this side deleted.
        var trashInfos: [String] = []

        init(_ changes: [(status: String, path: String)]) {
            let trashPrefix = Trash.directory + "/"
            for (status, path) in changes {
                if status == "M", path.hasSuffix(".md"), !path.hasPrefix(".") {
                    edited.insert(path)
                } else if status == "A", path.hasPrefix(trashPrefix), path.hasSuffix(".md" + TrashInfo.suffix),
                          !path.dropFirst(trashPrefix.count).contains("/") {
                    trashInfos.append(path)
                }
            }
        }
    }
}
