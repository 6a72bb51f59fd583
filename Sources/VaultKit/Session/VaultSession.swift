import Foundation
import VaultPlatform

/// A front end's way into a vault: what the command line, the web app and scripts share.
///
/// Open a session, scan (through the front-matter cache), select notes with a query,
/// resolve the names people type, and change the vault through `write(after:_:)`, which
/// holds the write lock and applies the rules every write must follow first. A scan is a value the caller owns: it
/// is freed when the caller lets go of it, so a server can rescan for days without growing.
///
/// ```swift
/// let session = try VaultSession.open(explicit: nil, workingDirectory: cwd)
/// let scan = try session.scan(matching: Query.parse("tag:work AND NOT folder:archive"))
/// try session.write(after: scan) { changes in
///     try changes.notes.setPinned(scan.notes[0], true)
/// }
/// ```
public struct VaultSession: Sendable {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// This session with the vault's settings read again (see `Vault.reloadingConfig`).
    public func reloadingConfig() -> VaultSession {
        VaultSession(vault: vault.reloadingConfig())
    }

    /// Opens the vault a front end designates: `explicit` (`--vault`), else `VAULT_PATH`,
    /// else the nearest ancestor of `workingDirectory` with `.vault/`.
    public static func open(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String, usesCache: Bool = true
    ) throws(VaultError) -> VaultSession {
        var vault = Vault(root: try VaultRoot.discover(explicit: explicit, environment: environment, workingDirectory: workingDirectory))
        vault.usesCache = usesCache
        return VaultSession(vault: vault)
    }

    public var root: VaultRoot { vault.root }
    public var config: VaultConfig { vault.config }

    /// The moment a query's relative dates (`today`, `7d`) are taken from.
    public var queryContext: QueryContext { QueryContext(now: vault.now(), timeZone: vault.timeZone) }

    // MARK: - Reading

    /// Every note, read through the cache.
    public func scan() throws(VaultError) -> ScanResult {
        try vault.scan()
    }

    /// The notes `query` selects; nil selects every note. Notes' texts are read only
    /// where the query's other terms cannot decide. `countingNotes`: see
    /// `VaultScanner.countsNotes` (off when `index(of:)` will not be asked). `keepingFirst`:
    /// only the first notes in list order will be asked for, and the notes kept may be only
    /// those that can be among them (see `VaultScanner.keepsFirst`). Words and phrases are
    /// answered from the word index in `.vault/cache/` for the notes it describes as they
    /// are (`WordIndexCache`), which is brought up to date afterwards.
    public func scan(matching query: Query?, countingNotes: Bool = true, keepingFirst: Int? = nil) throws(VaultError) -> ScanResult {
        let context = try queryContext(for: query)
        guard let query, query.needsText, vault.usesCache else {
            return try vault.scan(filter: query?.scanFilter(context: context), countingNotes: countingNotes, keepingFirst: keepingFirst)
        }
        let words = WordIndexCache(root: root, now: vault.now)
        let search = words.search(query.evaluator(context: context))
        let vault = self.vault
        // The word files are written on another core while the note cache is.
        let result = try vault.scan(filter: search.filter, countingNotes: countingNotes, keepingFirst: keepingFirst) { result in
            words.refresh(after: search, notes: result.allNotes, rejected: result.rejected, everyNote: { result.everyNote() ?? (try? vault.scan().allNotes) }, progress: vault.scanProgress)
        }
        PhaseTimer.mark("word index")
        return result
    }

    /// The context `query` needs: with the links of every note when it asks about links.
    public func queryContext(for query: Query?) throws(VaultError) -> QueryContext {
        try queryContext.linked(for: query) { () throws(VaultError) in try vault.scan().notes }
    }

    /// The organisation of a scan: folders and tags with counts, pinned and unsorted.
    public func index(of scan: ScanResult) -> VaultIndex { VaultIndex(scan) }

    /// The notes of `scan` in list order: pinned first, then most recently modified.
    public func sorted(_ scan: ScanResult) -> [Note] { VaultIndex.sorted(scan.notes) }

