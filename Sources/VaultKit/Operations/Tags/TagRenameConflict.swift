import Foundation

/// One tag renamed to two names on two machines: after a sync merged both renames, notes
/// carry both new names where they had one tag. Read from the history (two done renames of
/// one source to different targets) and the notes: one that both renames changed (by
/// `id`), that has both names now, and on which neither rename saw the other's name. So it
/// is reported until someone keeps one name, and never for renames made one after another.
public struct TagRenameConflict: Sendable, Equatable {
    /// The tag that was renamed.
    public var source: String
    /// The names it was given, in the order the renames ran.
    public var targets: [String]
    /// The notes that have both names, by path.
    public var notes: [String]

    /// The conflicts among `records` (oldest first, as `TagHistory` reads them) in `notes`.
    public static func find(records: [TagHistoryRecord], notes: [Note]) -> [TagRenameConflict] {
        let renames = records.filter { $0.kind == .rename && $0.state == .done && $0.sources.count == 1 }
        guard renames.count > 1 else { return [] }
        var tagsByID: [String: (path: String, tags: [String])] = [:]
        for note in notes {
            if let id = note.id { tagsByID[id] = (note.path, note.tags.map(TagName.key)) }
        }
        var found: [TagRenameConflict] = []
        for (index, first) in renames.enumerated() {
            for second in renames[(index + 1)...] {
                let source = TagName.key(first.sources[0])
                guard TagName.key(second.sources[0]) == source, TagName.key(first.target) != TagName.key(second.target) else { continue }
                let targets = [TagName.key(first.target), TagName.key(second.target)]
                let secondBefore = Dictionary(second.notes.map { ($0.id, $0.before) }, uniquingKeysWith: { first, _ in first })
                let both = first.notes.compactMap { entry -> String? in
                    // Neither rename saw the other's name on the note: they ran apart.
                    guard let before = secondBefore[entry.id], let note = tagsByID[entry.id],
                          !Self.has(targets[1], in: entry.before.map(TagName.key)), !Self.has(targets[0], in: before.map(TagName.key)),
                          targets.allSatisfy({ Self.has($0, in: note.tags) }) else { return nil }
                    return note.path
                }
                if !both.isEmpty {
                    found.append(TagRenameConflict(source: first.sources[0], targets: [first.target, second.target], notes: both.sorted()))
                }
            }
        }
        return found
    }

    private static func has(_ tag: String, in keys: [String]) -> Bool {
        keys.contains { TagName.isSelfOrDescendant($0, of: tag) }
    }

    /// The conflict in a sentence: `tag 'work' was renamed to 'job' on one machine and to
    /// 'office' on another; 2 notes have both`.
    public var summary: String {
        "\(renamed); " + (notes.count == 1 ? "1 note has both" : "\(notes.count) notes have both")
    }

    private var renamed: String {
        "tag '\(source)' was renamed to '\(targets[0])' on one machine and to '\(targets[1])' on another"
    }

    /// What `vault check` says of each note that has both names.
    var diagnostics: [Diagnostic] {
        notes.map { path in
            Diagnostic(path: path, severity: .warning,
                       message: "\(renamed), and this note has both; rename one onto the other to keep one")
        }
    }
}
