import Glibc
import VaultPlatform

/// File operations relative to the vault root, with the errors a user sees: every path
/// here is vault-relative, and no call follows a symbolic link out of the vault.
extension VaultRoot {
    /// Replaces (or creates) the file at `path` atomically; see `AtomicFile.write(chunks:)`.
    func write(
        _ bytes: [UInt8], to path: String, mode: UInt32, modificationTime: FileTime? = nil,
        replacing: AtomicFile.Replacement = .anything, crashTestPoint: Bool = false, durability: AtomicFile.Durability = .flushed
    ) throws(VaultError) {
        try write(chunks: [bytes], to: path, mode: mode, modificationTime: modificationTime, replacing: replacing, crashTestPoint: crashTestPoint, durability: durability)
    }

    /// Writes `chunks` one after the other as the file at `path` (see `AtomicFile`).
    func write(
        chunks: [[UInt8]], to path: String, mode: UInt32, modificationTime: FileTime? = nil,
        replacing: AtomicFile.Replacement = .anything, crashTestPoint: Bool = false, durability: AtomicFile.Durability = .flushed
    ) throws(VaultError) {
        do {
            try AtomicFile.write(chunks: chunks, to: path, in: descriptor, mode: mode, modificationTime: modificationTime,
                                 replacing: replacing, crashTestPoint: crashTestPoint, durability: durability)
        } catch {
            switch error {
            case .exists: throw .destinationExists(path)
            case .changed: throw .conflict(path: path)
            case .system(let failure): throw Self.failure(failure, at: path)
            }
        }
    }

