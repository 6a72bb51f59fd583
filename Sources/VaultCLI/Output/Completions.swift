import ArgumentParser
import Foundation
import VaultKit

/// Shell completion of the names in the vault the command line is in: notes, folders,
/// tags. The shell runs `vault` to ask; a vault that cannot be opened offers nothing.
enum Completions {
    /// Note paths without `.md`, bare file names (a name finds a note in any folder), and titles.
    static let notes = CompletionKind.custom { words, _, prefix in
        names(words, prefix) { scan in scan.notes.flatMap { [String($0.path.dropLast(3)), $0.name, $0.title] } }
    }

    /// Folders, as `folder:` names them.
    static let folders = CompletionKind.custom { words, _, prefix in
        names(words, prefix) { scan in scan.folders.filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } } }
    }

    /// Tags and the levels above them (`project`, `project/alpha`).
    static let tags = CompletionKind.custom { words, _, prefix in
        names(words, prefix) { scan in
            scan.notes.flatMap { note in note.tags.flatMap(TagName.selfAndAncestors) }
        }
    }

    /// Notes and folders, for `mv` (notes, then a folder).
    static let notesAndFolders = CompletionKind.custom { words, _, prefix in
        names(words, prefix) { scan in scan.notes.map { String($0.path.dropLast(3)) } + scan.folders }
    }

    /// The names `list` gives for the vault of `words` (its `--vault`, else the working
    /// directory's), that start with `prefix`, sorted. The shell hands over the word as
    /// typed, quotes and backslashes included (`"Shopping l`, `Shopping\ l`): a name is
    /// matched without them (bash's `compgen` then matches the same way).
    private static func names(_ words: [String], _ prefix: String, _ list: (ScanResult) -> [String]) -> [String] {
        let explicit = words.firstIndex(of: "--vault").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
        guard let session = try? VaultSession.open(explicit: explicit, workingDirectory: FileManager.default.currentDirectoryPath),
              let scan = try? session.scan() else { return [] }
        let typed = ShellWord(typed: prefix)
        let lowered = typed.text.lowercased()
        return Set(list(scan)).filter { $0.lowercased().hasPrefix(lowered) }.sorted()
    }
}
