import Foundation

/// The first pass of an import: where each note goes and under what name, decided before
/// any is written, so that a note's links to notes read after it are rewritten too.
/// Holds names and paths only, never bodies.
struct ImportPlan {
    /// A note's decided place.
    struct Entry {
        var path: String
        /// The file name without `.md`, for links.
        var name: String
    }

    /// Notes to write, by source id.
    private(set) var entries: [String: Entry] = [:]
    /// Source titles (lower-cased) to the name their note was given: a link `[[title]]`
    /// is rewritten to it when they differ. The first note of a title wins.
    private(set) var names: [String: String] = [:]
    /// The same keys to the note's vault path: a Markdown link (a path) to a note that got
    /// another name or place is rewritten to it.
    private(set) var paths: [String: String] = [:]
    /// Source ids already in the vault, by an earlier import.
    let existing: Set<String>
    /// The file names (lower-cased) taken in each folder, on disk or by this plan.
    private var taken: [String: Set<String>] = [:]
    private let root: VaultRoot

    init(root: VaultRoot, existing: Set<String>) {
        self.root = root
        self.existing = existing
    }

    enum Decision {
        case write(Entry)
        case unchanged
        case skip(ImportSkip)
    }

    /// Decides what becomes of `note`, to go in `folder` (`.trash` for a deleted one).
    mutating func decide(_ note: ImportedNote, folder: String) -> Decision {
        // The scan keeps a property's value to its first `longestValue` characters.
        if existing.contains(note.sourceID) || existing.contains(String(note.sourceID.prefix(NoteOtherKeys.longestValue))) { return .unchanged }
        if entries[note.sourceID] != nil { return .skip(ImportSkip(name: note.title.isEmpty ? note.sourceID : note.title, reason: .duplicate)) }
        if note.title.trimmingSpaces().isEmpty, note.body.trimmingSpaces().isEmpty, note.attachments.isEmpty {
            return .skip(ImportSkip(name: note.sourceID, reason: .empty))
        }
        let base = FileNaming.baseName(for: note.title.isEmpty ? "Untitled" : note.title)
        let name = freeName(base, in: folder)
        let entry = Entry(path: folder.isEmpty ? name + ".md" : folder + "/" + name + ".md", name: name)
        entries[note.sourceID] = entry
        let key = note.title.lowercased()
        if names[key] == nil {
            names[key] = name
            paths[key] = entry.path
        }
        return .write(entry)
    }

    /// `base`, or `base 2`, `base 3`…: the first name no file of `folder` has (ignoring case).
    private mutating func freeName(_ base: String, in folder: String) -> String {
        if taken[folder] == nil {
            taken[folder] = Set(root.entries(of: folder).map { $0.name.lowercased() })
        }
        var candidate = base
        var number = 2
        while taken[folder]?.contains((candidate + ".md").lowercased()) == true {
            candidate = "\(base) \(number)"
            number += 1
        }
        taken[folder]?.insert((candidate + ".md").lowercased())
        return candidate
    }
}
