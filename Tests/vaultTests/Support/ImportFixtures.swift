import Foundation

/// The exports of other note apps in `../shared/import-fixtures` (beside the project, not
/// copied into it): tests that use them are skipped when the folder is not there.
enum ImportFixtures {
    static let directory: URL? = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // vaultTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .deletingLastPathComponent()  // beside it
            .appendingPathComponent("shared/import-fixtures", isDirectory: true)
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("evernote").path) ? url : nil
    }()

    static var available: Bool { directory != nil }

    /// The path of a fixture, `evernote/test-links.enex`.
    static func path(_ relative: String) -> String {
        (directory ?? URL(fileURLWithPath: "/nonexistent")).appendingPathComponent(relative).path
    }
}

/// A folder an import reads, made by a test: `write` puts a file there, making its folders.
struct SourceFolder {
    let url: URL
    var path: String { url.path }

    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
