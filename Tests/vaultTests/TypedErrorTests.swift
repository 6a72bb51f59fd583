import Foundation
import Testing

/// The errors that were `invalidArgument` catch-alls until issue 53's last round, each as a
/// user meets it: typed, lowercase, naming the file, and no flag in the domain's words
/// (the command line adds its own advice).
struct TypedErrorTests {
    @Test func aNoteMergeOutsideARepositoryChangesNothing() throws {
        let vault = try TestVault.example()
        for side in ["base", "ours", "theirs"] { try vault.write("\(side).txt", "# Note\n\n\(side)\n") }
        let before = try vault.snapshot()
        let result = try vault.run("merge-driver", "base.txt", "ours.txt", "theirs.txt", "Note.md")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: '\(vault.root.path)' is in no git repository: git runs a note merge during its own merge, and only there; nothing was changed\n", "\(result)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test func aNoteMergeThatCannotReadItsFileSaysWhich() throws {
        let vault = try TestVault.example()
        let result = try vault.run("merge-driver", "missing-base.txt", "ours.txt", "theirs.txt", "Note.md")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("vault: error: cannot read 'missing-base.txt': "), "\(result)")
        #expect(result.stderr.hasSuffix("; nothing was merged\n"), "\(result)")
        #expect(result.stderr == result.stderr.lowercased(), "\(result)")
    }

    @Test func emptyingTheTrashWithNoTerminalToAskOnDeletesNothing() throws {
        let vault = try TestVault.example()
        try vault.run("rm", "Groceries")
        let before = try vault.snapshot()
        let result = try vault.run("trash", "empty")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: nothing deleted: there is no terminal to ask on whether to empty the trash (use --yes to empty the trash without a question)\n", "\(result)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test func aQueryOptionThatDoesNotParseIsAQueryError() throws {
        let vault = try TestVault.example()
        let search = try vault.run("search", "((")
        #expect(search.status == 2, "\(search)")
        #expect(search.stderr.hasPrefix("vault: error: ") && search.stderr.contains("expected a term after '('"), "\(search)")
    }
}
