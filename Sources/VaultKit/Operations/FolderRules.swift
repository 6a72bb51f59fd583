import Foundation
import VaultPlatform

/// The rules for folders: one level of subfolders, sensible names, unique
/// case-insensitively among siblings.
public struct FolderRules: Sendable {
    public let root: VaultRoot

    public init(root: VaultRoot) {
        self.root = root
    }

    /// Creates `path` (`Folder` or `Folder/Subfolder`; the parent must exist) and returns it.
    public func create(_ path: String) throws(VaultError) -> String {
        let parts = try validatedPath(path).split(separator: "/").map(String.init)
        // The parent as it is on disk: `work/Sub` goes into `Work`.
        let parent = parts.count == 2 ? try NoteOperations.existingFolder(parts[0], root: root) : ""
        let name = parts[parts.count - 1]
        let relative = parent.isEmpty ? name : parent + "/" + name
        if let existing = siblings(of: parent).first(where: { $0.lowercased() == name.lowercased() }) {
            throw .invalidFolderName(path, reason: "'\(parent.isEmpty ? existing : parent + "/" + existing)' already exists")
        }
        try root.makeDirectory(relative, mustBeNew: true)
        return relative
    }

    /// Renames folder `old` to `new` (which may move a subfolder to another parent, as
    /// long as nothing ends up nested deeper than one level) and carries its colour. A
    /// subfolder renamed to a bare name stays in its parent (`Job/Meetings` to `Mtg` is
    /// `Job/Mtg`); `/Mtg` moves it to the top level.
    public func rename(_ old: String, to new: String) throws(VaultError) -> String {
        let (source, target) = try renameTarget(old, to: new)
        try root.move(source, to: target, operation: "rename the folder to '\(target)'")
        try ConfigEditor(root: root).renameColorKey(source, to: target, kind: .folders)
        return target
    }

    /// The folder `old` names and where `rename(_:to:)` puts it, with every rule checked.
    public func renameTarget(_ old: String, to new: String) throws(VaultError) -> (source: String, target: String) {
        let source = try NoteOperations.existingFolder(old, root: root)
        guard !source.isEmpty else { throw .invalidFolderName(old, reason: "the vault root cannot be renamed") }
        let sourceParts = source.split(separator: "/")
        var named = try validatedPath(new.hasPrefix("/") ? String(new.dropFirst()) : new)
        if sourceParts.count > 2, !new.hasPrefix("/"), !named.contains("/") {
            // Deeper than vault makes folders (another app's): renamed where it is.
            return try renamedInPlace(source, to: named, as: new)
        }
        if sourceParts.count == 2, !new.hasPrefix("/"), !named.contains("/") { named = sourceParts[0] + "/" + named }
        let namedParts = named.split(separator: "/").map(String.init)
        let parent = namedParts.count == 2 ? try NoteOperations.existingFolder(namedParts[0], root: root) : ""
        let target = parent.isEmpty ? namedParts[0] : parent + "/" + namedParts[1]
        let targetParts = target.split(separator: "/")
        if targetParts.count == 2, hasSubdirectories(source) {
            throw .invalidFolderName(new, reason: "'\(source)' has subfolders, and folders nest one level deep")
        }
        if target.lowercased().hasPrefix(source.lowercased() + "/") {
            throw .invalidFolderName(new, reason: "a folder cannot move into itself")
        }
        let name = String(targetParts[targetParts.count - 1])
        let isCaseOnly = target.lowercased() == source.lowercased()
        if !isCaseOnly, let existing = siblings(of: parent).first(where: { $0.lowercased() == name.lowercased() }) {
            throw .invalidFolderName(new, reason: "'\(parent.isEmpty ? existing : parent + "/" + existing)' already exists")
        }
        return (source, target)
    }

