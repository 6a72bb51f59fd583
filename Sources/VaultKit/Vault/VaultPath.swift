/// Keeps every path a command is given inside the vault.
public enum VaultPath {
    /// `path` as printed on a line of output: control characters (a newline in a file
    /// name) are escaped, so that one path is one line.
    public static func displayed(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return path }
        var result = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A file name that is not UTF-8, with each invalid byte written `\xE9`.
    public static func displayed(bytes: [UInt8]) -> String {
        var result = ""
        var offset = 0
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                result.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { result += "\\x" + String(byte, radix: 16, uppercase: true) }
                offset += length
            case .emptyInput:
                return displayed(result)
            }
        }
    }

    /// `name` as a vault-relative path. An absolute path inside the vault is made
    /// relative; `./x` and `../x` are read from the working directory when it is inside
    /// the vault (as git reads them); `Personal/../Work` is `Work`, read by the names
    /// alone (the files are then opened without following a link); a path that climbs
    /// above the vault, or is outside it, is refused.
    public static func relative(_ name: String, root: VaultRoot) throws(VaultError) -> String {
        var path = name
        var parts: [Substring] = []
        if path.hasPrefix("/") {
            let prefix = root.path == "/" ? "/" : root.path + "/"
            guard path.hasPrefix(prefix) || path == root.path else { throw .outsideVault(name) }
            path = String(path.dropFirst(min(prefix.count, path.count)))
        } else if let base = root.workingDirectory, isWorkingDirectoryRelative(path) {
            parts = base.split(separator: "/")
        }
        let fromWorkingDirectory = parts.count
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                // Back out of a folder the vault has (`Personal/../Work`); `notes/../x`,
                // where `notes` is no folder of the vault, names a place outside it.
                if parts.count > fromWorkingDirectory, !root.isDirectory(parts.joined(separator: "/")) { throw .outsideVault(name) }
                if parts.popLast() == nil { throw .outsideVault(name) }
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// `./x`, `../x`, `.` and `..`: paths that name a place from the working directory.
    public static func isWorkingDirectoryRelative(_ path: String) -> Bool {
        path == "." || path == ".." || path.hasPrefix("./") || path.hasPrefix("../")
    }

    /// The vault-relative `path` as seen from the vault-relative `directory`
    /// (`Work/a.md` from `Personal` is `../Work/a.md`): what a command prints for a shell
    /// in that directory.
    public static func relative(_ path: String, from directory: String) -> String {
        guard !directory.isEmpty else { return path }
        let base = directory.split(separator: "/")
        var target = path.split(separator: "/")
        var common = 0
        while common < base.count, common < target.count - 1, base[common] == target[common] { common += 1 }
        target.removeFirst(common)
        return (Array(repeating: "..", count: base.count - common) + target.map(String.init)).joined(separator: "/")
    }

    /// Checks a vault-relative path that came from a file (a history record, a trash
    /// info, anything that travels through git): it must stay beneath the root, in plain
    /// parts, outside `.vault/` and `.git/` (a record's edit of `.vault/config.yaml`, the
    /// colour a folder rename moves, is allowed by the record itself). The reason it is
    /// refused, or nil.
    public static func problem(withRecordedPath path: String) -> String? {
        if path.isEmpty { return "the path is empty" }
        if path.hasPrefix("/") { return "'\(path)' is an absolute path" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "'\(path.debugDescription)' has control characters" }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0 == ".." }) { return "'\(path)' leads outside the vault" }
        if parts.contains(where: { $0.isEmpty || $0 == "." }) { return "'\(path)' is not a plain vault path" }
        // In any case: on a file system that ignores case, `.GIT/` is `.git/`.
        if let first = parts.first, first.lowercased() == VaultRoot.settingsDirectory || first.lowercased() == ".git" {
            return "'\(path)' is inside \(first)/, which no operation changes"
        }
        return nil
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
