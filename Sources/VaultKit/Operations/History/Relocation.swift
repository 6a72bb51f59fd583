import Foundation
import VaultPlatform

/// Moves notes and folders and keeps every link to them working (docs/links.md), recorded
/// so that `vault undo` can take the whole of it back (13.4).
///
/// The links are rewritten first, then the files move: if `vault` is killed in between,
/// running the same command again finds the notes where they were and finishes (the links
/// already rewritten no longer lead to the old place, so they are not changed twice).
public struct Relocation: Sendable {
    public let vault: Vault
    /// Every note of the vault, as scanned: where links are looked for.
    public let notes: [Note]
    /// False for `--no-links`: files move, links are left as they are.
    public var rewritesLinks: Bool

    public init(vault: Vault, notes: [Note], rewritesLinks: Bool = true) {
        self.vault = vault
        self.notes = notes
        self.rewritesLinks = rewritesLinks
    }

    /// A link whose target text changes.
    public struct LinkChange: Sendable, Equatable {
        public var path: String
        public var line: Int
        public var column: Int
        public var before: String
        public var after: String
    }

    public struct Report: Sendable {
        public var moves: [LinkRewriter.Move] = []
        /// The links changed (or, for a dry run, that would change), by the notes' paths
        /// before the move.
        public var links: [LinkChange] = []
        /// The notes whose links were rewritten.
        public var linkedNotes: [String] = []
        /// The canvases whose file cards were rewritten (`CanvasFileLinks`).
        public var linkedCanvases: [String] = []
        public var failed: [VaultError] = []
        /// The history record's id; nil for a dry run or when nothing moved.
        public var recordID: String?

        /// How many notes, and how many canvases, the changes of `links` are in.
        public var linkingFiles: (notes: Int, canvases: Int) {
            let paths = Set(links.map(\.path))
            let canvases = paths.filter(CanvasFileLinks.isCanvas).count
            return (paths.count - canvases, canvases)
        }
    }

    private var root: VaultRoot { vault.root }

    // MARK: - The three moves

    /// Moves `moving` into `folder` (`/` for the root). A note already there is left alone;
    /// one whose name is taken there is reported and not moved.
    public func move(_ moving: [Note], to folder: String, dryRun: Bool = false) throws(VaultError) -> Report {
        let operations = NoteOperations(vault: vault)
        var moves: [LinkRewriter.Move] = []
        var targets: Set<String> = []
        var failed: [VaultError] = []
        for note in moving {
            let target = try operations.moveTarget(note, to: folder)
            if target == note.path { continue }
            if root.status(target) != nil || !targets.insert(target).inserted {
                failed.append(.destinationExists(target))
                continue
            }
            moves.append(LinkRewriter.Move(from: note.path, to: target))
        }
        let destination = try operations.existingFolder(folder == "/" ? "" : folder)
        var report = try relocate(moves, kind: .move, summary: "\(moves.count) note\(moves.count == 1 ? "" : "s") to \(destination.isEmpty ? "/" : destination)", dryRun: dryRun)
        report.failed.insert(contentsOf: failed, at: 0)
        return report
    }

    /// Renames `note` to `title`: its file, and its title where the title comes from.
    public func rename(_ note: Note, to title: String, dryRun: Bool = false) throws(VaultError) -> Report {
        let operations = NoteOperations(vault: vault)
        let heading = operations.titleHeading(of: note)
        let title = NoteText.name(NoteText.oneLine(title), withoutMarks: heading?.marks ?? "")
        let target = try operations.renameTarget(note, to: title)
        // Checked before any link changes (the move checks again, and never replaces a file).
        if target.lowercased() != note.path.lowercased(), root.status(target) != nil { throw .destinationExists(target) }
        // The new title is written after the move: a note that cannot take it (a `title`
        // key written twice) is refused before the first byte changes.
        try operations.checkRetitle(note, to: title)
        let moves = target == note.path ? [] : [LinkRewriter.Move(from: note.path, to: target)]
        // A title from the first heading changes with the name: links to that heading follow.
        var headings: [String: LinkRewriter.HeadingRename] = [:]
        if let heading, heading.text != title + heading.marks {
            headings[target] = LinkRewriter.HeadingRename(from: heading.text, to: title + heading.marks)
        }
        return try relocate(moves, kind: .rename, summary: "\(note.path) → \(target)", dryRun: dryRun, headings: headings) { steps throws(VaultError) in
            if let change = try operations.retitleChange(target, from: note, to: title) { steps.append(OperationRecord.Step.edit(target, change)) }
        }
    }

