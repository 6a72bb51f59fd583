/// Setting and removing front-matter properties of notes, the one way every front end does
/// it: each value read as the YAML it would be (`PropertyValue`) and written by the
/// minimal front-matter editor (only that key's lines change; a new key goes where vault
/// adds keys); `tags` and `pinned` through the tag and pin operations; the keys vault
/// keeps itself refused, with why. The whole is one operation that `vault undo` takes
/// back byte for byte.
public struct SetProperties {
    /// What it did (or, planned, would do).
    public struct Report: Sendable {
        /// The notes whose file changed (would change).
        public var changed: [String] = []
        /// The notes that could not be changed, with why; the others were.
        public var failed: [VaultError] = []
        /// The operation in `.vault/history/`; nil for a plan or when nothing changed.
        public var recordID: String?
    }

    public let notes: [Note]
    public let values: [(key: String, value: PropertyValue)]
    public let removed: [String]

    /// Refuses, before anything is read, a key vault keeps itself or one that is no plain
    /// key, and a `tags` or `pinned` value those cannot be.
    public init(_ notes: [Note], set values: [(key: String, value: PropertyValue)], remove removed: [String]) throws(VaultError) {
        guard !values.isEmpty || !removed.isEmpty else { throw .noPropertyChange }
        for key in values.map(\.key) + removed { try Self.check(key) }
        for (key, value) in values {
            if Self.isKey(key, FrontMatterKey.pinned), value.flag == nil {
                throw .invalidPropertyValue(key: key, value: value.yaml, reason: "'pinned' is true or false")
            }
            if Self.isKey(key, FrontMatterKey.tags), value.items == nil, value.kind != .string {
                throw .invalidPropertyValue(key: key, value: value.yaml, reason: "'tags' is a list of tag names, such as [work, plan]")
            }
        }
        self.notes = notes
        self.values = values
        self.removed = removed
    }

    /// Why `key` cannot be set or removed here; nothing when it can.
    public static func check(_ key: String) throws(VaultError) {
        let reasons: [(String, String)] = [
            (FrontMatterKey.id, "vault gives each note its id, which never changes"),
            (FrontMatterKey.created, "it is when the note was made, which never changes"),
            (FrontMatterKey.modified, "vault sets it when the note's text changes"),
            (FrontMatterKey.sortDate, "vault derives it from the note's dates"),
            (FrontMatterKey.title, "a title changes with the note's name: rename the note"),
        ]
        if let reason = reasons.first(where: { isKey(key, $0.0) })?.1 { throw .propertyRefused(key: key, reason: reason) }
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "_-. ".unicodeScalars.contains($0) }
        guard plain, key.first != " ", key.last != " " else {
            throw .propertyRefused(key: key, reason: "a key is letters, digits, spaces, '_', '-' and '.'")
        }
    }

    private static func isKey(_ key: String, _ name: String) -> Bool { FrontMatterKey.matches(key, name) }

    /// The tags a note has after the change; nil when tags do not change.
    private var newTags: [String]? {
        if let value = values.last(where: { Self.isKey($0.key, FrontMatterKey.tags) })?.value {
            return value.items ?? [value.yaml]
        }
        return removed.contains { Self.isKey($0, FrontMatterKey.tags) } ? [] : nil
    }

    private var newPinned: Bool? {
        if let value = values.last(where: { Self.isKey($0.key, FrontMatterKey.pinned) })?.value { return value.flag }
        return removed.contains { Self.isKey($0, FrontMatterKey.pinned) } ? false : nil
    }

    /// The other keys: set through the front-matter editor.
    private func editOthers(_ editor: inout FrontMatterEditor) throws {
        for (key, value) in values where !Self.isKey(key, FrontMatterKey.tags) && !Self.isKey(key, FrontMatterKey.pinned) {
            try editor.set(key, to: .yaml(value.yaml))
        }
        for key in removed where !Self.isKey(key, FrontMatterKey.tags) && !Self.isKey(key, FrontMatterKey.pinned) {
            try editor.remove(key)
        }
    }

    /// What it would change, nothing written.
    public func plan(in session: VaultSession) -> Report {
        var report = Report()
        for note in notes {
            do {
                var editor = try FrontMatterEditor(bytes: try session.root.read(note.path).bytes, timeZone: session.vault.timeZone)
                let before = editor.bytes
                if let tags = newTags {
                    try editor.updateTags(removing: note.tags.filter { !tags.contains($0) }, adding: tags)
                }
                if let pinned = newPinned, editor.fields.pinned != pinned { try editor.set(FrontMatterKey.pinned, to: .bool(pinned)) }
                try editOthers(&editor)
                if editor.bytes != before { report.changed.append(note.path) }
            } catch let error as VaultError {
                report.failed.append(error)
            } catch let error as FrontMatterError {
                report.failed.append(.located(error.diagnostic(path: note.path)))
            } catch {
                report.failed.append(.invalidArgument("\(note.path): \(error)"))
            }
        }
        return report
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws -> Report {
        var report = Report()
        let summary = (values.map { "\($0.key)=\($0.value.yaml)" } + removed.map { "-\($0)" }).joined(separator: " ")
            + " on " + (notes.count == 1 ? notes[0].path : "\(notes.count) notes")
        report.recordID = try changes.recorded(.properties, summary: summary) { changes in
            for note in notes {
                do throws(VaultError) {
                    var changed = false
                    if let tags = newTags {
                        let removing = note.tags.filter { tag in !tags.contains { TagName.key($0) == TagName.key(tag) } }
                        if !removing.isEmpty { changed = try !changes.tags.remove(removing, from: [note]).changed.isEmpty || changed }
                        if !tags.isEmpty { changed = try !changes.tags.add(tags, to: [note]).changed.isEmpty || changed }
                    }
                    if let pinned = newPinned { changed = try changes.notes.setPinned(note, pinned) == .written || changed }
                    changed = try changes.vault.writer.update(note.path) { try editOthers(&$0) } == .written || changed
                    if changed { report.changed.append(note.path) }
                } catch {
                    report.failed.append(error)
                }
            }
        }.recordID
        return report
    }
}