    /// Adds `bytes` at the end of the file at `path`, creating it: not atomic as `write`
    /// is, for a log that is only ever read back whole.
    func append(_ bytes: [UInt8], to path: String) throws(VaultError) {
        do {
            try bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try Syscalls.append(raw, to: path, in: descriptor, mode: 0o644) } }.get()
        } catch {
            throw Self.failure(error, at: path)
        }
    }

    /// The bytes and status of the regular file at `path`.
    func read(_ path: String) throws(VaultError) -> (bytes: [UInt8], status: FileStatus) {
        do {
            return try OpenFile.contents(of: path, in: descriptor)
        } catch {
            throw Self.failure(error, at: path)
        }
    }

    /// Reads the regular file at `path` into `buffer` (reused across calls).
    func read(_ path: String, into buffer: inout [UInt8]) throws(VaultError) -> FileStatus {
        do {
            return try OpenFile.readAll(path, in: descriptor, into: &buffer)
        } catch {
            throw Self.failure(error, at: path)
        }
    }

    /// The status of `path`, nil when there is nothing there; a symbolic link is not followed.
    func status(_ path: String) -> FileStatus? {
        Syscalls.status(path, in: descriptor)
    }

    func isDirectory(_ path: String) -> Bool {
        path.isEmpty || status(path)?.isDirectory == true
    }

    /// Renames `source` to `target`, never replacing a file there.
    func move(_ source: String, to target: String, operation: @autoclosure () -> String) throws(VaultError) {
        do {
            try Syscalls.renameNoReplace(source, to: target, in: descriptor)
        } catch {
            if error.isExists { throw .destinationExists(target) }
            if error.isSymbolicLink || error.isOutside { throw Self.failure(error, at: "\(source)' or '\(target)") }
            throw .io(path: source, operation: operation(), errno: error.code)
        }
    }

    /// Creates `folder` and its parents inside the vault; an existing symbolic link is refused.
    func makeDirectories(_ folder: String) throws(VaultError) {
        var prefix = ""
        for part in folder.split(separator: "/") {
            prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
            if let status = status(prefix) {
                guard status.isDirectory else { throw status.kind == .symbolicLink ? .symbolicLink(prefix) : .outsideVault(prefix) }
                continue
            }
            try makeDirectory(prefix)
        }
    }

    /// Creates the directory `path`; an existing one is fine unless `mustBeNew`.
    /// Removes the directory `path` and what is in it, where it can (what cannot be removed
    /// stays); links in it are removed, never followed.
    func removeTree(_ path: String) {
        for (name, kind) in entries(of: path) {
            if kind == .directory { removeTree(path + "/" + name) } else { removeFile(path + "/" + name) }
        }
        _ = removeDirectory(path)
    }

    func makeDirectory(_ path: String, mustBeNew: Bool = false, operation: String = "create the folder") throws(VaultError) {
        do {
            try Syscalls.makeDirectory(path, in: descriptor, mustBeNew: mustBeNew)
        } catch {
            throw Self.failure(SystemError(operation: operation, code: error.code), at: path)
        }
    }

    /// The error a user sees for a failed call on `path`: a symbolic link in the way and a
    /// way out of the vault are refusals, not system failures.
    static func failure(_ error: SystemError, at path: String) -> VaultError {
        if error.isSymbolicLink { return .symbolicLink(path) }
        if error.isOutside { return .outsideVault(path) }
        return .io(path: path, operation: error.operation, errno: error.code)
    }

    /// What `vault` keeps for itself in `.vault/` and git should not see: the cache, the
    /// scratch files of `vault new` (with an editor's swap files beside them), the file the
    /// write lock is taken on.
    static let ignoredInGit = ["cache/", "tmp/", "lock"]

    /// Adds to `.vault/.gitignore` the lines of `ignoredInGit` it lacks (`/cache/` counts
    /// for `cache/`). Best effort: see `addMissingLines`; a vault that cannot be written is
    /// left as it is.
    public func ensureIgnoredInGit() {
        _ = try? addMissingLines(MissingLines(lines: Self.ignoredInGit, alsoSpelled: { ["/" + $0] }), to: Self.settingsDirectory + "/.gitignore")
    }

    /// Adds to the file at `path` the lines it lacks, after the lines already there, which
    /// are kept byte for byte; creates it where there is none. A file that cannot be read (a
    /// symbolic link, no permission) is the user's and is left alone, and one changed since
    /// it was read is not written over. Returns the lines added.
    func addMissingLines(_ needed: MissingLines, to path: String) throws(VaultError) -> [String] {
        var existing: [UInt8] = []
        var replacing = AtomicFile.Replacement.nothing
        do {
            let file = try read(path)
            (existing, replacing) = (file.bytes, .unchanged(file.status.stamp))
        } catch .io(_, _, ENOENT) {
        } catch {
            return []
        }
        guard let (bytes, added) = needed.adding(to: existing) else { return [] }
        try write(bytes, to: path, mode: 0o644, replacing: replacing)
        return added
    }

    /// Makes `.vault/cache/` ready for a file to be written there: made, ignored by git, and
    /// rid of what a killed writer left half written (a million notes' note cache is 700 MB).
    func prepareCacheDirectory() {
        let directory = ".vault/cache"
        try? makeDirectory(directory)
        ensureIgnoredInGit()
        let temporaries = entries(of: directory).filter { $0.kind == .regular && AtomicFile.isTemporaryName($0.name) }
        AtomicFile.removeLeftovers(temporaries.map { directory + "/" + $0.name }, in: descriptor)
    }

    /// Removes the file `path`; true when it is gone.
    @discardableResult
    func removeFile(_ path: String) -> Bool {
        Syscalls.removeFile(path, in: descriptor)
    }

    /// Removes the empty directory `path`; false when it is not empty.
    func removeDirectory(_ path: String) -> Bool {
        Syscalls.removeDirectory(path, in: descriptor)
    }

    /// The entries of the directory `path` ("" for the root) whose names are UTF-8, with
    /// their kinds; empty when it cannot be read.
    func entries(of path: String) -> [(name: String, kind: FileKind)] {
        (Syscalls.entries(of: path, in: descriptor) ?? []).compactMap { entry in
            String(validating: entry.name, as: UTF8.self).map { ($0, entry.kind) }
        }
    }

    /// The regular files below the vault's top whose names end in `suffix` (lower-case ASCII,
    /// matched in any case), sorted.
    func files(endingWith suffix: String) -> [String] {
        files { Self.name($0, endsWith: suffix) }
    }

    /// The regular files below `folder` ("" the vault's top), but for those below
    /// `excluded`, whose names `keeping` keeps (given their bytes), sorted. As every walk of
    /// the vault, it does not follow a symbolic link and passes over hidden names
    /// (`.trash/`, `.vault/`, `.obsidian/`); and only the names kept are copied, so a vault
    /// of a million files costs its folders' reads and little more.
    func files(below folder: String = "", excluding excluded: String? = nil, named keeping: (UnsafeRawBufferPointer) -> Bool) -> [String] {
        func kept(_ name: UnsafeRawBufferPointer, _ kind: FileKind) -> Bool {
            guard name.first != UInt8(ascii: ".") else { return false }
            return kind == .regular ? keeping(name) : kind == .directory || kind == .unknown
        }
        var files: [String] = []
        // A stack, not recursion: folders can nest deeper than a thread's stack allows.
        var folders = [folder]
        while let current = folders.popLast() {
            for entry in Syscalls.entries(of: current.isEmpty ? "." : current, in: descriptor, keeping: kept) ?? [] {
                guard let name = String(validating: entry.name, as: UTF8.self) else { continue }
                let path = current.isEmpty ? name : current + "/" + name
                // Some file systems do not say what an entry is: a stat that does not follow a link tells.
                switch entry.kind == .unknown ? status(path)?.kind ?? .other : entry.kind {
                case .directory where path != excluded: folders.append(path)
                case .regular where entry.kind == .regular || entry.name.withUnsafeBytes(keeping): files.append(path)
                default: break
                }
            }
        }
        return files.sorted()
    }

    /// Whether the file name `name` ends in `suffix` (lower-case ASCII), in any case.
    static func name(_ name: UnsafeRawBufferPointer, endsWith suffix: String) -> Bool {
        let wanted = suffix.utf8
        return name.count > wanted.count && zip(name.suffix(wanted.count), wanted).allSatisfy { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) == $1 }
    }
}
