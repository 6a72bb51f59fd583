import Foundation

/// The conflict copies the merge driver makes. They wait in the git directory until the
/// merge is done and then take a free name beside their note: written into the working tree
/// in the middle of a merge, a copy could stand where the merge is about to put a file of the
/// other side (an earlier conflict copy of the same note, say), and git would stop.
public struct ConflictCopies: Sendable {
    /// `GIT_DIR/vault-conflicts`.
    public let folder: String

    public init(gitDirectory: String) {
        folder = gitDirectory + "/vault-conflicts"
    }

    /// Keeps `bytes`, the other side's version of the note at `path`, until `place`.
    public func stage(_ bytes: [UInt8], for path: String) throws(VaultError) {
        let name = folder + "/" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // The bytes first: a copy without its path is never placed, one with it is whole.
            try Data(bytes).write(to: URL(fileURLWithPath: name + ".copy"), options: .atomic)
            try Data(path.utf8).write(to: URL(fileURLWithPath: name + ".path"), options: .atomic)
        } catch {
            throw .syncWriteFailed(path: folder, reason: error.localizedDescription.lowercased(), consequence: "the conflict copy of '\(path)' was not kept")
        }
    }

    /// A note's conflict copy as a note of its own: a new `id` (two notes never share one),
    /// not pinned, and titled by its file name (`Plan (conflict 2026-11-24)`), so that
    /// neither a search for the note's title nor its id finds two notes. Its body is the
    /// other side's, byte for byte. A file that is not a note, or whose front matter does
    /// not parse, is kept as it is.
    public static func copyNote(_ bytes: [UInt8], at copy: String) -> [UInt8] {
        guard copy.hasSuffix(".md"), var editor = try? FrontMatterEditor(bytes: bytes) else { return bytes }
        let name = copy.split(separator: "/").last.map { String($0.dropLast(3)) } ?? copy
        do {
            try editor.set(FrontMatterKey.id, to: .string(NoteOperations.newID()))
            if editor.has(FrontMatterKey.pinned) { try editor.remove(FrontMatterKey.pinned) }
            try editor.set(FrontMatterKey.title, to: .string(name))
        } catch {
            return bytes
        }
        return editor.bytes
    }

    /// Drops the waiting copies of the notes at `paths`: a merge that joins those notes
    /// makes its own (see `OneNoteOnePlace`).
    public func discard(for paths: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasSuffix(".path") {
            let stem = folder + "/" + name.dropLast(".path".count)
            guard let path = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8), paths.contains(path) else { continue }
            try? FileManager.default.removeItem(atPath: stem + ".copy")
            try? FileManager.default.removeItem(atPath: stem + ".path")
        }
    }

    /// Moves every waiting copy beside its note under a name nothing has; returns their paths.
    public func place(in root: VaultRoot, date: Date = Date()) throws(VaultError) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var placed: [String] = []
        for name in names.sorted() where name.hasSuffix(".path") {
            let stem = folder + "/" + name.dropLast(".path".count)
            guard let path = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8),
                  let bytes = FileManager.default.contents(atPath: stem + ".copy")
            else { continue }
            let copy = VaultSync.conflictCopyPath(for: path, date: date) { root.status($0) != nil }
            // The note's folder may have gone in the merge.
            try root.makeDirectories(copy.split(separator: "/").dropLast().joined(separator: "/"))
            try root.write(Self.copyNote(Array(bytes), at: copy), to: copy, mode: 0o644, replacing: .nothing)
            try? FileManager.default.removeItem(atPath: stem + ".path")
            try? FileManager.default.removeItem(atPath: stem + ".copy")
            placed.append(copy)
        }
        return placed
    }
}
