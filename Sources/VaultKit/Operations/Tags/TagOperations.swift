import Foundation
import VaultPlatform

/// Tag rename, merge and split across the vault, and adding or removing tags on notes.
///
/// Renames, merges and splits are recorded in `.vault/history/` before any note changes,
/// so running the same command again completes an interrupted one. Organising is not
/// editing: `modified` and file times stay as they were.
public struct TagOperations: Sendable {
    public let vault: Vault
    public let notes: [Note]
    /// Called after each note with (done, total), for progress on a terminal.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(vault: Vault, notes: [Note]) {
        self.vault = vault
        self.notes = notes
    }

    /// What an operation did.
    public struct Report: Sendable {
        /// The notes written (or, with `dryRun`, that would be).
        public var changed: [String] = []
        /// Notes that could not be changed, with why; the others went ahead.
        public var failed: [VaultError] = []
        /// Notes a split could not find any more (deleted since the merge).
        public var missing: [TagHistoryRecord.Entry] = []
        /// The history record's id, for renames, merges and splits.
        public var recordID: String?
    }

    // MARK: - Add and remove

    /// Adds `tags` to `targets`.
    public func add(_ tags: [String], to targets: [Note], dryRun: Bool = false) throws(VaultError) -> Report {
        let names = try validated(tags)
        return apply(to: targets.filter { note in names.contains { tag in !note.tags.contains { TagName.key($0) == TagName.key(tag) } } }, dryRun: dryRun) { editor, _ in
            try editor.updateTags(removing: [], adding: names)
        }
    }

    /// Removes `tags` from `targets`.
    public func remove(_ tags: [String], from targets: [Note], dryRun: Bool = false) throws(VaultError) -> Report {
        let keys = Set(try validated(tags).map(TagName.key))
        let inline = vault.config.inlineTags
        return apply(to: targets.filter { $0.tags.contains { keys.contains(TagName.key($0)) } }, dryRun: dryRun) { editor, _ in
            try editor.renameTags { keys.contains(TagName.key($0)) ? nil : $0 }
            // An inline `#tag` goes where it stands, with one space beside it.
            if inline { editor.renameInlineTags { keys.contains(TagName.key($0)) ? nil : $0 } }
        }
    }

    // MARK: - Rename and merge

    /// Renames `old` and its descendants (`project/alpha` → `proj/alpha`) in every note.
    /// Renaming onto a tag that exists is a merge and needs `merge: true`.
    /// `restoring`: the rename this one takes back; each note it changed gets its tags
    /// back as they were written (`#Finance`, `#FINANCE`, the `tags` entry's own text)
    /// where they still stand as it left them, rather than spelled as `new` is.
    public func rename(_ old: String, to new: String, merge: Bool = false, dryRun: Bool = false,
                       restoring: TagHistoryRecord? = nil) throws(VaultError) -> Report {
        let (oldName, newName) = (try validated([old])[0], try validated([new])[0])
        let oldKey = TagName.key(oldName)
        let newKey = TagName.key(newName)
        if newKey.hasPrefix(oldKey + "/") {
            throw .invalidTagName(new, reason: "a tag cannot be renamed below itself")
        }
        let exists = newKey != oldKey && notes.contains { $0.tags.contains { TagName.isSelfOrDescendant(TagName.key($0), of: newKey) } }
        // An interrupted rename has made the new tag exist itself: running it again finishes it.
        if exists, !merge, Self.interrupted(.rename, sources: [oldName], target: newName, in: TagHistory(vault: vault)) == nil {
            throw .tagExists(newName, renaming: oldName)
        }
        let transform = Self.renaming(oldKey: oldKey, to: newName)
        let affected = notes.filter { $0.tags.contains { transform($0) != $0 } }
        try requireTagged([oldName], kind: .rename, target: newName)
        let inline = vault.config.inlineTags
        let writtenBefore = restoring.map { spellings(before: $0) } ?? [:]
        let report = try recorded(kind: .rename, sources: [oldName], target: newName, affected: affected,
                                  skipped: unparsedNotes(mentioning: [oldName]), dryRun: dryRun) { editor, path in
            if let (entry, renamed) = writtenBefore[path] { try Self.giveBack(entry, renamedBy: renamed, in: &editor) }
            if inline { try editor.renameInlineTags(transform, in: path) }
            try editor.renameTags(transform)
        }
        // The colours go with the tags, as a folder's go with it. A config that does not
        // parse is left for `vault check` to report: the notes are renamed either way.
        if !dryRun { try? ConfigEditor(root: vault.root).renameTagColors(oldName, to: newName) }
        return report
    }

    /// Every note tagged with one of `sources` loses it and gets `target` (once); tags
    /// below a source move below the target (`a/x` → `c/x`), as a rename moves them.
    public func merge(_ sources: [String], into target: String, dryRun: Bool = false) throws(VaultError) -> Report {
        let sourceNames = try validated(sources)
        let targetName = try validated([target])[0]
        let targetKey = TagName.key(targetName)
        let keys = Set(sourceNames.map(TagName.key)).subtracting([targetKey])
        guard !keys.isEmpty else { throw .nothingToMerge }
        if keys.contains(where: { targetKey.hasPrefix($0 + "/") }) {
            throw .invalidTagName(target, reason: "a tag cannot be merged into a tag below it")
        }
        let transform = Self.merging(sourceKeys: keys, into: targetName)
        let affected = notes.filter { $0.tags.contains { transform($0) != $0 } }
        try requireTagged(sourceNames, kind: .merge, target: targetName)
        let inline = vault.config.inlineTags
        return try recorded(kind: .merge, sources: sourceNames, target: targetName, affected: affected,
                            skipped: unparsedNotes(mentioning: sourceNames), dryRun: dryRun) { editor, path in
            if inline { try editor.renameInlineTags(transform, in: path) }
            try editor.renameTags(transform)
        }
    }

    // MARK: - Split

    /// Undoes merge `id`: every note it changed gets its source tags back and loses the
    /// target unless it had it before. Notes are found by `id` wherever they are now, and
    /// later renames of the target are followed.
    public func split(_ id: String, dryRun: Bool = false) throws(VaultError) -> Report {
        let history = TagHistory(vault: vault)
        let (_, merge) = try history.record(id)
        guard merge.kind == .merge else {
            throw .notAMerge(id: merge.id, kind: merge.kind.rawValue)
        }
        let records = history.records().map(\.record)
        let mergeIndex = records.firstIndex { $0.id == merge.id } ?? records.count
        if let done = records.first(where: { $0.kind == .split && $0.undoes == merge.id && $0.state == .done }) {
            throw .alreadySplit(id: merge.id, by: done.id)
        }
        // Follow renames of the target made after the merge.
        var renames: [(String, String)] = []
        var target = merge.target
        for record in records[min(mergeIndex + 1, records.count)...] where record.kind == .rename && record.state == .done {
            guard let source = record.sources.first else { continue }
            let transform = Self.renaming(oldKey: TagName.key(source), to: record.target)
            renames.append((source, record.target))
            target = transform(target) ?? target
        }
        let applyRenames: @Sendable (String) -> String = { [renames] name in
            renames.reduce(name) { current, rename in Self.renaming(oldKey: TagName.key(rename.0), to: rename.1)(current) ?? current }
        }
        let sourceKeys = Set(merge.sources.map(TagName.key))
        let merging = Self.merging(sourceKeys: sourceKeys, into: merge.target)
        // Two notes may share an id (a copy made by hand): the recorded path tells them apart.
        let byID = notesByID()
        var report = Report()
        var plan: [(Note, TagHistoryRecord.Entry)] = []
        var planned = Set<String>()
        for entry in merge.notes {
            let candidates = (byID[entry.id.lowercased()] ?? []).filter { !planned.contains($0.path) }
            guard let note = candidates.first(where: { $0.path == entry.path }) ?? (candidates.count == 1 ? candidates.first : nil) else {
                report.missing.append(entry)
                continue
            }
            planned.insert(note.path)
            plan.append((note, entry))
        }
        let entries = Dictionary(plan.map { ($0.0.path, $0.1) }, uniquingKeysWith: { first, _ in first })
        var result = try recorded(kind: .split, sources: [target], target: merge.sources.joined(separator: ", "), undoes: merge.id,
                                  affected: plan.map(\.0), dryRun: dryRun) { editor, path in
            guard let entry = entries[path] else { return }
            Self.restoreInline(entry.inline, in: &editor) { applyRenames(merging($0)) }
            let before = entry.before
            let beforeKeys = Set(before.map(TagName.key))
            let restored = before.filter { merging($0) != $0 }
            let current = editor.fields.tags
            // Untouched since the merge: put the list back exactly as it was.
            let merged = Self.merged(before, sources: sourceKeys, target: merge.target).map(applyRenames)
            if current.map(TagName.key) == merged.map(TagName.key) {
                // Byte for byte when no later rename changed one of its other tags.
                let restoredAsWritten = entry.text.map { text in
                    before.allSatisfy({ applyRenames($0) == $0 || merging($0) != $0 }) && editor.replaceTagsEntry(with: text, expecting: before)
                } ?? false
                if !restoredAsWritten {
                    try editor.setTags(before.map { merging($0) != $0 ? $0 : applyRenames($0) })
                }
                return
            }
            // What the merge made of the restored tags (as later renames call it) goes,
            // unless the note had it before.
            let made = Set(restored.map { TagName.key(applyRenames(merging($0))) }).subtracting(beforeKeys)
            try editor.renameTags { made.contains(TagName.key($0)) ? nil : $0 }
            try editor.updateTags(removing: [], adding: restored)
        }
        result.missing = report.missing
        return result
    }

    // MARK: - Helpers

    /// The notes with an id, by it (ids compare ignoring case, as records write them).
    private func notesByID() -> [String: [Note]] {
        Dictionary(grouping: notes.filter { $0.id != nil }, by: { $0.id?.lowercased() ?? "" })
    }

    /// The notes `rename` changed, by where they are now (the one note with their `id`,
    /// else their recorded path while the note there has that id or none, and the entry
    /// none), each with how it was written before and what the rename made of a tag.
    private func spellings(before rename: TagHistoryRecord) -> [String: (TagHistoryRecord.Entry, @Sendable (String) -> String)] {
        guard rename.kind == .rename, let source = rename.sources.first else { return [:] }
        let renamed = Self.merging(sourceKeys: [TagName.key(source)], into: rename.target)
        let idAt = Dictionary(notes.map { ($0.path, $0.id?.lowercased() ?? "") }, uniquingKeysWith: { first, _ in first })
        let byID = notesByID()
        var found: [String: (TagHistoryRecord.Entry, @Sendable (String) -> String)] = [:]
        for entry in rename.notes where entry.text != nil || !entry.inline.isEmpty {
            let id = entry.id.lowercased()
            let candidates = id.isEmpty ? [] : byID[id] ?? []
            let path = candidates.count == 1 ? candidates.first?.path : (idAt[entry.path] == id ? entry.path : nil)
            guard let path else { continue }
            found[path] = (entry, renamed)
        }
        return found
    }

    /// Gives a note the tags a rename rewrote as they were written before it: the inline
    /// ones where they stand, and the `tags` entry's text when its tags are still those the
    /// rename left. What no longer matches is left for renaming back.
    static func giveBack(_ entry: TagHistoryRecord.Entry, renamedBy renamed: (String) -> String, in editor: inout FrontMatterEditor) throws {
        restoreInline(entry.inline, in: &editor, merged: renamed)
        guard let text = entry.text else { return }
        var seen = Set<String>()
        let left = entry.before.map { TagName.key(renamed($0)) }.filter { seen.insert($0).inserted }
        if editor.fields.tags.map(TagName.key) == left { _ = editor.replaceTagsEntry(with: text, expecting: entry.before) }
    }

    /// Notes whose front matter does not parse but mentions one of `tags`: their tags
    /// could not be read, so a vault-wide operation could not change them. Each is
    /// reported, never passed over in silence.
    private func unparsedNotes(mentioning tags: [String]) -> [VaultError] {
        let needles = tags.map { Array($0.lowercased().utf8) }
        return notes.compactMap { note -> VaultError? in
            guard let error = note.frontMatterError, let (bytes, _) = try? vault.root.read(note.path) else { return nil }
            let yaml: ArraySlice<UInt8> = bytes.withUnsafeBytes { raw in
                if case .block(let block) = FrontMatterBlock.locate(in: raw) { return bytes[block.yamlRange] }
                return []
            }
            let lowered = yaml.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
            guard needles.contains(where: { needle in lowered.indices.contains { lowered[$0...].starts(with: needle) } }) else { return nil }
            var diagnostic = error.diagnostic(path: note.path)
            diagnostic.message = "front matter does not parse, so its tags were not changed (fix it and run the command again): " + diagnostic.message
            return .located(diagnostic)
        }
    }

    /// A rename or merge of tags no note has is a typo: an error, with the closest tag,
    /// and nothing recorded (unless it completes an interrupted operation). A merge goes
    /// ahead while one of its sources is left: running a merge again after an editor put a
    /// tag back must finish it.
    private func requireTagged(_ sources: [String], kind: TagHistoryRecord.Kind, target: String) throws(VaultError) {
        guard Self.interrupted(kind, sources: sources, target: target, in: TagHistory(vault: vault)) == nil else { return }
        do {
            try requireExisting(sources)
        } catch {
            let keys = Set(sources.map(TagName.key))
            let anyLeft = notes.contains { note in note.tags.contains { tag in keys.contains { TagName.isSelfOrDescendant(TagName.key(tag), of: $0) } } }
            if !anyLeft { throw error }
        }
    }

    /// Throws `.tagNotFound` (with the closest tag) for the first of `tags` no note has,
    /// itself or below it.
    public func requireExisting(_ tags: [String]) throws(VaultError) {
        let sources = tags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        var known: [String: String] = [:]
        for note in notes {
            for tag in note.tags {
                for level in TagName.selfAndAncestors(tag) { known[TagName.key(level)] = known[TagName.key(level)] ?? level }
            }
        }
        guard let missing = sources.first(where: { !known.keys.contains(TagName.key($0)) }) else { return }
        let nearest = EditDistance.nearest(to: TagName.key(missing), in: known.keys.sorted()).flatMap { known[$0] }
        throw .tagNotFound(missing, suggestion: nearest)
    }

    /// Gives the inline tags a merge rewrote their names of `before` (every inline tag the
    /// body had, in order) back where they stand; `merged` names what the merge (and later
    /// renames) made of a tag. When the body's tags are still those the merge left, each
    /// goes back by position, byte for byte; after edits, the rewritten ones are matched
    /// in order.
    static func restoreInline(_ before: [String], in editor: inout FrontMatterEditor, merged: (String) -> String) {
        guard before.contains(where: { merged($0) != $0 }) else { return }
        let now = editor.inlineTags.map { TagName.key($0.name) }
        if now == before.map({ TagName.key(merged($0)) }) {
            editor.rewriteInlineTags { index, name in merged(before[index]) != before[index] ? before[index] : name }
            return
        }
        var pending = before.filter { merged($0) != $0 }[...]
        editor.rewriteInlineTags { _, name in
            guard let next = pending.first, TagName.key(name) == TagName.key(merged(next)) else { return name }
            pending.removeFirst()
            return next
        }
    }

    /// The tags a merge makes of `before`.
    static func merged(_ before: [String], sources: Set<String>, target: String) -> [String] {
        let transform = merging(sourceKeys: sources, into: target)
        var seen = Set<String>()
        return before.compactMap { tag in
            let name = transform(tag)
            return seen.insert(TagName.key(name)).inserted ? name : nil
        }
    }

    /// Maps each of `sourceKeys` and the tags below it onto `target` (`a/x` → `c/x`); a tag
    /// below two sources goes with the nearer one.
    static func merging(sourceKeys: Set<String>, into target: String) -> @Sendable (String) -> String {
        let sources = sourceKeys.sorted { $0.utf8.count > $1.utf8.count }
        return { tag in
            let key = TagName.key(tag)
            guard let source = sources.first(where: { TagName.isSelfOrDescendant(key, of: $0) }) else { return tag }
            return renaming(oldKey: source, to: target)(tag) ?? tag
        }
    }

    /// Maps `old` and its descendants to `new` (keeping the descendants' own spelling).
    static func renaming(oldKey: String, to new: String) -> @Sendable (String) -> String? {
        { tag in
            let key = TagName.key(tag)
            if key == oldKey { return new }
            guard key.hasPrefix(oldKey + "/") else { return tag }
            let suffix = tag.split(separator: "/", omittingEmptySubsequences: false).dropFirst(oldKey.split(separator: "/").count)
            return ([new] + suffix.map(String.init)).joined(separator: "/")
        }
    }

    private func validated(_ tags: [String]) throws(VaultError) -> [String] {
        var names: [String] = []
        for tag in tags {
            let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
            if let problem = TagName.problem(with: name) { throw .invalidTagName(tag, reason: problem) }
            names.append(name)
        }
        return names
    }

    /// Runs a recorded operation: the record first (resuming an interrupted one with the
    /// same kind, sources and target), then the notes, then `state: done`.
    /// `skipped`: notes it cannot change (their front matter does not parse), reported as
    /// failures that leave the operation unfinished.
    private func recorded(
        kind: TagHistoryRecord.Kind, sources: [String], target: String, undoes: String? = nil,
        affected: [Note], skipped: [VaultError] = [], dryRun: Bool,
        edit: @escaping @Sendable (inout FrontMatterEditor, String) throws -> Void
    ) throws(VaultError) -> Report {
        if dryRun {
            var report = apply(to: affected, dryRun: true, edit: edit)
            report.failed += skipped
            return report
        }
        let history = TagHistory(vault: vault)
        let interrupted = Self.interrupted(kind, sources: sources, target: target, undoes: undoes, in: history)
        var record = interrupted?.record ?? TagHistoryRecord(
            id: String(UUID().uuidString.lowercased().prefix(8)), kind: kind, time: vault.now(),
            sources: sources, target: target, undoes: undoes, state: .started, notes: []
        )
        // Notes without an id get one in the same write, so a later split can find them.
        var ids: [String: String] = [:]
        let known = Dictionary(record.notes.map { ($0.path, $0.id) }, uniquingKeysWith: { first, _ in first })
        for note in affected {
            let id = note.id ?? known[note.path] ?? NoteOperations.newID()
            ids[note.path] = id
            if known[note.path] == nil {
                // The front matter's tags (a note's tags include its inline ones); a merge
                // or rename also keeps the tags entry and the inline tags as written, so
                // that taking it back gives each note its own spelling (`#Finance`, `#FINANCE`).
                let editor = (try? vault.root.read(note.path)).flatMap { try? FrontMatterEditor(bytes: $0.bytes, timeZone: vault.timeZone) }
                let text = kind != .split ? editor?.tagsEntryText : nil
                let inline = kind != .split && vault.config.inlineTags ? editor?.inlineTags.map(\.name) ?? [] : []
                record.notes.append(.init(id: id, path: note.path, before: editor?.fields.tags ?? note.tags, text: text, inline: inline))
            }
        }
        let file = try history.write(record, to: interrupted?.file)
        let plannedIDs = ids
        // The id each note has once written: the planned one, or the one another operation
        // gave it since the scan (a record must name the id the file holds).
        let written = Locked<[String: String]>([:])
        var report = apply(to: affected, dryRun: false) { editor, path in
            try edit(&editor, path)
            if let id = plannedIDs[path], !editor.has(FrontMatterKey.id) {
                try editor.set(FrontMatterKey.id, to: .string(id))
            }
            if let id = editor.fields.id { written.withLock { $0[path] = id } }
        }
        let actual = written.withLock { $0 }
        for index in record.notes.indices {
            if let id = actual[record.notes[index].path] { record.notes[index].id = id }
        }
        report.failed += skipped
        // A note that could not be changed (read-only, a broken front matter) leaves the
        // operation unfinished: `tag history` says so, and running it again completes it.
        record.state = report.failed.isEmpty ? .done : .started
        try history.write(record, to: file)
        var result = report
        result.recordID = record.id
        return result
    }

    /// The last record of the same operation that was started and never finished.
    private static func interrupted(
        _ kind: TagHistoryRecord.Kind, sources: [String], target: String, undoes: String? = nil, in history: TagHistory
    ) -> (file: String, record: TagHistoryRecord)? {
        history.records().last { entry in
            entry.record.state == .started && entry.record.kind == kind && entry.record.undoes == undoes
                && entry.record.sources.map(TagName.key) == sources.map(TagName.key) && TagName.key(entry.record.target) == TagName.key(target)
        }
    }

    /// Applies `edit` to each note through the write path, on all cores (notes are
    /// independent files); failures are collected, and the order of `targets` is kept.
    private func apply(to targets: [Note], dryRun: Bool, edit: @escaping @Sendable (inout FrontMatterEditor, String) throws -> Void) -> Report {
        var report = Report()
        if dryRun {
            report.changed = targets.map(\.path)
            return report
        }
        let writer = vault.writer
        let outcomes = UnsafeMutableBufferPointer<Result<NoteWriter.Outcome, VaultError>?>.allocate(capacity: targets.count)
        outcomes.initialize(repeating: nil)
        defer {
            outcomes.deinitialize()
            outcomes.deallocate()
        }
        let shared = SharedOutcomes(outcomes: outcomes)
        let progress = self.progress
        let counter = ProgressCounter()
        let chunk = 64
        DispatchQueue.concurrentPerform(iterations: (targets.count + chunk - 1) / chunk) { part in
            for index in part * chunk..<min(targets.count, (part + 1) * chunk) {
                let path = targets[index].path
                shared.outcomes[index] = Result { () throws(VaultError) in
                    try writer.update(path, edit: { try edit(&$0, path) })
                }
                if let progress { progress(counter.increment(), targets.count) }
            }
        }
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .success(.written)?: report.changed.append(targets[index].path)
            case .failure(let error)?: report.failed.append(error)
            default: break
            }
        }
        return report
    }
}

/// Results written by the workers, one index each.
private struct SharedOutcomes: @unchecked Sendable {
    let outcomes: UnsafeMutableBufferPointer<Result<NoteWriter.Outcome, VaultError>?>
}

/// Counts finished notes across threads, for progress.
private final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
