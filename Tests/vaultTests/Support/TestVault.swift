import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A throw-away vault in a fresh temporary directory, removed when the value goes away
/// (set `VAULT_KEEP_TEST_DIRS=1` to keep it for inspection).
///
/// The directory layout is `<tmp>/vault-test-<uuid>/vault` for the vault itself, so that
/// tests can also use siblings of the vault (`outside`, a directory that is no vault).
final class TestVault {
    /// The temporary directory that holds the vault and anything a test puts beside it.
    let base: URL
    /// The vault root (it contains `.vault/`).
    let root: URL

    /// The example vault of the package, found from this source file's path.
    static let exampleVault: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // vaultTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("vault-example", isDirectory: true)

    /// An empty vault (a directory with an empty `.vault/`).
    init() throws {
        base = try Self.makeBase()
        root = base.appendingPathComponent("vault", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    }

    /// A copy of `vault-example`.
    static func example() throws -> TestVault {
        let source = exampleVault
        guard FileManager.default.fileExists(atPath: source.appendingPathComponent(".vault").path) else {
            throw CLIError("the example vault was not found at '\(source.path)'")
        }
        let vault = try TestVault(uninitialisedIn: try makeBase())
        try FileManager.default.copyItem(at: source, to: vault.root)
        // Start from the example as committed, without state a run of vault left in it.
        for path in toolStatePaths {
            try? FileManager.default.removeItem(at: vault.url(path))
        }
        return vault
    }

    /// A base directory with no vault in it yet; `root` does not exist.
    init(uninitialisedIn base: URL) throws {
        self.base = base
        root = base.appendingPathComponent("vault", isDirectory: true)
    }

    /// A base directory with nothing in it, for tests that need a place that is no vault.
    static func emptyDirectory() throws -> TestVault {
        try TestVault(uninitialisedIn: try makeBase())
    }

    private static func makeBase() throws -> URL {
        // Resolve symbolic links (macOS's /var → /private/var) so printed paths compare equal.
        let temporary = URL(fileURLWithPath: FileManager.default.temporaryDirectory.path).resolvingSymlinksInPath()
        let base = temporary.appendingPathComponent("vault-test-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        return base
    }

    deinit {
        if ProcessInfo.processInfo.environment["VAULT_KEEP_TEST_DIRS"] == nil {
            try? FileManager.default.removeItem(at: base)
        }
    }

    // MARK: - Running vault

    /// Runs `vault` with the working directory `directory` (default: the vault root).
    @discardableResult
    func run(
        _ arguments: String...,
        stdin: Data? = nil,
        environment: [String: String?] = [:],
        in directory: URL? = nil
    ) throws -> RunResult {
        try CLI.vault(arguments, in: directory ?? root, stdin: stdin, environment: environment)
    }

    /// Runs `vault` with an argument array.
    @discardableResult
    func run(
        arguments: [String],
        stdin: Data? = nil,
        environment: [String: String?] = [:],
        in directory: URL? = nil
    ) throws -> RunResult {
        try CLI.vault(arguments, in: directory ?? root, stdin: stdin, environment: environment)
    }

    // MARK: - Files

    func url(_ relative: String) -> URL {
        relative.isEmpty ? root : root.appendingPathComponent(relative)
    }

    /// Writes exactly `bytes` to the vault-relative `path`, creating directories.
    func write(_ path: String, bytes: [UInt8]) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Writes the UTF-8 bytes of `text` (no conversion of line breaks).
    func write(_ path: String, _ text: String) throws {
        try write(path, bytes: Array(text.utf8))
    }

    func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(path)))
    }

    func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(url(path).path, &info) == 0
    }

    func createDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
    }

    /// The names in a directory of the vault, hidden ones included, sorted.
    func names(in path: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(path).path).sorted()
    }

    // MARK: - File times

    /// The modification time of a vault file, to the nanosecond.
    func modificationTime(_ path: String) throws -> FileTime {
        var info = stat()
        guard lstat(url(path).path, &info) == 0 else { throw CLIError("cannot stat '\(path)': errno \(errno)") }
        return FileTime(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// Sets the modification time of a vault file (the access time too).
    func setModificationTime(_ path: String, _ time: FileTime) throws {
        let stamp = timespec(tv_sec: time.seconds, tv_nsec: time.nanoseconds)
        let stamps = [stamp, stamp]
        let result = stamps.withUnsafeBufferPointer { utimensat(AT_FDCWD, url(path).path, $0.baseAddress, 0) }
        guard result == 0 else { throw CLIError("cannot set the time of '\(path)': errno \(errno)") }
    }

    /// The permission bits of a vault file.
    func permissions(_ path: String) throws -> UInt32 {
        var info = stat()
        guard lstat(url(path).path, &info) == 0 else { throw CLIError("cannot stat '\(path)'") }
        return UInt32(info.st_mode) & 0o7777
    }

    // MARK: - Snapshots

    /// Files `vault` keeps for itself and may refresh on any command: the derived
    /// front-matter cache, the `.gitignore` that keeps it out of git, and the file the
    /// write lock is taken on.
    static let toolStatePaths: Set<String> = [".vault/cache", ".vault/.gitignore", ".vault/lock"]

    /// Every file, directory and symbolic link below the vault root (hidden ones
    /// included, links not followed), with the bytes of every file; `toolStatePaths` are
    /// left out.
    func snapshot() throws -> Snapshot {
        var entries: [String: Snapshot.Entry] = [:]
        func walk(_ relative: String) throws {
            let directory = url(relative)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                let path = relative.isEmpty ? name : relative + "/" + name
                if Self.toolStatePaths.contains(path) { continue }
                var info = stat()
                guard lstat(url(path).path, &info) == 0 else { throw CLIError("cannot stat '\(path)'") }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries[path] = .directory
                    try walk(path)
                case S_IFLNK:
                    entries[path] = .symbolicLink(try FileManager.default.destinationOfSymbolicLink(atPath: url(path).path))
                default:
                    entries[path] = .file(try Data(contentsOf: url(path)))
                }
            }
        }
        try walk("")
        return Snapshot(entries: entries)
    }
}