    /// Renames the folder `folder` to `name` (see `FolderRules.rename`); its colour goes with it.
    public func renameFolder(_ folder: String, to name: String, dryRun: Bool = false) throws(VaultError) -> Report {
        let rules = FolderRules(root: root)
        let (source, target) = try rules.renameTarget(folder, to: name)
        let move = LinkRewriter.Move(from: source, to: target, isFolder: true)
        return try relocate([move], kind: .folderRename, summary: "\(source) → \(target)", dryRun: dryRun) { steps throws(VaultError) in
            let config = VaultRoot.settingsDirectory + "/config.yaml"
            let before = (try? root.read(config).bytes) ?? []
            try ConfigEditor(root: root).renameColorKey(source, to: target, kind: .folders)
            let after = (try? root.read(config).bytes) ?? []
            if before != after { steps.append(OperationRecord.Step.edit(config, NoteWriter.Change(before: before, after: after))) }
        }
    }

    // MARK: - Doing it

    private func relocate(
        _ moves: [LinkRewriter.Move], kind: OperationRecord.Kind, summary: String, dryRun: Bool,
        headings: [String: LinkRewriter.HeadingRename] = [:],
        finish: (inout [OperationRecord.Step]) throws(VaultError) -> Void = { _ throws(VaultError) in }
    ) throws(VaultError) -> Report {
        var report = Report(moves: moves)
        var rewriter = LinkRewriter(paths: notes.map(\.path), moves: moves) { [root] in root.status($0) != nil }
        rewriter.headingRenames = headings
        var planned: [(path: String, before: [UInt8], splices: [ByteSplice])] = []
        if rewritesLinks, !moves.isEmpty || !headings.isEmpty {
            for note in notes.filter({ rewriter.mayChange($0.links, of: $0.path) }).sorted(by: { $0.path < $1.path }) {
                guard let bytes = try? root.read(note.path).bytes else { continue }
                let splices = rewriter.splices(in: bytes, of: note.path)
                if splices.isEmpty { continue }
                planned.append((note.path, bytes, splices))
                report.links += Self.changes(splices, in: bytes, path: note.path)
            }
        }
        if rewritesLinks, !moves.isEmpty || !headings.isEmpty {
            for canvas in canvases() {
                guard let bytes = try? root.read(canvas).bytes else { continue }
                let splices = Self.splices(in: bytes, of: canvas, rewriter)
                if splices.isEmpty { continue }
                planned.append((canvas, bytes, splices))
                report.links += Self.changes(splices, in: bytes, path: canvas)
            }
        }
        if dryRun { return report }
        if moves.isEmpty, kind != .rename { return report }

        let history = OperationHistory(vault: vault)
        var record = OperationRecord(kind: kind, time: vault.now(), summary: summary, steps: planned.map { plan in
            let after = ByteSplice.apply(plan.splices, to: plan.before) ?? plan.before
            return OperationRecord.Step.edit(plan.path, NoteWriter.Change(before: plan.before, after: after), splices: plan.splices)
        } + moves.map { .move(from: $0.from, to: $0.to) })
        let file = try history.write(record)
        report.recordID = record.id

        var steps: [OperationRecord.Step] = []
        report.links = []
        for plan in planned {
            do {
                var applied: [ByteSplice] = []
                let change = try vault.writer.change(plan.path) { editor in
                    guard String(validating: editor.bytes, as: UTF8.self) != nil else {
                        let file = CanvasFileLinks.isCanvas(plan.path) ? "canvas" : "note"
                        throw VaultError.located(Diagnostic(path: plan.path, severity: .error, message: "\(file) is not valid UTF-8; its links are left as they are"))
                    }
                    applied = Self.splices(in: editor.bytes, of: plan.path, rewriter)
                    for splice in applied.reversed() {
                        try editor.splice(splice.offset..<(splice.offset + splice.removed.count), with: splice.inserted)
                    }
                }
                if let change {
                    steps.append(OperationRecord.Step.edit(plan.path, change, splices: applied))
                    report.links += Self.changes(applied, in: change.before, path: plan.path)
                    if CanvasFileLinks.isCanvas(plan.path) { report.linkedCanvases.append(plan.path) } else { report.linkedNotes.append(plan.path) }
                }
            } catch {
                report.failed.append(error)
            }
        }
        var moved: [LinkRewriter.Move] = []
        for move in moves {
            do {
                try root.move(move.from, to: move.to, operation: "move to '\(move.to)'")
                steps.append(.move(from: move.from, to: move.to))
                moved.append(move)
            } catch {
                report.failed.append(error)
            }
        }
        report.moves = moved
        if moved.count == moves.count {
            do { try finish(&steps) } catch { report.failed.append(error) }
        } else if !report.linkedNotes.isEmpty || !report.linkedCanvases.isEmpty {
            report.links = correctLinks(planned: planned, linked: Set(report.linkedNotes + report.linkedCanvases), moved: moved,
                                        steps: &steps, failed: &report.failed)
        }
        record.steps = steps
        record.state = .done
        try history.write(record, to: file)
        return report
    }

