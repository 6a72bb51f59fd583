import VaultPlatform

/// The files below a folder of the vault by lower-cased file name: where a link that names
/// a file finds it, as Obsidian finds it (docs/links.md).
///
/// Made by one walk that, as the scan, never follows a symbolic link (a link to a file is
/// not listed, one to a folder not entered) and passes over hidden names (`.trash/`,
/// `.vault/`, `.git/`, dot files): a link by name never leads out of the vault or into what
/// is not the vault's to show.
struct FilesByName: Sendable {
    /// Every file listed, sorted.
    let files: [String]
    private let byName: [String: [String]]

    /// Lists the files below `folder` ("" for the vault's top), but for those in `excluded`
    /// (a vault-relative folder) and, unless `includingNotes`, notes.
    init(root: VaultRoot, folder: String, excluding excluded: String? = nil, includingNotes: Bool) {
        files = root.files(below: folder, excluding: excluded) { includingNotes || !VaultRoot.name($0, endsWith: ".md") }
        var byName: [String: [String]] = [:]
        for file in self.files { byName[Self.key(file), default: []].append(file) }
        self.byName = byName
    }

    /// The files whose name is `name`, ignoring case.
    func files(named name: String) -> [String] {
        byName[name.lowercased()] ?? []
    }

    /// A path's file name, lower-cased.
    private static func key(_ path: String) -> String {
        (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
    }
}
