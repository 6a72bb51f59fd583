import Foundation
import VaultPlatform

/// `.trash/`: deleted notes, restorable, purged `trashDays` after deletion.
///
/// A note's bytes are never changed by trashing or restoring it, and nothing in the trash
/// is ever overwritten: a second `Plan.md` becomes `Plan 2.md` there.
public struct Trash: Sendable {
    public static let directory = ".trash"

    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    private var root: VaultRoot { vault.root }

    /// A note in the trash.
    public struct Item: Sendable {
        /// Its path relative to `.trash/`.
        public var name: String
        public var info: TrashInfo
        /// False for a file `vault` did not put there and has not recorded yet.
        public var isRecorded: Bool
        public var title: String

        /// Where it came from, for people: the original path or `(unknown)`.
        public var origin: String { info.originalPath ?? "(unknown)" }

        /// Whole days left before purge (0 when due).
        public func daysLeft(now: Date, trashDays: Int) -> Int {
            let left = info.deletionDate.addingTimeInterval(Double(trashDays) * 86_400).timeIntervalSince(now)
            return max(0, Int((left / 86_400).rounded(.up)))
        }
    }

    // MARK: - Deleting

    /// Moves `note` into the trash and returns its name there. `attachments` (files only
    /// this note uses) go with it, into `.trash/NAME.attachments/` under their vault paths,
    /// and come back when it is restored.
    @discardableResult
    public func delete(_ note: Note, attachments: [String] = []) throws(VaultError) -> String {
        let name = try delete(note)
        let folder = Self.attachmentFolder(of: name)
        for file in attachments {
            let target = folder + "/" + file
            do {
                try root.makeDirectories(target.split(separator: "/").dropLast().joined(separator: "/"))
                try root.move(file, to: target, operation: "move to the trash")
            } catch {
                // The note is in the trash; an attachment that cannot follow stays where it is.
                continue
            }
        }
        return name
    }

    /// Where the attachments of the trashed note `name` are kept.
    static func attachmentFolder(of name: String) -> String {
        directory + "/" + name + ".attachments"
    }

    /// Moves `note` into the trash and returns its name there.
    private func delete(_ note: Note) throws(VaultError) -> String {
        let (name, _) = try place(from: note.path) { inTrash throws(VaultError) in
            try root.move(note.path, to: inTrash, operation: "move to the trash")
        }
        vault.journal?.add(.trash(path: note.path, name: name))
        CrashSimulation.shared.noteWritten()
        return name
    }

    /// Finds a free name in the trash for a note from `originalPath`, writes its record
    /// there, then calls `put` to bring the note to that name; returns the name and the
    /// record. The record comes first, so an interrupted delete never loses where a note
    /// came from; a name taken meanwhile (by another process) moves on to the next.
    private func place(from originalPath: String,
                       _ put: (_ inTrash: String) throws(VaultError) -> Void) throws(VaultError) -> (String, TrashInfo) {
        try ensureDirectory()
        let fileName = originalPath.split(separator: "/").last.map(String.init) ?? originalPath
        let base = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
        let info = TrashInfo(originalPath: originalPath, deletionDate: vault.now())
        for number in 1...10_000 {
            let name = number == 1 ? base + ".md" : "\(base) \(number).md"
            let inTrash = Self.directory + "/" + name
            if root.status(inTrash) != nil { continue }
            do {
                try root.write(Array(info.text(timeZone: vault.timeZone).utf8), to: inTrash + TrashInfo.suffix, mode: 0o644, replacing: .nothing)
            } catch .destinationExists {
                continue
            }
            do {
                try put(inTrash)
                return (name, info)
            } catch {
                root.removeFile(inTrash + TrashInfo.suffix)
                if case .destinationExists = error { continue }
                throw error
            }
        }
        throw .destinationExists(Self.directory + "/" + base + ".md")
    }

    // MARK: - Listing

    /// Every note in the trash, most recently deleted first.
    public func items() -> [Item] {
        var notes: [String] = []
        var infos = Set<String>()
        walk("") { name in
            if name.hasSuffix(".md") { notes.append(name) }
            if name.hasSuffix(".md" + TrashInfo.suffix) { infos.insert(name) }
        }
        var items: [Item] = []
        for name in notes {
            let path = Self.directory + "/" + name
            guard let (bytes, status) = try? root.read(path) else { continue }
            let note = bytes.withUnsafeBytes { NoteReader.read($0, path: name, status: status, timeZone: vault.timeZone, inlineTags: vault.config.inlineTags) }
            let info = infos.contains(name + TrashInfo.suffix) ? record(of: name) : nil
            items.append(Item(
                name: name,
                info: info ?? TrashInfo(originalPath: nil, deletionDate: vault.now()),
                isRecorded: info != nil,
                title: note.title
            ))
        }
        return items.sorted { $0.info.deletionDate != $1.info.deletionDate ? $0.info.deletionDate > $1.info.deletionDate : $0.name < $1.name }
    }

