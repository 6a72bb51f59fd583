import VaultPlatform

/// Saving a note's whole text from an editor (the app's), if the file is still the version
/// the editor read; `.conflict` otherwise, and nothing is written. With `base` (the text
/// that version had, which the editor typed over), a change made on disk since is merged
/// line by line as the sync merges (`EditMerge`), and the merge is saved: `.conflict` only
/// when the same lines changed on both sides; `keepingMine` settles those with `text`
/// (the conflict view's "Keep mine"), every other change on disk kept.
///
/// The text keeps the file's line endings, and a note that is not UTF-8 is refused
/// (`EditorText`): an editor cannot show it as it is.
///
/// No empty notes (DESIGN 10): a text with nothing after its front matter is refused by
/// the rule `vault new` refuses one by, and the file keeps its last text. When the text
/// changed, `modified` is set to now (in a note with front matter that parses); the file's
/// permissions are kept, and the write is atomic. As every write, it holds the vault's
/// write lock: during a sync's merge it waits, and then finds the merged note (another
/// version: `.conflict`), so that it is never acknowledged and then lost.
public struct SaveNote: Sendable {
    /// What a save did.
    public struct Report: Sendable {
        /// The note as written.
        public let document: NoteDocument
        /// True when the file had changed since `version` and the text saved is the merge
        /// of the disk's change with what was sent.
        public let merged: Bool
    }

    public let path: String
    public let text: String
    /// The version of the file the editor read.
    public let version: String
    public let base: String?
    public let keepingMine: Bool

    public init(_ text: String, to path: String, ifVersion version: String, base: String? = nil, keepingMine: Bool = false) {
        self.text = text
        self.path = path
        self.version = version
        self.base = base
        self.keepingMine = keepingMine
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws(VaultError) -> Report {
        guard NoteDraft(body: NoteDraft(body: text).textAfterFrontMatter).hasText else { throw .emptyNote }
        let vault = changes.vault
        let session = VaultSession(vault: vault)
        let root = vault.root
        let relative = try session.notePath(path)
        let (current, status) = try session.readExisting(relative)
        try EditorText.requireUTF8(current, path: relative)
        var bytes = EditorText.inLineEndings(of: current, Array(text.utf8))
        var merged = false
        if VaultSession.version(of: status.stamp) != version {
            let merge = base.map { EditorText.inLineEndings(of: current, Array($0.utf8)) }.flatMap { base in
                keepingMine
                    ? EditMerge.keepingMine(base: base, mine: bytes, disk: current, timeZone: vault.timeZone)
                    : EditMerge.merge(base: base, mine: bytes, disk: current, timeZone: vault.timeZone)
            }
            guard let merge else { throw .conflict(path: relative) }
            bytes = merge
            merged = true
        }
        let before = VaultSession.document(current, path: relative, status: status, timeZone: vault.timeZone, inlineTags: vault.config.inlineTags)
        guard bytes != current else { return Report(document: before, merged: merged) }
        if status.isReadOnly {
            throw .located(Diagnostic(path: relative, severity: .error, message: "note is read-only; vault leaves it unchanged (chmod u+w to allow)"))
        }
        if var editor = try? FrontMatterEditor(bytes: bytes, timeZone: vault.timeZone), editor.frontMatter != nil,
           (try? editor.set(FrontMatterKey.modified, to: .date(vault.now()))) != nil {
            // Without a `created` key, created is the file's birth time, and the atomic write
            // makes a new file: the date the note had before this save is written down, so
            // that it stays (DESIGN 1.2: edits never change `created`).
            if !editor.has(FrontMatterKey.created), before.note.frontMatterError == nil {
                try? editor.set(FrontMatterKey.created, to: .date(before.note.created))
            }
            bytes = editor.bytes
        }
        try root.write(bytes, to: relative, mode: status.mode, replacing: .unchanged(status.stamp), crashTestPoint: true)
        return Report(document: try session.document(at: relative), merged: merged)
    }
}
