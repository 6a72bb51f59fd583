import Foundation

/// The file following its title after an edit in an editor, the one rule every front end
/// applies (DESIGN 1.2): only where the title is the first line's heading, or the first
/// line that named the file, and only when the file is still named after that line (a
/// note named otherwise, as Obsidian's are, keeps its name whatever its first line says).
/// A title from a `title` key, a daily note (in `daily.folder`, or named as a date in
/// `daily.format`) and a note whose front matter does not parse never rename. It is asked
/// once, when the editor is left: the rename is one recorded operation (`Relocate`), which
/// `UndoOperation` takes back.
public struct FollowTitle: Sendable {
    /// The note's text when the editing began.
    public let before: [UInt8]
    /// The note now (saved).
    public let note: Note
    /// Every note of the vault, for the links to rewrite.
    public let notes: [Note]

    public init(before: [UInt8], note: Note, notes: [Note]) {
        self.before = before
        self.note = note
        self.notes = notes
    }

    /// The title the file is to take, nil when it keeps its name.
    public static func title(before: [UInt8], after: [UInt8], path: String, config: VaultConfig, timeZone: TimeZone) -> String? {
        let name = NoteReader.fileName(of: path)
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        if folder.lowercased() == config.dailyFolder.lowercased() || folder.lowercased().hasPrefix(config.dailyFolder.lowercased() + "/") { return nil }
        if MomentFormat(config.dailyFormat).matches(name) { return nil }
        guard let old = firstLine(of: before, timeZone: timeZone), let new = firstLine(of: after, timeZone: timeZone) else { return nil }
        // The file was named after the line as it was (`vault new`, the app's first save,
        // or a rename), and the line changed.
        guard FileNaming.baseName(for: old) == name, new != old, !new.isEmpty else { return nil }
        // A title whose file name is the same (a `#` added, say) moves nothing.
        guard FileNaming.baseName(for: new) != name else { return nil }
        return new
    }

    /// The text of the first line of the body (a heading's name, without its marks), nil for a
    /// note whose title comes from a `title` key or whose front matter does not parse.
    private static func firstLine(of bytes: [UInt8], timeZone: TimeZone) -> String? {
        guard let editor = try? FrontMatterEditor(bytes: bytes, timeZone: timeZone), !editor.has(FrontMatterKey.title) else { return nil }
        let bodyStart = editor.frontMatter?.block.bodyStart ?? (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        return bytes.withUnsafeBytes { raw -> String? in
            let body = UnsafeRawBufferPointer(rebasing: raw[bodyStart...])
            guard let first = NoteText.firstLine(in: body) else { return nil }
            // A heading's name, without the tags and block id that end it.
            let end = first.isHeading ? NoteText.nameEnd(of: first.text, in: body) : first.text.upperBound
            return String(decoding: UnsafeRawBufferPointer(rebasing: body[first.text.lowerBound..<end]), as: UTF8.self)
        }
    }

    /// Renames the file when the rule says so, inside a write; nil when it keeps its name.
    public func run(in changes: VaultChanges) throws(VaultError) -> Relocation.Report? {
        guard note.frontMatterError == nil else { return nil }
        let after = try changes.vault.root.read(note.path).bytes
        guard let title = Self.title(before: before, after: after, path: note.path, config: changes.vault.config, timeZone: changes.vault.timeZone) else { return nil }
        return try Relocate(.rename(note, to: title), notes: notes).run(in: changes)
    }
}
