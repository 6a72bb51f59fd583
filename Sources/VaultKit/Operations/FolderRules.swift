import CSystemShims
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The rules for folders: one level of subfolders, sensible names, unique
/// case-insensitively among siblings.
public struct FolderRules: Sendable {
    public let root: VaultRoot

    public init(root: VaultRoot) {
        self.root = root
    }

    /// Creates `path` (`Folder` or `Folder/Subfolder`; the parent must exist) and returns it.
    public func create(_ path: String) throws(VaultError) -> String {
        let relative = try validatedPath(path)
        let parts = relative.split(separator: "/").map(String.init)
        let parent = parts.count == 2 ? parts[0] : ""
        try requireDirectory(parent)
        let name = parts[parts.count - 1]
        if let existing = siblings(of: parent).first(where: { $0.lowercased() == name.lowercased() }) {
            throw .invalidFolderName(path, reason: "'\(parent.isEmpty ? existing : parent + "/" + existing)' already exists")
        }
        guard mkdirat(root.descriptor, relative, 0o755) == 0 else {
            throw .io(path: relative, operation: "create the folder", errno: errno)
        }
        return relative
    }

    /// Renames folder `old` to `new` (which may move a subfolder to another parent, as
    /// long as nothing ends up nested deeper than one level) and carries its colour.
    public func rename(_ old: String, to new: String) throws(VaultError) -> String {
        let source = try NoteOperations.existingFolder(old, root: root)
        guard !source.isEmpty else { throw .invalidFolderName(old, reason: "the vault root cannot be renamed") }
        let target = try validatedPath(new)
        let targetParts = target.split(separator: "/")
        if targetParts.count == 2, hasSubdirectories(source) {
            throw .invalidFolderName(new, reason: "'\(source)' has subfolders, and folders nest one level deep")
        }
        if target.lowercased().hasPrefix(source.lowercased() + "/") {
            throw .invalidFolderName(new, reason: "a folder cannot move into itself")
        }
        let parent = targetParts.count == 2 ? String(targetParts[0]) : ""
        try requireDirectory(parent)
        let name = String(targetParts[targetParts.count - 1])
        let isCaseOnly = target.lowercased() == source.lowercased()
        if !isCaseOnly, let existing = siblings(of: parent).first(where: { $0.lowercased() == name.lowercased() }) {
            throw .invalidFolderName(new, reason: "'\(parent.isEmpty ? existing : parent + "/" + existing)' already exists")
        }
                guard vault_rename_noreplace(root.descriptor, source, root.descriptor, target) == 0 else {
            if errno == EEXIST { throw .destinationExists(target) }
            throw .io(path: source, operation: "rename the folder to '\(target)'", errno: errno)
        }
        try ConfigEditor(root: root).renameColorKey(source, to: target, kind: .folders)
        return target
    }

    /// Removes `folder` and its subfolders where they are empty (attachments keep a
    /// directory); returns the directories that remain.
    public func removeEmptyDirectories(_ folder: String) -> [String] {
        var remaining: [String] = []
        func remove(_ directory: String) {
            for child in siblings(of: directory) where !child.hasPrefix(".") {
                let path = directory + "/" + child
                if let stat = POSIXFile.stat(path, relativeTo: root.descriptor), stat.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) {
                    remove(path)
                }
            }
            if unlinkat(root.descriptor, directory, AT_REMOVEDIR) != 0 { remaining.append(directory) }
        }
        remove(folder)
        return remaining
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

    private func requireDirectory(_ path: String) throws(VaultError) {
        guard !path.isEmpty else { return }
        guard let stat = POSIXFile.stat(path, relativeTo: root.descriptor), stat.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
            throw .folderNotFound(path)
        }
    }

    private func hasSubdirectories(_ folder: String) -> Bool {
        siblings(of: folder).contains { child in
            guard !child.hasPrefix("."), let stat = POSIXFile.stat(folder + "/" + child, relativeTo: root.descriptor) else { return false }
            return stat.mode & UInt32(S_IFMT) == UInt32(S_IFDIR)
        }
    }

    private func siblings(of parent: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root.absolutePath(parent))) ?? []
    }
}
