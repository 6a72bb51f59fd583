
/// File names for notes, made from titles.
public enum FileNaming {
    /// A file name (without `.md`) for `title`: characters file systems and sync tools
    /// dislike become spaces or dashes, those a `[[wiki link]]` cannot hold in a name
    /// (`#`, `^`, `[`, `]`, `|`, as Obsidian refuses them) are dropped, and a leading dot is
    /// dropped so the note is not hidden.
    public static func baseName(for title: String) -> String {
        var name = ""
        for scalar in title.unicodeScalars {
            switch scalar {
            case "/", "\\", ":": name.unicodeScalars.append("-")
            case "*", "?", "\"", "<", ">", "|", "#", "^", "[", "]": continue
            default:
                if scalar.properties.generalCategory == .control { name.unicodeScalars.append(" ") } else { name.unicodeScalars.append(scalar) }
            }
        }
        // Not hidden (`.`), and not taken for an option by the next command (`-`).
        name = name.trimmingSpaces()
        while name.hasPrefix(".") || name.hasPrefix("-") {
            name.removeFirst()
            name = name.trimmingSpaces()
        }
        while name.utf8.count > 200 { name.removeLast() }
        return name.isEmpty ? "Untitled" : name
    }

    /// A vault-relative path `folder/base.md` no file uses yet (compared case-insensitively,
    /// for vaults synced to case-insensitive file systems): `base 2.md`, `base 3.md`, …
    public static func freePath(folder: String, base: String, extension suffix: String = ".md", in root: VaultRoot) -> String {
        let taken = Set(root.entries(of: folder).map { $0.name.lowercased() })
        var candidate = base
        var number = 2
        while taken.contains((candidate + suffix).lowercased()) {
            candidate = "\(base) \(number)"
            number += 1
        }
        return folder.isEmpty ? candidate + suffix : folder + "/" + candidate + suffix
    }
}
