import Foundation
import VaultPlatform

/// Takes back an operation of `.vault/history/` (docs/history.md): its steps inverted, last
/// first, each only where the file is still as the operation left it. An undo is itself
/// recorded, so undoing it does the operation again.
public struct Undo: Sendable {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    public struct Report: Sendable {
        /// What was done, one line each (`move Work/Plan B.md → Work/Plan.md`, `change Home.md (2 places)`).
        public var done: [String] = []
        /// The steps taken (on a dry run, those that would be), in order.
        public var steps: [OperationRecord.Step] = []
        /// Files left alone because they changed since, with why.
        public var leftAlone: [VaultError] = []
        /// True when nothing was taken back (or would be, on a dry run) because some of
        /// `leftAlone` changed since: an undo is all or nothing unless asked to be partial.
        public var refused = false
        public var recordID: String?

        /// False when undoing this undo cannot do the operation again: it removed files an
        /// import made, whose bytes the record does not keep (import again instead).
        public var isRedoable: Bool {
            !steps.contains { if case .remove = $0 { true } else { false } }
        }

        /// The paths the steps leave changed: where an edit, a move or a restore put a
        /// file, where a note went to the trash from.
        public var changed: [String] {
            var seen = Set<String>()
            return steps.map { step in
                switch step {
                case .edit(let path, _, _, _), .trash(let path, _, _), .restore(_, let path, _), .create(let path, _), .remove(let path, _): path
                case .move(_, let to): to
                }
            }.filter { seen.insert($0).inserted }
        }
    }

    /// Undoes the file operation `record`, all of it or nothing: when a file it changed
    /// has changed since (or is gone), nothing is taken back and `report.refused` says so,
    /// with each such file in `leftAlone`. With `partial`, the rest is taken back: each
    /// note's steps together or not at all, and the links a relocation rewrote only when
    /// every file it moved comes back (a link never leads to a note that is not back).
    /// A dry run reports exactly what the undo would do.
    public func undo(_ record: OperationRecord, dryRun: Bool = false, partial: Bool = false) throws(VaultError) -> Report {
        let history = OperationHistory(vault: vault)
        if let later = Self.standingUndo(of: record.id, among: history.entries().compactMap { if case .files(let r) = $0.entry { r } else { nil } }) {
            throw .alreadyUndone(id: record.id, by: later)
        }
        let steps = record.steps.reversed().map(\.inverse)
        var report = Report()
        let (skipped, leftAlone) = plan(steps)
        report.leftAlone = leftAlone
        if !leftAlone.isEmpty, !partial {
            report.refused = true
            return report
        }
        let chains = Self.chains(of: steps)
        let kept = steps.indices.filter { !skipped.contains(chains[$0]) }.map { steps[$0] }
        if dryRun {
            report.done = kept.map(Self.describe)
            report.steps = kept
            return report
        }
        let summary = "undo \(record.id): \(record.summary)"
        var undo = OperationRecord(kind: .undo, time: vault.now(), summary: summary, undoes: record.id, steps: kept)
        let file = try history.write(undo)
        var taken: [OperationRecord.Step] = []
        let holders = NoteIDHolders(vault: vault)
        for step in kept {
            switch check(step) {
            case .already: continue
            case .changed(let error): report.leftAlone.append(error)
            case .ready:
                do {
                    let steps = try perform(step, holders: holders)
                    taken.append(contentsOf: steps)
                    report.steps.append(contentsOf: steps)
                    report.done.append(contentsOf: steps.map(Self.describe))
                } catch {
                    report.leftAlone.append(error)
                }
            }
        }
        if taken.isEmpty {
            // Nothing was taken back: no record, so that nothing stands in the way of the next try.
            vault.root.removeFile(file)
            return report
        }
        undo.steps = taken
        undo.state = .done
        try history.write(undo, to: file)
        report.recordID = undo.id
        return report
    }

