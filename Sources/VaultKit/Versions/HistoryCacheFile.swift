import Foundation

/// What vault learned by reading git's history, kept as JSON in `.vault/cache/` (ignored by
/// git) with the commit it was read up to, so that the next read asks git only for the
/// commits made since. A cache: unreadable, of another format, or failing `isTrustworthy`,
/// it is read again from git. Its contents are untrusted (anyone can write the file):
/// commits and paths from it reach git's command line and the vault's files.
protocol HistoryCacheFile: Codable {
    /// Its vault-relative path; a new format gets a new name.
    static var path: String { get }
    /// Whether every commit in it is a commit name and every path a plain vault path.
    var isTrustworthy: Bool { get }
}

extension HistoryCacheFile {
    static func load(from root: VaultRoot) -> Self? {
        guard let bytes = try? root.read(path).bytes,
              let cache = try? JSONDecoder().decode(Self.self, from: Data(bytes)), cache.isTrustworthy else { return nil }
        return cache
    }

    /// Writes it, atomically; failing to costs the next read its speed, never a note.
    func save(in root: VaultRoot) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        root.prepareCacheDirectory()
        try? root.write(Array(data), to: Self.path, mode: 0o644)
    }

    /// A full commit name (SHA-1 or SHA-256 in lower-case hex): never an option git would
    /// read (`--output=…`), nor a revision expression.
    static func isCommit(_ text: String) -> Bool {
        GitRevision.isCommit(text)
    }

    /// A note's path beneath the vault's folder, in plain parts (`..`, absolute paths and
    /// `.vault/` refused).
    static func isNotePath(_ text: String) -> Bool {
        text.hasSuffix(".md") && VaultPath.problem(withRecordedPath: text) == nil
    }
}
