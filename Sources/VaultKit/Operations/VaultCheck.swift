import Foundation

/// `vault check`: everything wrong in a vault that a person should fix.
public struct VaultCheck: Sendable {
    public let diagnostics: [Diagnostic]

    /// `contentProblems`: what the notes' text holds that is wrong: task fields that do not read, broken links.
    public init(scan: ScanResult, config: VaultConfig, contentProblems: [Diagnostic] = []) {
        var found: [Diagnostic] = config.problems + contentProblems
        var notesByID: [String: [String]] = [:]
        for note in scan.notes {
            if let error = note.frontMatterError {
                found.append(error.diagnostic(path: note.path))
            }
            for problem in note.problems {
                found.append(problem.diagnostic(path: note.path))
            }
            if let id = note.id, NoteID.isIdentity(id) { notesByID[id.lowercased(), default: []].append(note.path) }
            if note.path.split(separator: "/").count > 3 {
                found.append(Diagnostic(path: note.path, severity: .warning, message: "nested deeper than a folder and a subfolder; it counts in folder '\(note.topFolder)'"))
            }
        }
        // Canonically equal paths (Swift's `==`, keys of a dictionary) with other bytes:
        // names that differ only in their Unicode normalization, as NFC and NFD `Café.md`.
        var notesByName: [String: [String]] = [:]
        for note in scan.notes { notesByName[note.path, default: []].append(note.path) }
        for paths in notesByName.values where paths.count > 1 {
            for path in paths.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                found.append(Diagnostic(path: path, severity: .error, message: "\(paths.count) notes have this name, written with different Unicode forms (this one \(Self.form(of: path))); rename all but one"))
            }
        }
        for (id, paths) in notesByID where paths.count > 1 {
            for path in paths.sorted() {
                found.append(Diagnostic(path: path, severity: .error, message: "id '\(id)' is used by \(paths.count) notes: " + paths.sorted().joined(separator: ", ")))
            }
        }
        for directory in scan.folders where directory.split(separator: "/").count > 2 {
            found.append(Diagnostic(path: directory, severity: .warning, message: "directory nested deeper than a folder and a subfolder"))
        }
        found += scan.issues.map(\.diagnostic)
        diagnostics = found.sorted { ($0.path, $0.line ?? 0, $0.column ?? 0) < ($1.path, $1.line ?? 0, $1.column ?? 0) }
    }

    /// How a name's accents are written, for telling apart names that print alike.
    static func form(of path: String) -> String {
        if path.utf8.elementsEqual(path.precomposedStringWithCanonicalMapping.utf8) { return "precomposed, NFC" }
        if path.utf8.elementsEqual(path.decomposedStringWithCanonicalMapping.utf8) { return "decomposed, NFD" }
        return "partly decomposed"
    }

    /// True when nothing was found.
    public var isClean: Bool { diagnostics.isEmpty }
}
