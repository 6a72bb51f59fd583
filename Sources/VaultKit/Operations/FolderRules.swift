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
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let relative: String
        do {
            relative = try VaultPath.relative(trimmed, root: root)
        } catch {
            throw .invalidFolderName(path, reason: "'..' and paths outside the vault are not folder names")
        }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !relative.isEmpty else { throw .invalidFolderName(path, reason: "a name cannot be empty") }
        guard parts.count <= 2 else {
            throw .invalidFolderName(path, reason: "folders nest one level deep (Folder/Subfolder)")
        }
        for part in parts {
            if let problem = VaultPath.problem(withName: part) { throw .invalidFolderName(path, reason: problem) }
        }
        let parent = parts.count == 2 ? parts[0] : ""
        if !parent.isEmpty {
            guard let stat = POSIXFile.stat(parent, relativeTo: root.descriptor), stat.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
                throw .folderNotFound(parent)
            }
        }
        let name = parts[parts.count - 1]
        if let existing = siblings(of: parent).first(where: { $0.lowercased() == name.lowercased() }) {
            throw .invalidFolderName(path, reason: "'\(parent.isEmpty ? existing : parent + "/" + existing)' already exists")
        }
        guard mkdirat(root.descriptor, relative, 0o755) == 0 else {
            throw .io(path: relative, operation: "create the folder", errno: errno)
        }
        return relative
    }

    private func siblings(of parent: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root.absolutePath(parent))) ?? []
    }
}