    /// The number of notes in the trash, without reading them.
    public func count() -> Int {
        var count = 0
        walk("") { name in if name.hasSuffix(".md") { count += 1 } }
        return count
    }

    /// The trashed note `name` designates: its original path (with or without `.md`),
    /// its name in the trash (`.trash/` before it, as an ambiguous name's candidates are
    /// listed, says only that), or its title (case-insensitive).
    public func resolve(_ name: String, in items: [Item]) throws(VaultError) -> Item {
        let withExtension = name.hasSuffix(".md") ? name : name + ".md"
        if withExtension.hasPrefix(Self.directory + "/") {
            let inTrash = withExtension.dropFirst(Self.directory.count + 1)
            guard let item = items.first(where: { $0.name == inTrash }) else { throw .trashedNoteNotFound(name) }
            return item
        }
        let tiers: [(Item) -> Bool] = [
            { $0.info.originalPath == withExtension || $0.info.originalPath == name },
            { $0.name == withExtension },
            { $0.info.originalPath?.lowercased() == withExtension.lowercased() || $0.name.lowercased() == withExtension.lowercased() },
            { $0.title.lowercased() == name.lowercased() },
        ]
        for matches in tiers {
            let found = items.filter(matches)
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                throw .ambiguousNote(name, candidates: found.map { Self.directory + "/" + $0.name }.sorted())
            }
        }
        throw .trashedNoteNotFound(name)
    }

    // MARK: - Restoring

    /// What a restore did.
    public struct Restored: Sendable {
        /// Where the note is now.
        public var path: String
        /// True when its own path was taken, so that it came back under a free name.
        public var renamed: Bool
        /// Attachments that went to the trash with it and could not go back (their place is
        /// taken now), as paths in the trash: kept there, never deleted.
        public var attachmentsLeft: [String]
        /// The note in the vault that has the id the restored note had, which therefore got
        /// a new one.
        public var idTakenBy: String?
    }

    /// Puts `item` back where it was, recreating its folders. When that path is taken now,
    /// it is restored under a free name; `renamed` says so.
    public func restore(_ item: Item) throws(VaultError) -> Restored {
        try restore(item, holders: NoteIDHolders(vault: vault))
    }

    /// Restores `item`, asking `holders` (shared by the notes of one restore) which note
    /// has its id.
    func restore(_ item: Item, holders: NoteIDHolders) throws(VaultError) -> Restored {
        if let path = item.info.originalPath, let problem = VaultPath.problem(withRecordedPath: path) {
            throw refusal(of: item, problem)
        }
        try checkAttachments(of: item.name)
        let original = item.info.originalPath ?? (item.name.split(separator: "/").last.map(String.init) ?? item.name)
        let relative = try VaultPath.relative(original, root: root)
        let parts = relative.split(separator: "/").map(String.init)
        guard let fileName = parts.last, !fileName.isEmpty else { throw .unrestorable(item.name, reason: "its original path is empty") }
        let folder = parts.dropLast().joined(separator: "/")
        try root.makeDirectories(folder)
        let base = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
        let source = Self.directory + "/" + item.name
        var target = relative
        for _ in 0..<100 {
            do {
                try root.move(source, to: target, operation: "restore to '\(target)'")
                root.removeFile(source + TrashInfo.suffix)
                let left = restoreAttachments(of: item.name)
                let bytes = try? root.read(target).bytes
                vault.journal?.add(.restore(name: item.name, path: target, hash: bytes.map(FNV1a.hash)))
                CrashSimulation.shared.noteWritten()
                let holder = try giveNewIDIfTaken(target, bytes: bytes, holders: holders)?.holder
                return Restored(path: target, renamed: target != relative, attachmentsLeft: left, idTakenBy: holder)
            } catch .destinationExists {
                target = FileNaming.freePath(folder: folder, base: base, in: root)
            }
        }
        throw .destinationExists(relative)
    }

    /// A note in the trash can have an id a note in the vault has: a sync kept an edit of it
    /// under its old name while the other machine renamed and deleted it. Restored as it
    /// is, two notes would share one id; it becomes a note of its own, with a new id (an
    /// edit undo takes back with the restore). Returns the note that has the id and the edit.
    func giveNewIDIfTaken(_ path: String, bytes: [UInt8]? = nil, holders: NoteIDHolders) throws(VaultError) -> (holder: String, change: NoteWriter.Change)? {
        guard let bytes = bytes ?? (try? root.read(path).bytes), let id = LostNotes.id(of: bytes) else { return nil }
        guard let holder = try holders.holder(of: id, besides: path) else {
            holders.add(id, at: path)
            return nil
        }
        let newID = NoteOperations.newID()
        guard let change = try vault.writer.change(path, edit: { editor in try editor.set(FrontMatterKey.id, to: .string(newID)) })
        else { return nil }
        holders.replace(id, with: newID, at: path)
        return (holder, change)
    }

    /// A `.trashinfo` whose `Path=` is no plain path inside the vault (forged, or damaged;
    /// the trash travels through git), with the line that says it.
    private func refusal(of item: Item, _ problem: String) -> VaultError {
        let file = Self.directory + "/" + item.name + TrashInfo.suffix
        let lines = (try? root.read(file).bytes).map { String(decoding: $0, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) } ?? []
        let line = lines.firstIndex { $0.hasPrefix("Path=") }.map { $0 + 1 }
        return .located(Diagnostic(path: file, line: line, column: line.map { _ in 6 }, severity: .error,
                                   message: "restore of '\(item.name)' refused: \(problem); nothing was changed"))
    }

    /// Puts `bytes` into the trash as a note deleted now from `originalPath`: a note that
    /// left the vault, brought back from git. Restored from there, it comes back as every
    /// trashed note does (beside its old place when that is taken, recorded for undo, which
    /// puts it back in the trash).
    func receive(_ bytes: [UInt8], from originalPath: String) throws(VaultError) -> Item {
        if let problem = VaultPath.problem(withRecordedPath: originalPath) {
            throw .unrestorable(originalPath, reason: problem)
        }
        let (name, info) = try place(from: originalPath) { inTrash throws(VaultError) in
            try root.write(bytes, to: inTrash, mode: 0o644, replacing: .nothing)
        }
        return Item(name: name, info: info, isRecorded: true, title: "")
    }

    // MARK: - Exactly, for undo

    /// Moves the note at `path` into the trash as `name` (an undone restore).
    func put(_ path: String, as name: String) throws(VaultError) {
        try ensureDirectory()
        let inTrash = Self.directory + "/" + name
        let info = TrashInfo(originalPath: path, deletionDate: vault.now())
        try root.write(Array(info.text(timeZone: vault.timeZone).utf8), to: inTrash + TrashInfo.suffix, mode: 0o644, replacing: .nothing)
        do {
            try root.move(path, to: inTrash, operation: "move to the trash")
        } catch {
            root.removeFile(inTrash + TrashInfo.suffix)
            throw error
        }
    }

    /// Where the trashed note `name` was deleted from, as its record says; nil when it has
    /// no record. A name is free once its note leaves the trash, so another note's may
    /// hold it now.
    func recordedPath(of name: String) -> String? {
        record(of: name)?.originalPath
    }

    /// The record (`.trashinfo`) of the trashed note `name`, if it has one that reads.
    private func record(of name: String) -> TrashInfo? {
        guard let bytes = try? root.read(Self.directory + "/" + name + TrashInfo.suffix).bytes else { return nil }
        return TrashInfo(text: String(decoding: bytes, as: UTF8.self), timeZone: vault.timeZone)
    }

    /// Moves the trashed note `name` back to `path` (an undone delete), making its folder
    /// again if it was removed since.
    func takeBack(_ name: String, to path: String) throws(VaultError) {
        try checkAttachments(of: name)
        try root.makeDirectories(path.split(separator: "/").dropLast().joined(separator: "/"))
        let source = Self.directory + "/" + name
        try root.move(source, to: path, operation: "restore to '\(path)'")
        root.removeFile(source + TrashInfo.suffix)
        restoreAttachments(of: name)
    }

    /// Refuses, naming the file, a file kept with the trashed note `name` whose place is no
    /// plain vault path, or is hidden (`.git/hooks/…`, `.vault/templates/…`, in any case):
    /// those places come from the trash's folder names, which travel through git like any
    /// record, and a restore must never plant a hook or a template.
    func checkAttachments(of name: String) throws(VaultError) {
        let folder = Self.attachmentFolder(of: name)
        guard root.isDirectory(folder) else { return }
        var refused: (file: String, problem: String)?
        walk(String(folder.dropFirst(Self.directory.count + 1)), includingHidden: true) { relative in
            guard refused == nil else { return }
            let original = String(relative.dropFirst(name.count + ".attachments/".count))
            if let problem = VaultPath.problem(withRecordedPath: original) {
                refused = (Self.directory + "/" + relative, problem)
            } else if original.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                refused = (Self.directory + "/" + relative, "'\(original)' is a hidden path, where no attachment goes")
            }
        }
        if let refused {
            throw .located(Diagnostic(path: refused.file, line: nil, column: nil, severity: .error,
                                      message: "restore of '\(name)' refused: \(refused.problem); nothing was changed"))
        }
    }

    /// Puts back the attachments that went to the trash with the note `name`, where their
    /// place is free, and returns the others (paths in the trash): those stay, and only the
    /// directories emptied are removed.
    @discardableResult
    func restoreAttachments(of name: String) -> [String] {
        let folder = Self.attachmentFolder(of: name)
        guard root.isDirectory(folder) else { return [] }
        var left: [String] = []
        // Hidden names too: everything in the folder went there with the note.
        walk(String(folder.dropFirst(Self.directory.count + 1)), includingHidden: true) { relative in
            let original = String(relative.dropFirst(name.count + ".attachments/".count))
            guard (try? root.makeDirectories(original.split(separator: "/").dropLast().joined(separator: "/"))) != nil,
                  (try? root.move(Self.directory + "/" + relative, to: original, operation: "restore")) != nil
            else {
                left.append(Self.directory + "/" + relative)
                return
            }
        }
        removeEmptyDirectories(folder)
        return left
    }

    /// Removes `path` and the directories below it that hold nothing (after their own are gone).
    private func removeEmptyDirectories(_ path: String) {
        for (name, kind) in root.entries(of: path) where kind == .directory { removeEmptyDirectories(path + "/" + name) }
        _ = root.removeDirectory(path)
    }


    // MARK: - Purging

    /// Removes notes deleted more than `trashDays` ago, and records files it sees for the
    /// first time. Returns the names removed. Run at the start of every writing command.
    @discardableResult
    public func purge() -> [String] {
        let now = vault.now()
        let limit = Double(vault.config.trashDays) * 86_400
        var purged: [String] = []
        for item in items() {
            let path = Self.directory + "/" + item.name
            if !item.isRecorded {
                try? root.write(Array(item.info.text(timeZone: vault.timeZone).utf8), to: path + TrashInfo.suffix, mode: 0o644, replacing: .nothing)
                continue
            }
            if now.timeIntervalSince(item.info.deletionDate) > limit {
                if root.removeFile(path) {
                    root.removeFile(path + TrashInfo.suffix)
                    root.removeTree(Self.attachmentFolder(of: item.name))
                    purged.append(item.name)
                }
            }
        }
        removeOrphanRecordsAndLeftovers()
        return purged
    }

    /// Removes every note in the trash for good; returns how many.
    @discardableResult
    public func empty() -> Int {
        var removed = 0
        for item in items() {
            let path = Self.directory + "/" + item.name
            if root.status(path) != nil, root.removeFile(path) { removed += 1 }
            root.removeFile(path + TrashInfo.suffix)
            root.removeTree(Self.attachmentFolder(of: item.name))
        }
        removeOrphanRecordsAndLeftovers()
        return removed
    }

    // MARK: - Helpers

    /// Records whose note is gone (an interrupted delete) are dropped.
    /// Removes records whose note is gone, and what a killed `vault` left in the trash half
    /// written (a record's or a note's temporary file) unless its writer still runs.
    private func removeOrphanRecordsAndLeftovers() {
        var temporaries: [String] = []
        walk("", includingHidden: true) { name in
            let parts = name.split(separator: "/")
            if let file = parts.last, AtomicFile.isTemporaryName(String(file)) {
                temporaries.append(Self.directory + "/" + name)
                return
            }
            guard !parts.contains(where: { $0.hasPrefix(".") }), name.hasSuffix(".md" + TrashInfo.suffix) else { return }
            let note = Self.directory + "/" + String(name.dropLast(TrashInfo.suffix.count))
            if root.status(note) == nil { root.removeFile(Self.directory + "/" + name) }
        }
        AtomicFile.removeLeftovers(temporaries, in: root.descriptor)
    }

    private func ensureDirectory() throws(VaultError) {
        try root.makeDirectory(Self.directory, operation: "create the trash")
    }


    /// Calls `visit` with every file below `.trash/` (relative to it), not following links;
    /// hidden names are passed over unless `includingHidden`.
    private func walk(_ prefix: String, includingHidden: Bool = false, _ visit: (String) -> Void) {
        let path = prefix.isEmpty ? Self.directory : Self.directory + "/" + prefix
        var directories: [String] = []
        for (name, kind) in root.entries(of: path) where includingHidden || !name.hasPrefix(".") {
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if kind == .directory {
                directories.append(relative)
            } else if kind == .regular {
                visit(relative)
            }
        }
        for directory in directories { walk(directory, includingHidden: includingHidden, visit) }
    }
}
