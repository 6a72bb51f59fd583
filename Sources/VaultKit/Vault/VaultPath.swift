/// Keeps every path a command is given inside the vault.
public enum VaultPath {
    /// `name` as a vault-relative path. An absolute path inside the vault is made
    /// relative; `..` components and paths outside the vault are refused.
    public static func relative(_ name: String, root: VaultRoot) throws(VaultError) -> String {
        var path = name
        if path.hasPrefix("/") {
            let prefix = root.path == "/" ? "/" : root.path + "/"
            guard path.hasPrefix(prefix) else { throw .outsideVault(name) }
            path = String(path.dropFirst(prefix.count))
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if parts.contains("..") { throw .outsideVault(name) }
        return parts.joined(separator: "/")
    }

    /// Checks a single file or folder name: not empty, no `/`, not starting with `.`.
    public static func problem(withName name: String) -> String? {
        if name.trimmingSpacesCount == 0 { return "a name cannot be empty" }
        if name.contains("/") { return "a name cannot contain '/'" }
        if name.hasPrefix(".") { return "a name cannot start with '.'" }
        if name.utf8.contains(0) || name.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            return "a name cannot contain control characters"
        }
        if name.utf8.count > 240 { return "a name can be at most 240 bytes long" }
        return nil
    }
}

extension String {
    var trimmingSpacesCount: Int { trimmingSpaces().count }
}
