import Foundation
@testable import VaultKit

/// The other apps' exports in ../shared/import-fixtures (VAULT_IMPORT_FIXTURES overrides),
/// used where they are; tests on them are skipped where the folder is absent.
enum ImportFixtures {
    static var directory: String? {
        if let path = ProcessInfo.processInfo.environment["VAULT_IMPORT_FIXTURES"], !path.isEmpty { return path }
        // Tests/VaultKitTests/Import/this file → the repository, then its parent.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = repository.deletingLastPathComponent().appendingPathComponent("shared/import-fixtures").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : nil
    }

    static func path(_ relative: String) -> String { (directory ?? "") + "/" + relative }
}

extension ImportReader {
    /// Everything the reader emits for `path`, in order.
    func items(_ path: String) throws -> [ImportItem] {
        var items: [ImportItem] = []
        try read(path) { items.append($0) }
        return items
    }
}

extension [ImportItem] {
    var notes: [ImportedNote] { compactMap { if case .note(let note) = $0 { note } else { nil } } }
    var skips: [ImportSkip] { compactMap { if case .skipped(let skip) = $0 { skip } else { nil } } }
}

/// Seconds since 1970, to compare dates to the second: of a UTC date in ISO 8601, or of a date.
func seconds(_ text: String) -> Int? {
    NoteDate.parse(text, timeZone: TimeZone(identifier: "UTC")!).map { Int($0.timeIntervalSince1970) }
}

func seconds(_ date: Date?) -> Int? { date.map { Int($0.timeIntervalSince1970) } }

/// Runs `body` with the path of a temporary file holding `bytes`, removed after.
func withTemporaryFile<T>(_ bytes: [UInt8], name: String = "export.zip", _ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)-" + name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// Runs `body` with the path of a temporary folder holding `files` (path inside it → text),
/// removed after.
func withTemporaryFolder<T>(_ files: [String: String], _ body: (String) throws -> T) throws -> T {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    return try body(root.path)
}
