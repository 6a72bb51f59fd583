import VaultPlatform

/// The files of an export as one tree, whether the user names a zip archive or the folder
/// it unpacks to: paths inside the export (`Keep/a.json`), each file read when asked for.
struct ExportTree: Sendable {
    private enum Source: Sendable {
        case zip(ZipArchive)
        case folder(String)
        /// One file named by itself, in this folder; the files beside it are read when asked for.
        case beside(String)
    }

    /// What errors call the export: the path the user gave.
    let name: String
    /// Every file's path inside the export, sorted; folders are not listed.
    let paths: [String]
    private let source: Source
    private let limits: ZipLimits

    /// The folder or zip archive at `path`.
    static func open(_ path: String, limits: ZipLimits) throws(VaultError) -> ExportTree {
        if ExportFolder.isFolder(path) {
            let files: [String]?
            do {
                files = try ExportFolder.files(in: path, limit: limits.entries)
            } catch {
                throw .io(path: path, operation: error.operation, errno: error.code)
            }
            guard let files else {
                throw .unreadableExport(path: path, entry: nil, reason: "the folder holds more than \(limits.entries) files")
            }
            return ExportTree(name: path, paths: files, source: .folder(path), limits: limits)
        }
        return ExportTree(try ZipArchive(path: path, limits: limits), limits: limits)
    }

    /// The one file at `path` (a note's file passed alone); `contains` and `bytes` find the
    /// regular files beside it too.
    static func file(_ path: String, limits: ZipLimits) throws(VaultError) -> ExportTree {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let folder = parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
        let name = String(parts.last ?? "")
        guard Syscalls.status(path, in: Syscalls.currentDirectory)?.kind == .regular else {
            throw .invalidArgument("cannot read '\(path)': no such file")
        }
        return ExportTree(name: path, paths: [name], source: .beside(folder.isEmpty ? "/" : folder), limits: limits)
    }

    /// A zip archive's files (a Notion export's inner part, read from memory).
    init(_ archive: ZipArchive, limits: ZipLimits) {
        self.init(name: archive.name, paths: archive.entries.filter { !$0.isFolder }.map(\.name).sorted(), source: .zip(archive),
                  limits: limits)
    }

    private init(name: String, paths: [String], source: Source, limits: ZipLimits) {
        self.name = name
        self.paths = paths.filter { !Self.isMacMetadata($0) }
        self.source = source
        self.limits = limits
    }

    /// The bytes of the file at `path` inside the export.
    func bytes(_ path: String) throws(VaultError) -> [UInt8] {
        switch source {
        case .zip(let archive):
            guard let entry = archive.entry(named: path) else {
                throw .unreadableExport(path: name, entry: path, reason: "the archive holds no such entry")
            }
            return try archive.bytes(of: entry)
        case .folder(let root), .beside(let root):
            let bytes: [UInt8]?
            do {
                bytes = try ExportFolder.read(root + "/" + path, maximumSize: limits.entrySize)
            } catch {
                throw .io(path: root + "/" + path, operation: error.operation, errno: error.code)
            }
            guard let bytes else {
                throw .unreadableExport(path: name, entry: path, reason: "the file holds more than \(limits.entrySize) bytes")
            }
            return bytes
        }
    }

    /// What macOS adds to a zip or folder it makes (`__MACOSX/` resource forks,
    /// `.DS_Store`): no app's export, and no note.
    static func isMacMetadata(_ path: String) -> Bool {
        path.hasPrefix("__MACOSX/") || path == ".DS_Store" || path.hasSuffix("/.DS_Store")
    }

    /// True when the export holds a file at `path`.
    func contains(_ path: String) -> Bool {
        if case .beside(let folder) = source, !path.contains("/") {
            return Syscalls.status(folder + "/" + path, in: Syscalls.currentDirectory)?.kind == .regular
        }
        return paths.binarySearch(path)
    }
}

extension [String] {
    /// True when the sorted array holds `value`.
    func binarySearch(_ value: String) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] == value { return true }
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return false
    }
}
