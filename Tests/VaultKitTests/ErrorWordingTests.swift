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
    ] + typed + lastTyped

    /// The cases that replaced `invalidArgument` where a user can meet them (issue 53).
    static let typed: [VaultError] = [
        .ambiguousOperation("2", candidates: ["2a2043b9", "2b5c732a"], kinds: ["note-move", "tag-add"]),
        .gitUnavailable(reason: "no such file or directory"), .gitTooOld(version: "git version 2.30.1", needed: "2.38"),
        .repositoryRefused(reason: "detected dubious ownership"), .repositoryBusy(operation: "a rebase"), .detachedHead,
        .unsafeBranchName("-x"), .syncWriteFailed(path: ".git/info/attributes", reason: "permission denied", consequence: "nothing was committed"),
        .vaultInsideRepository(repository: "/home/a"), .mergeWritesForbiddenPath(".vault/x", problem: "inside .vault"),
        .mergeBlockedByFolder("Plan.md", isFolder: true), .noVersionOnDay(path: "Plan.md", day: "2026-01-01", first: "2026-02-03"),
        .invalidVersion("yesterday"), .notInCommit(path: "Plan.md", commit: "0123456789abcdef"),
        .alreadyUndone(id: "2a2043b9", by: "9f00aa11"), .notAMerge(id: "2a2043b9", kind: "rename"),
        .alreadySplit(id: "2a2043b9", by: "9f00aa11"),
    ]

    /// The last catch-alls a user could meet (a note merge, a confirmation, a pick).
    static let lastTyped: [VaultError] = [
        .mergeOutsideRepository("/home/a/notes"), .mergeFileFailed(path: "/tmp/x", operation: "read", reason: "no such file"),
        .notConfirmed(action: "empty the trash"), .pickNeedsTerminal(count: 3),
    ]

    @Test func theLastCatchAllsAreWordedPreciselyWithTheirWayOut() {
        #expect(Self.lastTyped.map { $0.errorDescription ?? "" } == [
            "'/home/a/notes' is in no git repository: git runs a note merge during its own merge, and only there; nothing was changed",
            "cannot read '/tmp/x': no such file; nothing was merged",
            "nothing deleted: there is no terminal to ask on whether to empty the trash",
            "3 notes match; pick one on a terminal, or name it",
        ])
        #expect(Self.lastTyped.map(\.suggestion) == [nil, nil, .confirmInAdvance("empty the trash"), .nameTheNote])
    }

    @Test func eachTypedErrorIsWordedPrecisely() {
        let expected = [
            "'2' is the start of 2 operation ids: 2a2043b9 (note-move), 2b5c732a (tag-add); give more of it",
            "cannot run git: no such file or directory (install git)",
            "a sync merges with git 2.38 or later, and this is git version 2.30.1; install a newer git (nothing was merged)",
            "git refuses the vault's repository: detected dubious ownership (nothing was changed)",
            "the repository is in the middle of a rebase; finish or abort it with git first (nothing was changed)",
            "HEAD is detached; check out a branch first (nothing was changed)",
            "the branch '-x' has a name vault does not hand to git; check out another branch (nothing was pushed)",
            "cannot write .git/info/attributes: permission denied (nothing was committed)",
            "the vault is a folder of the git repository at /home/a, not a repository of its own; "
                + "a sync commits and pushes a whole repository, so it syncs only a vault at the top of one "
                + "(git init in the vault makes it one; nothing was changed)",
            "the merge would write '.vault/x', which vault never writes (inside .vault); nothing was merged: remove it from the other machine's history",
            "the merge puts a file at 'Plan.md', where this vault has a folder; move it away and sync again (the merge was not finished)",
            "Plan.md has no version from 2026-01-01 or before (its first is from 2026-02-03)",
            "'yesterday' is neither a commit (4 or more of its hex digits) nor a day (YYYY-MM-DD)",
            "git has no 'Plan.md' in commit 01234567",
            "operation 2a2043b9 was undone by 9f00aa11; undo 9f00aa11 to do it again",
            "operation 2a2043b9 is a rename; only merges can be split",
            "merge 2a2043b9 was already split by 9f00aa11",
        ]
        #expect(Self.typed.map { $0.errorDescription ?? "" } == expected)
    }

    /// Without kinds (a caller that has none), the ids alone, as before.
    @Test func anAmbiguousOperationWithoutKindsNamesItsIds() {
        #expect(VaultError.ambiguousOperation("2", candidates: ["2a2043b9", "2b5c732a"]).errorDescription
            == "'2' is the start of 2 operation ids: 2a2043b9, 2b5c732a; give more of it")
        #expect(VaultError.ambiguousOperation("2", candidates: ["2a2043b9"], kinds: []).suggestion == .listHistory)
    }

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