    /// Some moves failed after the links were rewritten for all of them: makes the links of
    /// the notes in `linked` lead where the files now are, as if only `moved` had been asked
    /// for, and returns the link changes that stand.
    private func correctLinks(
        planned: [(path: String, before: [UInt8], splices: [ByteSplice])], linked: Set<String>, moved: [LinkRewriter.Move],
        steps: inout [OperationRecord.Step], failed: inout [VaultError]
    ) -> [LinkChange] {
        let rewriter = LinkRewriter(paths: notes.map(\.path), moves: moved) { [root] in root.status($0) != nil }
        var links: [LinkChange] = []
        for plan in planned where linked.contains(plan.path) {
            let splices = Self.splices(in: plan.before, of: plan.path, rewriter)
            let wanted = ByteSplice.apply(splices, to: plan.before) ?? plan.before
            let path = rewriter.newPath(plan.path) ?? plan.path
            do {
                let change = try vault.writer.change(path) { editor in
                    for splice in ByteSplice.between(editor.bytes, wanted).reversed() {
                        try editor.splice(splice.offset..<(splice.offset + splice.removed.count), with: splice.inserted)
                    }
                }
                if let change { steps.append(OperationRecord.Step.edit(path, change)) }
                links += Self.changes(splices, in: plan.before, path: plan.path)
            } catch {
                failed.append(error)
            }
        }
        return links
    }

    /// The canvases of the vault (not through a symbolic link, not in hidden folders), no
    /// larger than a canvas is read: their file cards follow the files they name.
    private func canvases() -> [String] {
        root.files(endingWith: CanvasFileLinks.fileExtension).filter { (root.status($0)?.size ?? .max) <= CanvasFileLinks.largest }
    }

    /// The splices that make the links of the file at `path` lead where `rewriter` moves
    /// files: a note's links, or a canvas's file cards.
    private static func splices(in bytes: [UInt8], of path: String, _ rewriter: LinkRewriter) -> [ByteSplice] {
        guard CanvasFileLinks.isCanvas(path) else { return rewriter.splices(in: bytes, of: path) }
        return CanvasFileLinks(bytes)?.splices(rewriter.newPath) { rewriter.headingRenames[$0] } ?? []
    }

    /// Where each of `splices` (in file order) is in `bytes`, and the text it changes: lines
    /// and columns are counted on from the splice before, so that a note of megabytes with
    /// thousands of links costs one pass, not one per link.
    private static func changes(_ splices: [ByteSplice], in bytes: [UInt8], path: String) -> [LinkChange] {
        var position = 0, line = 1, column = 1
        return splices.map { splice in
            let offset = max(position, min(splice.offset, bytes.count))
            if let lastBreak = bytes[position..<offset].lastIndex(of: 0x0A) {
                line += bytes[position..<offset].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                column = 1
                position = lastBreak + 1
            }
            column += String(decoding: bytes[position..<offset], as: UTF8.self).count
            position = offset
            return LinkChange(path: path, line: line, column: column,
                              before: String(decoding: splice.removed, as: UTF8.self), after: String(decoding: splice.inserted, as: UTF8.self))
        }
    }
}
