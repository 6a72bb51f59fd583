import Foundation
import Testing

/// Every front end changes and reads the vault only through `UseCases/` (issue 53): it
/// parses arguments or a request, calls a use case (inside `VaultSession.write` for a
/// change), and renders the report. An operation reached directly (the write path, the
/// trash, the tag or note operations, the front-matter editor, sync's steps) would be a
/// rule VaultKit does not test, and one front end would keep it the others lack.
@Suite("every front end's one door to the domain")
struct FrontEndDoorTests {
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The front ends: the command line, the web app and the assistant.
    private static let frontEnds = ["vault", "VaultWeb", "VaultMCP"]

    /// Each front end's folders in `Sources/`: its program, its code, and, for the
    /// assistant, the tools that `vault serve` runs too.
    private static let folders = ["vault": ["vault", "VaultCLI"], "VaultWeb": ["VaultWeb"], "VaultMCP": ["vault-mcp", "VaultMCP", "VaultTools"]]

    /// Every Swift file of a front end (its subfolders too), by its path under `Sources/`.
    private func files(of frontEnd: String) throws -> [(name: String, text: String)] {
        var files: [(name: String, text: String)] = []
        for name in try #require(Self.folders[frontEnd]) {
            let folder = Self.sources.appendingPathComponent(name)
            let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" {
                files.append(("\(name)/\(url.path.dropFirst(folder.path.count + 1))", try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return files.sorted { $0.name < $1.name }
    }

    /// The names of the domain's operations below the use cases.
    private static let operations = [
        "NoteOperations", "TagOperations", "TaskOperations", "Trash(", ".trash.", "NoteWriter", ".writer", "FrontMatterEditor",
        "Relocation(", "Undo(", "ConfigEditor", ".settings.", "FolderRules",
        "$0.notes", "$0.tags", "$0.tasks", "$0.folders", "$0.trash", "$0.vault", "changes.notes", "changes.tags", "changes.tasks",
        "changes.folders", "changes.trash", "changes.vault",
        "root.write", "root.move", ".save(", "recorded(", "withWriteLock", "VaultPlatform",
        // Sync and the merge driver's steps, and the planners a dry run reached by hand.
        "VaultSync(", "NoteMerge", "ConflictCopies(", "Git(", "tagPlanner(", "requireTags(",
    ]

    /// What a front end may use of these all the same: the command line and the web app
    /// run on system calls of their own (the terminal, the pager, sockets, the server's
    /// threads), which are VaultPlatform's and no rule of the domain.
    private static let allowed: [String: Set<String>] = ["vault": ["VaultPlatform"], "VaultWeb": ["VaultPlatform"]]

    /// True when `operation` is in `code` as a name of its own (`Trash(`, not `emptyTrash(`).
    private static func uses(_ operation: String, in code: Substring) -> Bool {
        var from = code.startIndex
        while let range = code.range(of: operation, range: from..<code.endIndex) {
            let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
            let startsWithName = operation.first.map { $0.isLetter } ?? false
            if !startsWithName || !(before.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
            from = range.upperBound
        }
        return false
    }

    @Test(arguments: frontEnds) func noOperationIsReachedButThroughAUseCase(frontEnd: String) throws {
        var offenders: [String] = []
        let files = try files(of: frontEnd)
        #expect(files.count >= 4, "the sources are found: \(files.map(\.name))")
        let allowed = Self.allowed[frontEnd] ?? []
        for (name, text) in files {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first.map { Substring($0) } ?? ""
                for operation in Self.operations where !allowed.contains(operation) && Self.uses(operation, in: code) {
                    offenders.append("\(name):\(number + 1): \(operation): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.count) lines:\n\(offenders.joined(separator: "\n"))")
    }

    @Test(arguments: frontEnds) func everyWriteRunsAUseCase(frontEnd: String) throws {
        // `session.write { … }` (or `write(after: …)`, `reportedWrite`) on one line: its body
        // is `UseCase(…).run(in: $0)` or `.runRecorded(in: $0)`.
        let write = try Regex(#"\.(?:write|reportedWrite)(?:\(after:[^\n{]*\))?\s*\{([^\n]*)\}"#)
        var writes = 0
        var offenders: [String] = []
        for (name, text) in try files(of: frontEnd) {
            for match in text.matches(of: write) {
                writes += 1
                let body = String(text[match.range])
                let runs = [".run(in: $0)", ".runRecorded(in: $0)", ".run(in: changes)", ".runRecorded(in: changes)"]
                if !runs.contains(where: body.contains) { offenders.append("\(name): \(body)") }
            }
        }
        #expect(writes >= 5, "the writes are found: \(writes)")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