    /// `source` renamed to `name` in its own parent, unless a sibling has that name.
    private func renamedInPlace(_ source: String, to name: String, as typed: String) throws(VaultError) -> (source: String, target: String) {
        let parent = String(source[..<(source.lastIndex(of: "/") ?? source.startIndex)])
        let target = parent + "/" + name
        if target.lowercased() != source.lowercased(), let existing = siblings(of: parent).first(where: { $0.lowercased() == name.lowercased() }) {
            throw .invalidFolderName(typed, reason: "'\(parent)/\(existing)' already exists")
        }
        return (source, target)
    }

    /// Removes `folder` and its subfolders where they are empty (attachments keep a
    /// directory); returns the directories that remain.
    public func removeEmptyDirectories(_ folder: String) -> [String] {
        var remaining: [String] = []
        func remove(_ directory: String) {
            for child in siblings(of: directory) where !child.hasPrefix(".") {
                let path = directory + "/" + child
                if root.isDirectory(path) { remove(path) }
            }
            FolderMarkers(root: root).removeIfAlone(in: directory)
            if !root.removeDirectory(directory) { remaining.append(directory) }
        }
        remove(folder)
        return remaining
    }

    /// The existing folder `name` designates, matched as `folder:` matches: its path as it
    /// is on disk.
    public func existing(_ name: String) throws(VaultError) -> String {
        try NoteOperations.existingFolder(name, root: root)
    }

    /// The folder a new note goes into: `name` matched as `folder:` matches (ignoring case
    /// and normalisation, `work` is `Work`), and, when `create`, what is missing of it made,
    /// as Apple Notes makes a folder for a note (one level of subfolders at most). "" or
    /// `/` is the vault root.
    public func folder(forNewNote name: String, create: Bool) throws(VaultError) -> String {
        guard name != "/", !name.isEmpty else { return "" }
        var folder = ""
        for part in try validatedPath(name).split(separator: "/").map(String.init) {
            let wanted = folder.isEmpty ? part : folder + "/" + part
            if root.isDirectory(wanted) {
                folder = wanted
            } else if let existing = siblings(of: folder).first(where: { TagName.key($0) == TagName.key(part) && root.isDirectory(folder.isEmpty ? $0 : folder + "/" + $0) }) {
                folder = folder.isEmpty ? existing : folder + "/" + existing
            } else {
                if create { try root.makeDirectory(wanted) }
                folder = wanted
            }
        }
        return folder
    }

    /// Refuses `folder` (a vault-relative path) as a place for notes: the attachment folder
    /// or a folder in it (whose notes vault would not list), or deeper than one level of
    /// subfolders. One rule for `new -f`, `mv` and `cp`, as `folder create` has.
    public static func requireNotesFolder(_ folder: String, attachmentFolder: String) throws(VaultError) {
        guard !folder.isEmpty else { return }
        let top = folder.split(separator: "/").first.map(String.init) ?? folder
        if TagName.key(top) == TagName.key(attachmentFolder) {
            throw .invalidFolderName(folder, reason: "'\(attachmentFolder)' holds attachments, not notes")
        }
        if folder.split(separator: "/").count > 2 {
            throw .invalidFolderName(folder, reason: "folders nest one level deep (Folder/Subfolder)")
        }
    }

    private func validatedPath(_ path: String) throws(VaultError) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let relative: String
        do {
            relative = try VaultPath.relative(trimmed, root: root)
        } catch {
            throw .invalidFolderName(path, reason: "'..' and paths outside the vault are not folder names")
        }
        guard !relative.isEmpty else { throw .invalidFolderName(path, reason: "a name cannot be empty") }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else {
            throw .invalidFolderName(path, reason: "folders nest one level deep (Folder/Subfolder)")
        }
        for part in parts {
            if let problem = VaultPath.problem(withName: part) { throw .invalidFolderName(path, reason: problem) }
        }
        return relative
    }

    private func hasSubdirectories(_ folder: String) -> Bool {
        siblings(of: folder).contains { child in
            !child.hasPrefix(".") && root.isDirectory(folder + "/" + child)
        }
    }

    private func siblings(of parent: String) -> [String] {
        root.entries(of: parent).map(\.name)
    }
}