    /// Which chains of `steps` (`chains(of:)`) cannot be taken back, checked in order as
    /// the steps before each will have left the files, and why. A note's steps (its move
    /// and its edit, for a rename) are taken back together or not at all; when a move
    /// cannot be, the edits of other notes (the links rewritten for it) are not either.
    private func plan(_ steps: [OperationRecord.Step]) -> (skipped: Set<Int>, leftAlone: [VaultError]) {
        let chains = Self.chains(of: steps)
        var chainSizes: [Int: Int] = [:]
        var moving = Set<Int>()
        for (index, chain) in chains.enumerated() {
            chainSizes[chain, default: 0] += 1
            switch steps[index] {
            case .edit, .create, .remove: break
            default: moving.insert(chain)
            }
        }
        var skipped = Set<Int>()
        var leftAlone: [VaultError] = []
        // Where each path's file is before the steps run: a step is checked where the
        // moves before it will have put its file.
        var moved: [String: String] = [:]
        func place(_ path: String) -> String {
            if let file = moved[path] { return file }
            // A file of a folder that a step before it moves back.
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if let there = moved[String(folder)] { return there + path.dropFirst(folder.count) }
            }
            return path
        }
        // What each file will hold once the edits before the step are taken back: a note
        // renamed with its title heading and its own links has two edits, one each side
        // of its move.
        var edited: [String: UInt64] = [:]
        var aMoveIsLeft = false
        for (index, step) in steps.enumerated() where !skipped.contains(chains[index]) {
            let result = check(step, place: place, edited: edited)
            if case .ready = result, case .edit(let path, _, let after, _) = step { edited[place(path)] = after }
            if case .ready = result {
                switch step {
                case .move(let from, let to): moved[to] = place(from)
                case .trash(let path, let name, _): moved[Trash.directory + "/" + name] = place(path)
                case .restore(let name, let path, _): moved[path] = place(Trash.directory + "/" + name)
                case .edit, .create, .remove: break
                }
            }
            guard case .changed(let error) = result else { continue }
            skipped.insert(chains[index])
            if moving.contains(chains[index]) { aMoveIsLeft = true }
            leftAlone.append(chainSizes[chains[index], default: 1] > 1 ? Self.wholeNoteLeft(error) : error)
        }
        if aMoveIsLeft {
            for chain in chains where !moving.contains(chain) { skipped.insert(chain) }
        }
        return (skipped, leftAlone)
    }

    /// The id of the undo of `id` that stands: one that undid it and was not undone itself
    /// (an undo undone does the operation again, which can then be undone again).
    static func standingUndo(of id: String, among records: [OperationRecord]) -> String? {
        var seen: Set<String> = []
        func standing(_ id: String) -> String? {
            guard seen.insert(id).inserted else { return nil }
            return records.first { $0.undoes == id && standing($0.id) == nil }?.id
        }
        return standing(id)
    }

    private enum Check {
        case ready
        /// The step's result is already there.
        case already
        case changed(VaultError)
    }

    /// Whether `step` can run now; `place` says where a path's file is (elsewhere when an
    /// earlier step will have moved it there).
    private func check(_ step: OperationRecord.Step, place: (String) -> String = { $0 }, edited: [String: UInt64] = [:]) -> Check {
        let root = vault.root
        switch step {
        case .move(let from, let to):
            return Self.check(moving: place(from), to: to, root: root)
        case .trash(let path, let name, let hash):
            let check = Self.check(moving: place(path), to: Trash.directory + "/" + name, root: root)
            // The note the operation put there, as it left it; not one moved or made there since.
            if case .ready = check, let hash,
               (edited[place(path)] ?? (try? root.read(place(path)).bytes).map(FNV1a.hash)) != hash {
                return .changed(Self.leftAlone(path, "it changed since"))
            }
            return check
        case .restore(let name, let path, _):
            let check = Self.check(moving: place(Trash.directory + "/" + name), to: path, root: root)
            if case .ready = check, let recorded = Trash(vault: vault).recordedPath(of: name), recorded != path {
                return .changed(Self.leftAlone(Trash.directory + "/" + name, "the trash holds another note under that name now"))
            }
            return check
        case .remove(let path, let hash):
            guard let status = root.status(place(path)) else { return .already }
            guard let hash else { return status.isDirectory ? .ready : .changed(Self.leftAlone(path, "it is not a folder any more")) }
            guard let bytes = try? root.read(place(path)).bytes else { return .changed(Self.leftAlone(path, "it cannot be read")) }
            return FNV1a.hash(bytes) == hash ? .ready : .changed(Self.leftAlone(path, "it changed since"))
        case .create(let path, let hash):
            if hash == nil, root.isDirectory(path) { return .already }
            // An import's bytes are not kept in its record: what it wrote is written again
            // by importing again, not by undoing its undo.
            return .changed(Self.leftAlone(path, hash == nil ? "the folder cannot be made again" : "its bytes were not kept; import again to bring it back"))
        case .edit(let path, let before, let after, _):
            let hash: UInt64
            if let planned = edited[place(path)] {
                hash = planned
            } else {
                guard let bytes = try? root.read(place(path)).bytes else { return .changed(Self.leftAlone(path, "it is not there any more")) }
                hash = FNV1a.hash(bytes)
            }
            switch hash {
            case before: return .ready
            case after: return .already
            default: return .changed(Self.leftAlone(path, "it changed since"))
            }
        }
    }

    private static func check(moving from: String, to: String, root: VaultRoot) -> Check {
        let source = root.status(from), target = root.status(to)
        if source != nil, target == nil { return .ready }
        if source == nil, target != nil { return .already }
        if source == nil { return .changed(leftAlone(from, "it is not there any more")) }
        return .changed(leftAlone(to, "another file is there now"))
    }

    /// Runs `step`; returns it and any step it took with it. `holders` tells which note has
    /// an id, for the notes the undo puts back.
    private func perform(_ step: OperationRecord.Step, holders: NoteIDHolders) throws(VaultError) -> [OperationRecord.Step] {
        let root = vault.root
        switch step {
        case .move(let from, let to):
            try root.move(from, to: to, operation: "move back to '\(to)'")
        case .trash(let path, let name, _):
            try Trash(vault: vault).put(path, as: name)
        case .restore(let name, let path, _):
            let trash = Trash(vault: vault)
            try trash.takeBack(name, to: path)
            // The note's id is in the vault again (a sync kept it alive elsewhere): as
            // `trash restore` does, the note comes back as one of its own.
            if let given = try trash.giveNewIDIfTaken(path, holders: holders) { return [step, .edit(path, given.change)] }
        case .edit(let path, _, let after, let splices):
            let (bytes, status) = try root.read(path)
            guard let result = ByteSplice.apply(splices, to: bytes), FNV1a.hash(result) == after else {
                throw Self.leftAlone(path, "its recorded change does not apply")
            }
            if status.isReadOnly { throw Self.leftAlone(path, "it is read-only") }
            try root.write(result, to: path, mode: status.mode, modificationTime: NoteWriter.organisedTime(after: status.modified), replacing: .unchanged(status.stamp))
        case .remove(let path, let hash):
            if hash == nil {
                // A folder the operation made keeps what was put in it since.
                return root.removeDirectory(path) ? [step] : []
            }
            guard let bytes = try? root.read(path).bytes, FNV1a.hash(bytes) == hash else { throw Self.leftAlone(path, "it changed since") }
            guard root.removeFile(path) else { throw Self.leftAlone(path, "it cannot be removed") }
        case .create(let path, _):
            throw Self.leftAlone(path, "it cannot be made again")
        }
        return [step]
    }

    /// For each step, a number shared by the steps of one file: a move joins the paths it
    /// goes between.
    static func chains(of steps: [OperationRecord.Step]) -> [Int] {
        var parent: [String: String] = [:]
        func find(_ path: String) -> String {
            var current = path
            while let next = parent[current], next != current { current = next }
            return current
        }
        func join(_ a: String, _ b: String) {
            let (ra, rb) = (find(a), find(b))
            if ra != rb { parent[ra] = rb }
        }
        func paths(_ step: OperationRecord.Step) -> [String] {
            switch step {
            case .move(let from, let to): [from, to]
            case .trash(let path, let name, _): [path, Trash.directory + "/" + name]
            case .restore(let name, let path, _): [Trash.directory + "/" + name, path]
            case .edit(let path, _, _, _), .create(let path, _), .remove(let path, _): [path]
            }
        }
        for step in steps {
            let all = paths(step)
            for path in all where parent[path] == nil { parent[path] = path }
            for path in all.dropFirst() { join(all[0], path) }
        }
        var numbers: [String: Int] = [:]
        return steps.map { step in
            let key = find(paths(step)[0])
            if let number = numbers[key] { return number }
            numbers[key] = numbers.count
            return numbers[key] ?? 0
        }
    }

    /// `error`, saying that the rest of the note's steps were not taken back either.
    private static func wholeNoteLeft(_ error: VaultError) -> VaultError {
        guard case .located(var diagnostic) = error else { return error }
        diagnostic.message += "; nothing of this note was undone, so that it is not left half undone"
        return .located(diagnostic)
    }

    private static func leftAlone(_ path: String, _ reason: String) -> VaultError {
        .located(Diagnostic(path: path, severity: .error, message: "left as it is: \(reason)"))
    }

    private static func describe(_ step: OperationRecord.Step) -> String {
        switch step {
        case .move(let from, let to): "move \(from) → \(to)"
        case .trash(let path, _, _): "trash \(path)"
        case .restore(_, let path, _): "restore \(path)"
        case .edit(let path, _, _, let splices): "change \(path) (\(splices.count) place\(splices.count == 1 ? "" : "s"))"
        case .create(let path, _): "create \(path)"
        case .remove(let path, _): "remove \(path)"
        }
    }
}
