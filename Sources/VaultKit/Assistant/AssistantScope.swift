/// What an assistant (`vault mcp`) may see and change: the folders it was given (every
/// folder when none), never a note whose front matter says `private: true`, and nothing at
/// all to change when it was given the vault to read only.
///
/// Every tool asks the scope: a note outside it is "no note matches", so that an assistant
/// cannot tell a private note from one that does not exist.
public struct AssistantScope: Sendable, Equatable, Codable {
    /// The folders, vault-relative as on disk ("" is the root: every note); nil is every note.
    public let folders: [String]?
    public let readOnly: Bool

    public init(folders: [String]? = nil, readOnly: Bool = false) {
        self.folders = folders.map { $0.map(Self.normalized) }
        self.readOnly = readOnly
    }

    /// The scope `.vault/config.yaml` gives (`mcp.folders`, `mcp.readOnly`) narrowed by the
    /// command's own: folders given to the command are kept only inside the configured ones
    /// (the configured one kept where a given one holds it), and read-only from either holds.
    public static func configured(_ config: VaultConfig, folders: [String], readOnly: Bool) -> AssistantScope {
        let given = folders.map(normalized)
        let narrowed: [String]?
        switch (config.assistantFolders.map { $0.map(normalized) }, given.isEmpty) {
        case (nil, true): narrowed = nil
        case (nil, false): narrowed = given
        case (let configured?, true): narrowed = configured
        case (let configured?, false):
            var kept: [String] = []
            for folder in given where configured.contains(where: { contains($0, folder) }) { kept.append(folder) }
            for folder in configured where given.contains(where: { contains($0, folder) }) && !kept.contains(folder) { kept.append(folder) }
            narrowed = kept
        }
        return AssistantScope(folders: narrowed, readOnly: readOnly || config.assistantReadOnly)
    }

    /// True when the assistant may see `note`.
    public func admits(_ note: Note) -> Bool {
        !note.isPrivate && admits(folder: note.folder)
    }

    /// True when `folder` (vault-relative, "" the root) is one of the scope's or inside one.
    public func admits(folder: String) -> Bool {
        guard let folders else { return true }
        let folder = Self.normalized(folder)
        return folders.contains { Self.contains($0, folder) }
    }

    /// `note` when the assistant may see it; otherwise what a name no note has says.
    public func visible(_ note: Note, asked name: String) throws(VaultError) -> Note {
        guard admits(note) else { throw .noteNotFound(name) }
        return note
    }

    /// Refuses any change when the scope is read-only.
    public func requireWriting() throws(VaultError) {
        if readOnly { throw .readOnlyScope }
    }

    /// Refuses a folder the assistant was not given (where a note would be made or moved to).
    /// The folder must be a plain vault path: the scope is checked on the name as given,
    /// and `Work/../Personal`, resolved later, would land outside it.
    public func requireWritable(folder: String) throws(VaultError) {
        try requireWriting()
        if (folder != "/" && folder.hasPrefix("/")) || folder.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) {
            throw .invalidFolderName(folder, reason: "name the folder by its path in the vault, without '.', '..' or a leading '/'")
        }
        guard admits(folder: folder) else { throw .outsideScope(Self.normalized(folder), allowed: (folders ?? []).map { $0.isEmpty ? "/" : $0 }) }
    }

    /// The folders an assistant may list: those of `all` inside the scope.
    public func visibleFolders(_ all: [String]) -> [String] {
        all.filter { admits(folder: $0) }
    }

    /// True when `outer` is `inner` or holds it (case ignored, as `folder:` matches).
    static func contains(_ outer: String, _ inner: String) -> Bool {
        if outer.isEmpty { return true }
        let outerKey = TagName.key(outer), innerKey = TagName.key(inner)
        return innerKey == outerKey || innerKey.hasPrefix(outerKey + "/")
    }

    /// `/Work/` and `Work` alike; `/` is the root, "".
    static func normalized(_ folder: String) -> String {
        folder.split(separator: "/").joined(separator: "/")
    }
}