    /// The positions of `scan`'s notes in list order: `sorted(scan)` is the notes at them.
    public func listOrder(_ scan: ScanResult) -> [Int] { VaultIndex.listOrder(of: scan.notes) }

    /// The one note `name` designates in `scan`: a vault-relative path, a title or an id prefix.
    public func resolve(_ name: String, in scan: ScanResult) throws(VaultError) -> Note {
        try NoteResolver(notes: scan.notes, root: root).resolve(name)
    }

    /// Every note `names` designate, each once, in the order given.
    public func resolve(_ names: [String], in scan: ScanResult) throws(VaultError) -> [Note] {
        try NoteResolver(notes: scan.notes, root: root).resolve(names)
    }

    /// The folder `name` designates, matched as `folder:` matches (ignoring case and
    /// Unicode normalisation): its path as it is on disk, or "" for `/` (the root).
    public func folder(_ name: String, in scan: ScanResult) throws(VaultError) -> String {
        let relative = try VaultPath.relative(name, root: root)
        guard !relative.isEmpty else { return "" }
        let key = TagName.key(relative)
        if let exact = scan.folders.first(where: { $0 == relative }) { return exact }
        if let match = scan.folders.first(where: { TagName.key($0) == key }) { return match }
        // Not a folder of the scan: the precise reason (a hidden name, a file, nothing there).
        return try NoteOperations.existingFolder(relative, root: root)
    }

    /// The draft of a new note as the vault's settings make it: in `folder`, else the
    /// configured `new.folder`; its text starting from the template `template`, else the
    /// folder's own template (`new.templates`), with the placeholders filled in for
    /// `moment` (default: now).
    public func draft(title: String?, folder: String?, tags: [String] = [], pinned: Bool = false, template: String? = nil, fileName: String? = nil, at moment: Date? = nil) throws(VaultError) -> NoteDraft {
        var draft = NoteDraft(title: title, folder: folder ?? config.newFolder, tags: tags, pinned: pinned)
        draft.fileName = fileName
        let folderKey = draft.folder.hasPrefix("/") ? String(draft.folder.dropFirst()) : draft.folder
        if let name = template ?? config.folderTemplates[folderKey.lowercased()] {
            let loaded: NoteTemplate
            do {
                loaded = try NoteTemplate.load(name, root: root)
            } catch .noTemplate(let name, let available) where template == nil || template == config.dailyTemplate {
                // Named by the configuration, not by the user now: the note is made without
                // it, and `vault check` reports the name.
                draft.warnings.append((VaultError.noTemplate(name, available: available).errorDescription ?? "no template") + "; the note is made without it")
                return draft
            }
            draft.body = loaded.render(title: draft.title ?? draft.fileName ?? "Untitled", folder: folderKey, now: moment ?? vault.now(), timeZone: vault.timeZone)
        }
        return draft
    }

    /// Refuses `draft` for what creating it would refuse, other than its text: a folder that
    /// cannot hold notes or a bad tag. A front end asks before the user writes the text (in
    /// an editor); a missing folder is made when the note is saved.
    public func validate(_ draft: NoteDraft) throws(VaultError) {
        try FolderRules.requireNotesFolder(try FolderRules(root: root).folder(forNewNote: draft.folder, create: false), attachmentFolder: config.attachmentFolder)
        for tag in draft.tags {
            if let problem = TagName.problem(with: tag) { throw .invalidTagName(tag, reason: problem) }
        }
    }

    /// The trash: its notes, what would be purged.
    public var trash: Trash { Trash(vault: vault) }

    /// The operations recorded in `.vault/history/`, oldest first.
    public func history() -> [TagHistoryRecord] {
        TagHistory(vault: vault).records().map(\.record)
    }

    /// What `vault check` reports for `scan`, task dates that do not read, broken links and
    /// missing or unused attachments included.
    public func check(_ scan: ScanResult) -> VaultCheck {
        VaultCheck(scan: scan, config: config, contentProblems: tasks(of: scan.notes).problems + brokenLinks(in: scan.notes, targets: linkTargets(scan.notes))
            + Attachments(vault: vault).problems(in: scan.notes) + linkedPlaces() + OperationHistory(vault: vault).refused().compactMap(\.diagnostic)
            + TagRenameConflict.find(records: history(), notes: scan.notes).flatMap(\.diagnostics) + MergeAttributes.problems(root: root)
            + templateProblems())
    }

