import Foundation
import Testing

/// The assistant's front end changes the vault only through `UseCases/` (issue 53): it
/// parses a tool's arguments, calls a use case inside `VaultSession.write`, and renders the
/// report. Any operation reached directly (the write path, the trash, the tag or note
/// operations, the front-matter editor) would be a rule VaultKit does not test.
@Suite("the assistant's one door to the domain")
struct AssistantDoorTests {
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/VaultMCP")

    private func files() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { ($0, try String(contentsOf: Self.sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The names of the domain's operations below the use cases.
    private static let operations = [
        "NoteOperations", "TagOperations", "TaskOperations", "Trash(", ".trash.", "NoteWriter", ".writer", "FrontMatterEditor",
        "Relocation(", "Undo(", "ConfigEditor", ".settings.", "FolderRules",
        "$0.notes", "$0.tags", "$0.tasks", "$0.folders", "$0.trash", "$0.vault", "changes.notes", "changes.tags", "changes.tasks",
        "changes.folders", "changes.trash", "changes.vault",
        "root.write", "root.move", ".save(", "recorded(", "withWriteLock", "VaultPlatform",
    ]

    @Test func noOperationIsReachedButThroughAUseCase() throws {
        var offenders: [String] = []
        let files = try files()
        #expect(files.count >= 4, "the sources are found: \(files.map(\.name))")
        for (name, text) in files {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                for operation in Self.operations where code.contains(operation) {
                    offenders.append("\(name):\(number + 1): \(operation): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func everyWriteRunsAUseCase() throws {
        // `session.write { … }`: its body is `UseCase(…).run(in: $0)` or `.runRecorded(in: $0)`.
        let write = try Regex(#"session\.write\s*\{([^\n]*)\}"#)
        var writes = 0
        var offenders: [String] = []
        for (name, text) in try files() {
            for match in text.matches(of: write) {
                writes += 1
                let body = String(text[match.range])
                if !(body.contains(".run(in: $0)") || body.contains(".runRecorded(in: $0)")) { offenders.append("\(name): \(body)") }
            }
        }
        #expect(writes >= 9, "the writes are found: \(writes)")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
