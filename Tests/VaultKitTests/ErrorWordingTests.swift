import Foundation
import Testing
@testable import VaultKit

/// The domain's errors say what went wrong; what to do about it is a `Suggestion`, worded
/// by each front end (a command on the command line, a field in the web API).
@Suite struct ErrorWordingTests {
    static let errors: [VaultError] = [
        .noVault(searchedFrom: "/tmp/x"), .folderNotFound("Work Stuff", suggestion: "Work Stuff"),
        .folderNotFound("A/B/C", suggestion: nil), .tagExists("b", renaming: "a"), .tagNotFound("a", suggestion: "b"),
        .symbolicLink("Work/link.md"), .staleTask(ref: "ab12", path: "Tasks.md"), .taskNotFound("ab12"),
        .ambiguousTask("a", candidates: ["ab12", "ac34"]), .operationNotFound("1234", tags: false),
        .operationNotFound("1234", tags: true), .notARepository, .conflict(path: "Plan.md"),
    ]

    @Test(arguments: errors)
    func noErrorNamesACommandOrAFlag(error: VaultError) {
        let message = error.errorDescription ?? ""
        #expect(!message.contains("--"), "\(message)")
        for command in ["init", "check", "tasks", "history", "tag", "sync", "folder", "undo"] {
            #expect(!message.contains("vault \(command)"), "\(message)")
        }
    }

    @Test func eachWayOutIsASuggestion() {
        #expect(VaultError.noVault(searchedFrom: "/x").suggestion == .createVault)
        #expect(VaultError.folderNotFound("work stuff", suggestion: "Work Stuff").suggestion == .createFolder("Work Stuff"))
        #expect(VaultError.folderNotFound("A/B/C", suggestion: nil).suggestion == nil)
        #expect(VaultError.tagExists("b", renaming: "a").suggestion == .mergeTags)
        #expect(VaultError.symbolicLink("x").suggestion == .checkVault)
        #expect(VaultError.staleTask(ref: "a", path: "T.md").suggestion == .listTasks)
        #expect(VaultError.taskNotFound("a").suggestion == .listTasks)
        #expect(VaultError.operationNotFound("1", tags: true).suggestion == .listTagHistory)
        #expect(VaultError.operationNotFound("1", tags: false).suggestion == .listHistory)
        #expect(VaultError.notARepository.suggestion == .setUpSync)
    }
}

/// The rules of creating a note live with the operation, so that no front end can forget one.
@Suite struct CreateRulesTests {
    @Test(arguments: ["", "   \n\t\n", "\n"])
    func anEmptyNoteIsRefusedAndNothingIsWritten(body: String) throws {
        let vault = try TemporaryVault()
        #expect(throws: VaultError.emptyNote) {
            try NoteOperations(vault: vault.vault).create(NoteDraft(title: "Title only", folder: "", body: body))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path).filter { !$0.hasPrefix(".") }.isEmpty)
    }
}