    /// Templates the configuration names (`new.templates`, `daily.template`) that
    /// `.vault/templates/` does not have: notes are made without them.
    private func templateProblems() -> [Diagnostic] {
        let available = Set(NoteTemplate.names(root: root))
        let named = config.folderTemplates.values.map { ($0, "new.templates") } + (config.dailyTemplate.map { [($0, "daily.template")] } ?? [])
        return named.filter { !available.contains($0.0.hasSuffix(".md") ? String($0.0.dropLast(3)) : $0.0) }.sorted { $0.0 < $1.0 }.map { name, key in
            Diagnostic(path: ".vault/config.yaml", severity: .warning,
                       message: "\(key) names the template '\(name)', which \(NoteTemplate.directory)/ does not have; notes are made without it")
        }
    }

    /// The places vault keeps for itself that the scan does not walk (hidden ones), when
    /// they are symbolic links: vault writes nothing through them, so what it keeps there
    /// (the trash, the history, the cache) cannot be kept until they are real folders.
    private func linkedPlaces() -> [Diagnostic] {
        [Trash.directory, TagHistoryRecord.directory, ".vault/cache", ScratchFile.directory].compactMap { place in
            guard vault.root.status(place)?.kind == .symbolicLink else { return nil }
            return Diagnostic(path: place, severity: .error,
                              message: "is a symbolic link; vault neither reads nor writes through links inside the vault (make it a folder)")
        }
    }

    // MARK: - Writing

    /// Changes the vault: runs `body` with the operations of a write, holding the vault's
    /// one write lock (`VaultRoot.withWriteLock`) throughout, so that no other save, sync or
    /// vault-wide operation runs in the middle of it. Every write goes through here, so
    /// that the rules that come before any write are applied once: notes trashed more than
    /// `trashDays` ago are purged, and temporary files a killed `vault` left beside notes
    /// (known from `scan`, when there is one) are removed.
    public func write<Result, Failure: Error>(after scan: ScanResult? = nil, _ body: (VaultChanges) throws(Failure) -> Result) throws(Failure) -> Result {
        try root.withWriteLock { () throws(Failure) -> Result in
            let purged = Trash(vault: vault).purge()
            if let scan { removeLeftovers(of: scan) }
            return try body(VaultChanges(vault: vault, notes: scan?.notes ?? [], purged: purged))
        }
    }

    /// Removes the temporary files `scan` found that a killed `vault` left beside notes
    /// (a file whose writer still runs is kept).
    public func removeLeftovers(of scan: ScanResult) {
        AtomicFile.removeLeftovers(scan.temporaries, in: root.descriptor)
    }
}

/// The operations of a write, inside `VaultSession.write(after:_:)`.
public struct VaultChanges: Sendable {
    public let vault: Vault
    /// The scanned notes vault-wide operations (tag renames, merges) work on.
    public let scannedNotes: [Note]
    /// Notes the purge removed from the trash for good, by their names there.
    public let purged: [String]

    init(vault: Vault, notes: [Note], purged: [String]) {
        self.vault = vault
        self.scannedNotes = notes
        self.purged = purged
    }

    /// Create, move, rename, duplicate, pin, finish an edit.
    public var notes: NoteOperations { NoteOperations(vault: vault) }
    /// Tags on notes, and recorded renames, merges and splits over `scannedNotes`.
    public var tags: TagOperations { TagOperations(vault: vault, notes: scannedNotes) }
    /// Delete, restore, empty.
    public var trash: Trash { Trash(vault: vault) }
    /// Create, rename and remove folders.
    public var folders: FolderRules { FolderRules(root: vault.root) }
    /// Colours and other settings in `.vault/config.yaml`.
    public var settings: ConfigEditor { ConfigEditor(root: vault.root) }
}
