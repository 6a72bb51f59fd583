import Foundation
import VaultPlatform

/// An open vault directory: the directory that contains `.vault/`.
///
/// Holds a descriptor of the root so that every file operation is relative to it.
public final class VaultRoot: Sendable {
    /// Absolute path of the vault root, without a trailing slash.
    public let path: String
    /// A descriptor of the root directory, open for the life of this object.
    public let descriptor: Int32
    /// The working directory of the command, vault-relative ("" at the root), when it is
    /// inside the vault: `./Note.md` and `../Other` are read from there, as git reads them.
    public let workingDirectory: String?
    /// The working directory of the command, absolute, wherever it is.
    let commandDirectory: String?
    /// The vault's one write lock (see `withWriteLock`).
    private let writeLock: ProcessLock

    /// The file the write lock is taken on, ignored by git.
    static let lockFile = settingsDirectory + "/lock"

    /// The name of the settings directory.
    public static let settingsDirectory = ".vault"

    /// Opens the vault at `path`, which must contain `.vault/`; `workingDirectory` is the
    /// command's (absolute), if it has one.
    public init(path: String, workingDirectory: String? = nil) throws(VaultError) {
        let absolute = Self.absolute(path)
        let fd: Int32
        do {
            fd = try Syscalls.openDirectory(absolute, followLinks: true)
        } catch {
            throw .io(path: absolute, operation: "open the vault", errno: error.code)
        }
        guard Self.isVault(absolute) else {
            Syscalls.close(fd)
            throw .noVault(searchedFrom: absolute)
        }
        self.path = absolute
        self.descriptor = fd
        commandDirectory = workingDirectory.map { Self.absolute($0) }
        self.workingDirectory = commandDirectory.flatMap { Self.relativePart(of: $0, under: absolute) }
        writeLock = ProcessLock(file: Self.lockFile, in: fd)
    }

    deinit { Syscalls.close(descriptor) }

    /// Runs `body` holding the vault's one write lock: every change a front end makes (a
    /// save, a vault-wide operation) and a sync's commit and merge hold it, so that none of
    /// them sees the vault half way through another. Other processes and threads wait; the
    /// thread that holds it may take it again. A `kill -9` releases it.
    public func withWriteLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try writeLock.withLock(body)
    }

    /// True when no other thread or process holds the write lock now. For tests.
    public var isWriteLockFree: Bool { writeLock.isFreeForThisThread() }

    /// Finds the vault the way git finds a repository: `explicit` (`--vault`), else
    /// `VAULT_PATH`, else the nearest ancestor of `workingDirectory` that has `.vault/`.
    public static func discover(explicit: String?, environment: [String: String], workingDirectory: String) throws(VaultError) -> VaultRoot {
        // `--vault` and `VAULT_PATH` may name a folder inside the vault, as `git -C` may.
        let start = explicit ?? environment["VAULT_PATH"].flatMap { $0.isEmpty ? nil : $0 }
        var directory = absolute(start.map { resolve($0, against: workingDirectory) } ?? workingDirectory)
        let searched = directory
        while true {
            if isVault(directory) { return try VaultRoot(path: directory, workingDirectory: workingDirectory) }
            guard let parent = parentDirectory(of: directory) else { break }
            directory = parent
        }
        throw .noVault(searchedFrom: searched)
    }

    /// `path` relative to `root` ("" for the root itself), nil when it is not inside.
    static func relativePart(of path: String, under root: String) -> String? {
        if path == root { return "" }
        let prefix = root == "/" ? "/" : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// Makes `path` a vault: creates it if needed, and `.vault/` with a config file.
    @discardableResult
    public static func initialize(at path: String) throws(VaultError) -> VaultRoot {
        let absolute = absolute(path)
        if isVault(absolute) { throw .vaultExists(absolute) }
        // A vault inside a vault would be a folder of the outer one as well: its notes
        // listed, moved and synced twice over.
        var ancestor = parentDirectory(of: absolute)
        while let directory = ancestor {
            if isVault(directory) { throw .insideVault(absolute, vault: directory) }
            ancestor = parentDirectory(of: directory)
        }
        for directory in [absolute, absolute + "/" + settingsDirectory] {
            do {
                try Syscalls.makeDirectory(directory)
            } catch {
                throw .io(path: directory, operation: "create directory", errno: error.code)
            }
        }
        let root = try VaultRoot(path: absolute)
        try root.write(Array(VaultConfig.defaultText.utf8), to: settingsDirectory + "/" + VaultConfig.fileName, mode: 0o644)
        root.ensureIgnoredInGit()
        return root
    }

    /// The absolute path of a vault-relative path.
    public func absolutePath(_ relative: String) -> String {
        relative.isEmpty ? path : path + "/" + relative
    }

    static func isVault(_ directory: String) -> Bool {
        Syscalls.status(directory + "/" + settingsDirectory, in: Syscalls.currentDirectory)?.isDirectory == true
    }

    static func resolve(_ path: String, against base: String) -> String {
        path.hasPrefix("/") ? path : base + "/" + path
    }

    /// `path` made absolute and normalised (no `.`, `..`, or repeated slashes).
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func parentDirectory(of path: String) -> String? {
        guard path != "/" else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