/// A file's modification time.
struct FileTime: Equatable, CustomStringConvertible {
    var seconds: Int
    var nanoseconds: Int

    /// 2020-01-02T03:04:05.123456789Z: a time no command of a test would produce.
    static let past = FileTime(seconds: 1_577_934_245, nanoseconds: 123_456_789)

    /// This time after `writes` organising writes (a pin, a tag change, an undo): each
    /// moves it two seconds on, so that an editor holding the note open sees the change on
    /// disk (docs/file-format.md).
    func organised(_ writes: Int = 1) -> FileTime {
        FileTime(seconds: seconds + 2 * writes, nanoseconds: nanoseconds)
    }

    var description: String { "\(seconds).\(String(format: "%09d", nanoseconds))" }
}

/// The state of a vault's directory tree.
struct Snapshot: Equatable {
    enum Entry: Equatable {
        case file(Data)
        case directory
        case symbolicLink(String)
    }

    var entries: [String: Entry]

    /// The paths that differ in `self` from an earlier snapshot `other`, for a failure message.
    func differences(from other: Snapshot) -> [String] {
        var result: [String] = []
        for path in Set(entries.keys).union(other.entries.keys).sorted() {
            switch (entries[path], other.entries[path]) {
            case (_?, nil): result.append("added: \(path)")
            case (nil, _?): result.append("removed: \(path)")
            case let (a?, b?) where a != b: result.append("changed: \(path)")
            default: break
            }
        }
        return result
    }
}

extension Data {
    /// The UTF-8 bytes of `text`.
    init(utf8 text: String) { self.init(text.utf8) }
}

/// `bytes` shown so that a failure message makes line breaks and a BOM visible.
func visible(_ bytes: [UInt8]) -> String {
    var out = ""
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        out += "<BOM>"
        index = 3
    }
    let text = String(decoding: bytes[index...], as: UTF8.self)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\r": out += "\\r"
        case "\n": out += "\\n\n"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Compares file bytes with a readable failure message.
func expectBytes(
    _ actual: [UInt8],
    _ expected: [UInt8],
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        actual == expected,
        "\(what): bytes differ\n--- expected\n\(visible(expected))\n--- actual\n\(visible(actual))",
        sourceLocation: sourceLocation
    )
}
