import Foundation
import VaultPlatform

/// Bringing notes in from another app (docs/import.md), the one way every front end does
/// it: a reader streams the export's notes, and each becomes one note of the vault, named by
/// its title, with its dates, tags and source id in its front matter and its attachments in
/// the attachment folder. The whole import is one recorded operation, which `vault undo`
/// takes back file for file; a note whose source id is in the vault already is left alone,
/// so that importing the same export again adds nothing.
///
/// The export is read twice: once to decide every note's name (so that a link to a note read
/// later is rewritten too), once to write. Neither pass holds more than one note's body.
public struct ImportNotes: Sendable {
    public let reader: any ImportReader
    /// Files or folders, as the user named them (absolute).
    public let paths: [String]
    /// The vault folder the import goes into; empty for the vault's top.
    public let folder: String
    public let dryRun: Bool
    /// Told after each note written or passed over (notes done, notes in all).
    public var progress: (@Sendable (Int, Int) -> Void)?

    /// The folder archived notes go to, within the import's folder.
    public static let archiveFolder = "Archive"

    public init(reader: any ImportReader, paths: [String], folder: String = "", dryRun: Bool = false) {
        self.reader = reader
        self.paths = paths
        self.folder = folder
        self.dryRun = dryRun
    }

    /// Runs it inside a write; the scanned notes of `changes` are where earlier imports are found.
    public func run(in changes: VaultChanges) throws -> ImportReport {
        let target = try Self.checkedFolder(folder)
        var plan = ImportPlan(root: changes.vault.root, existing: Self.sources(in: changes))
        var report = ImportReport(format: reader.format, dryRun: dryRun)
        // Pass one: names, and the account of every note.
        for path in paths {
            try reader.read(path) { item throws(VaultError) in
                report.read += 1
                switch item {
                case .skipped(let skip): report.skipped.append(skip)
                case .note(let note):
                    switch plan.decide(note, folder: Self.folder(of: note, in: target)) {
                    case .write: break
                    case .unchanged: report.unchanged += 1
                    case .skip(let skip): report.skipped.append(skip)
                    }
                }
            }
        }
        let vaultPaths = changes.scannedNotes.map(\.path)
        let total = report.read
        func write(_ changes: VaultChanges) throws(VaultError) {
            var writer = ImportWriter(vault: changes.vault, plan: plan, vaultPaths: vaultPaths, dryRun: dryRun)
            var done = Set<String>()
            var count = 0
            for path in paths {
                try reader.read(path) { item throws(VaultError) in
                    count += 1
                    defer { progress?(count, total) }
                    guard case .note(let note) = item, let entry = plan.entries[note.sourceID], done.insert(note.sourceID).inserted else { return }
                    try writer.write(note, at: entry, report: &report)
                }
            }
        }
        if dryRun {
            try write(changes)
            return report
        }
        let summary = "import \(reader.format.rawValue): " + paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: ", ")
        let (_, recordID) = try changes.recorded(.importNotes, summary: summary) { journaled throws in try write(journaled) }
        report.recordID = recordID
        return report
    }

    /// Where `note` goes within the import's folder `target`: its own folder (a notebook),
    /// `Archive` for an archived note, and its own folder for a deleted one (the trash
    /// remembers it as where the note came from).
    static func folder(of note: ImportedNote, in target: String) -> String {
        let own: String? = switch note.place {
        case .archive: archiveFolder
        case .notes, .trash: note.folder.map(FileNaming.baseName)
        }
        guard let own else { return target }
        return target.isEmpty ? own : target + "/" + own
    }

    /// The import's folder as given: a vault folder or subfolder, never a way out.
    static func checkedFolder(_ folder: String) throws(VaultError) -> String {
        let trimmed = folder.split(separator: "/").joined(separator: "/")
        guard !trimmed.isEmpty else { return "" }
        let parts = trimmed.split(separator: "/").map(String.init)
        guard parts.count == 1 else { throw .invalidFolderName(folder, reason: "an import goes into a top-level folder; its notebooks become its subfolders") }
        if let problem = VaultPath.problem(withName: parts[0]) { throw .invalidFolderName(folder, reason: problem) }
        return trimmed
    }

    /// The `source:` of every note of the vault and of the trash: what earlier imports wrote.
    static func sources(in changes: VaultChanges) -> Set<String> {
        var sources = Set<String>()
        func add(_ note: Note) {
            for value in NoteOtherKeys.values(of: ImportWriter.sourceKey, in: note[NoteOtherKeys.self]) ?? [] { sources.insert(String(value)) }
        }
        changes.scannedNotes.forEach(add)
        let root = changes.vault.root
        for (name, kind) in root.entries(of: Trash.directory) where kind == .regular && name.hasSuffix(".md") {
            let path = Trash.directory + "/" + name
            guard let (bytes, status) = try? root.read(path) else { continue }
            bytes.withUnsafeBytes { add(NoteReader.read($0, path: path, status: status, timeZone: changes.vault.timeZone)) }
        }
        return sources
    }
}
