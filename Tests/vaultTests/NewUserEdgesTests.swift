import Foundation
import Testing

/// What a new user met in the first hour (issue 54, "the rough edges"): each answer says
/// what happened, in the words of what was asked, and a refusal changes nothing.
@Suite("A new user's rough edges")
struct NewUserEdgesTests {
    private static let identity: [String: String?] = [
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "TZ": "UTC",
    ]

    @discardableResult
    private static func git(_ arguments: String..., in vault: TestVault, environment: [String: String?] = identity) throws -> RunResult {
        guard let git = CLI.which("git") else { throw CLIError("git is not installed") }
        let result = try CLI.run(git, arguments, in: vault.root, environment: environment)
        guard result.status == 0 else { throw CLIError("git \(arguments.joined(separator: " ")) failed: \(result.stderr)") }
        return result
    }

    /// `--date -1d` was read as an option: "Missing value for '--date <day>'".
    @Test func aDayBackIsAValueOfDate() throws {
        let vault = try TestVault()
        let result = try vault.run("today", "--date", "-1d", environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Daily/\(EverydayTests.day(-1)).md\n")
    }

    /// A config that does not parse was ignored in silence by every command but `check`.
    @Test func aConfigThatDoesNotParseIsSaidOnce() throws {
        let vault = try TestVault()
        try vault.write("A.md", "# A\n")
        try vault.write(".vault/config.yaml", "trashDays: 3\nattachments: [\n")
        let result = try vault.run("list", "--no-snippet")
        #expect(result.status == 0, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result)")
        #expect(lines.first?.hasPrefix("vault: warning: .vault/config.yaml:3:1: ") == true, "\(result)")
        #expect(lines.first?.hasSuffix("; the defaults are used") == true, "\(result)")
        let clean = try TestVault()
        try clean.write(".vault/config.yaml", "trashDays: 3\n")
        #expect(try clean.run("list").stderr == "")
    }

    /// `folder delete --format json` was an unknown option; every other write takes it.
    @Test func folderDeleteAnswersInJSON() throws {
        let vault = try TestVault()
        try vault.write("Old/A.md", "# A\n")
        let result = try vault.run("folder", "delete", "Old", "--yes", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let object = try result.jsonObject()
        #expect(object["changed"] as? [String] == ["Old/A.md"])
        #expect(object["folder"] as? String == "Old")
        #expect(object["removed"] as? Bool == true)
        #expect(object["recordID"] is String)
        #expect(!vault.exists("Old"))
    }

    /// A second copy was titled as the first ("Planning copy 2.md" titled "# Planning
    /// copy"), and a copy kept the original's pin.
    @Test func everyCopyHasATitleOfItsOwnAndNoPin() throws {
        let vault = try TestVault()
        try vault.write("Planning.md", "---\npinned: true\n---\n# Planning\n\nText.\n")
        #expect(try vault.run("cp", "Planning").stdout == "Planning copy.md\n")
        #expect(try vault.run("cp", "Planning").stdout == "Planning copy 2.md\n")
        #expect(try vault.text("Planning copy.md").contains("\n# Planning copy\n"))
        #expect(try vault.text("Planning copy 2.md").contains("\n# Planning copy 2\n"))
        #expect(try !vault.text("Planning copy 2.md").contains("pinned"))
        #expect(try vault.text("Planning.md") == "---\npinned: true\n---\n# Planning\n\nText.\n")
        let titles = try vault.run("list", "--format", "json").jsonObjects().compactMap { $0["title"] as? String }
        #expect(Set(titles).count == titles.count, "\(titles)")
    }

    /// A day before the note existed was answered "give a commit or a day".
    @Test func aVersionThatIsNotThereIsSaidInTheWordsGiven() throws {
        let vault = try TestVault()
        try vault.write("Budget.md", "# Budget\n")
        try Self.git("init", "-q", "-b", "main", in: vault)
        try Self.git("add", "-A", in: vault)
        try Self.git("commit", "-q", "-m", "first", in: vault, environment: Self.identity.merging(["GIT_COMMITTER_DATE": "2026-11-20T10:00:00Z", "GIT_AUTHOR_DATE": "2026-11-20T10:00:00Z"]) { $1 })
        let before = try vault.snapshot()
        let early = try vault.run("restore", "Budget", "--at", "2026-11-01", environment: Self.identity)
        #expect(early.status == 2)
        #expect(early.stderr == "vault: error: Budget.md has no version from 2026-11-01 or before (its first is from 2026-11-20)\n", "\(early)")
        let commit = try vault.run("restore", "Budget", "--at", "abcdef", environment: Self.identity)
        #expect(commit.stderr == "vault: error: no commit of Budget.md starts with 'abcdef' (vault log Budget.md lists them)\n", "\(commit)")
        let neither = try vault.run("restore", "Budget", "--at", "soon", environment: Self.identity)
        #expect(neither.stderr == "vault: error: 'soon' is neither a commit (4 or more of its hex digits) nor a day (YYYY-MM-DD)\n", "\(neither)")
        let changed = try vault.snapshot().differences(from: before).filter { !$0.contains(" .git/") }
        #expect(changed == [], "\(changed)")
    }

    /// `log --deleted` pointed at `git show COMMIT^:PATH` for a note purged from the trash,
    /// whose path git last had in `.trash/`; with none it exited 0, against "1 no result".
    @Test func deletedNotesSayTheirWayBack() throws {
        let vault = try TestVault()
        try vault.write("Keep.md", "# Keep\n")
        try Self.git("init", "-q", "-b", "main", in: vault)
        try Self.git("add", "-A", in: vault)
        try Self.git("commit", "-q", "-m", "first", in: vault)
        let none = try vault.run("log", "--deleted", environment: Self.identity)
        #expect(none.status == 1, "\(none)")
        #expect(none.stderr == "vault: no note has left the vault in git's history\n")
        try vault.write(".trash/Gone.md", "# Gone\n")
        try vault.write(".trash/Gone.md.trashinfo", "[Trash Info]\nPath=Work/Gone.md\nDeletionDate=2026-01-01T00:00:00\n")
        try Self.git("add", "-A", in: vault)
        try Self.git("commit", "-q", "-m", "trashed", in: vault)
        try FileManager.default.removeItem(at: vault.url(".trash"))
        try Self.git("add", "-A", in: vault)
        try Self.git("commit", "-q", "-m", "purged", in: vault)
        let listed = try vault.run("log", "--deleted", environment: Self.identity)
        #expect(listed.status == 0, "\(listed)")
        #expect(!listed.stdout.contains("git show"), "\(listed)")
        #expect(listed.stdout.hasSuffix("(vault restore PATH brings one back with its last text)\n"), "\(listed)")
        let json = try vault.run("log", "--deleted", "--format", "json", environment: Self.identity).jsonObjects()
        #expect(json.first?["path"] as? String == "Work/Gone.md")
        #expect(json.first?["removedPath"] as? String == ".trash/Gone.md")
    }

    /// No match was an exit 1 without a word, though the README promises "no note matches".
    @Test func noMatchIsSaid() throws {
        let vault = try TestVault.example()
        let search = try vault.run("search", "zzzz")
        #expect(search.status == 1)
        #expect(search.stdout == "")
        #expect(search.stderr == "vault: no note matches 'zzzz'\n", "\(search)")
        let count = try vault.run("search", "zzzz", "--count")
        #expect(count.status == 1)
        #expect(count.stdout == "0\n")
        #expect(count.stderr == "")
        let tasks = try vault.run("tasks", "zzzz")
        #expect(tasks.status == 1)
        #expect(tasks.stderr == "vault: no task matches 'zzzz'\n", "\(tasks)")
    }

    /// `vault help shwo` printed the whole help and exited 0.
    @Test func helpForACommandThatIsNotThereIsAnError() throws {
        let vault = try TestVault.example()
        let result = try vault.run("help", "shwo")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "vault: error: unknown command 'shwo'; did you mean 'show'?\n")
        #expect(try vault.run("help", "tag", "rename").stdout.contains("Rename a tag"))
    }

    /// `Personal/../Work/Budget` was "outside the vault"; climbing above it still is.
    @Test func aPathThroughDotDotInsideTheVaultIsFollowed() throws {
        let vault = try TestVault()
        try vault.write("Work/Budget.md", "# Budget\n")
        try vault.createDirectory("Personal")
        let shown = try vault.run("show", "Personal/../Work/Budget")
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.hasPrefix("Budget\n"), "\(shown)")
        let outside = try vault.run("show", "Personal/../../Budget")
        #expect(outside.status == 2)
        #expect(outside.stderr == "vault: error: 'Personal/../../Budget' is outside the vault\n")
    }

    /// "no note matches 'Nope (in the trash)'" read as if the name had the parenthesis.
    @Test func aNameTheTrashDoesNotHaveIsSaidPlainly() throws {
        let vault = try TestVault()
        try vault.write("A.md", "# A\n")
        let result = try vault.run("trash", "restore", "Nope")
        #expect(result.status == 2)
        #expect(result.stderr == "vault: error: no note in the trash matches 'Nope'\n", "\(result)")
    }

    /// `vault rm -draft` read the name as options and said only that notes were missing.
    @Test func aDashedNameInAUsageErrorGetsTheHint() throws {
        let vault = try TestVault()
        try vault.write("-draft.md", "# -draft\n")
        let result = try vault.run("rm", "-draft")
        #expect(result.status == 2)
        #expect(result.stderr.contains("vault: hint: '-draft' reads as options; put -- before a name that starts with a dash\n"), "\(result)")
        #expect(vault.exists("-draft.md"))
    }

    /// "3 problems in 4 notes" when the three were in one note.
    @Test func checkCountsThePlacesOfItsProblems() throws {
        let vault = try TestVault()
        try vault.write("Bad.md", "---\ncreated: someday\nmodified: never\nsortDate: nope\n---\n# Bad\n")
        for name in ["B", "C", "D"] { try vault.write("\(name).md", "# \(name)\n") }
        let result = try vault.run("check")
        #expect(result.status == 1)
        #expect(result.stderr == "vault: 3 problems at 1 path; 4 notes checked\n", "\(result)")
    }

    /// `vault log` cut an author's name at 20 characters.
    @Test func logKeepsAWholeAuthorName() throws {
        let vault = try TestVault()
        try vault.write("Note.md", "# Note\n")
        try Self.git("init", "-q", "-b", "main", in: vault)
        try Self.git("add", "-A", in: vault)
        let name = "Maria Fernanda Oliveira da Silva"
        try Self.git("commit", "-q", "-m", "first", in: vault, environment: Self.identity.merging(["GIT_AUTHOR_NAME": name]) { $1 })
        let log = try vault.run("log", "Note", environment: Self.identity)
        #expect(log.stdout.contains("  \(name)  created"), "\(log)")
    }

    /// `mv` and `rename` say how to take them back; `rm` did not.
    @Test func removeSaysHowToUndo() throws {
        let vault = try TestVault()
        try vault.write("A.md", "# A\n")
        let result = try vault.run("rm", "A")
        let record = try #require(try vault.run("history", "--format", "json").jsonObjects().last?["id"] as? String)
        #expect(result.stdout == "trashed A.md\nundo with: vault undo \(record)\n", "\(result)")
    }

    /// `init --git` made a repository with no commit: the first sync had no base, and
    /// `vault log` nothing to show.
    @Test func initWithGitMakesAFirstCommit() throws {
        let place = try TestVault.emptyDirectory()
        try FileManager.default.createDirectory(at: place.root, withIntermediateDirectories: true)
        try Data("# Old note\n".utf8).write(to: place.root.appendingPathComponent("Old note.md"))
        let made = try place.run(arguments: ["init", "--git"], environment: Self.identity)
        #expect(made.status == 0, "\(made)")
        #expect(made.stdout.contains("committed: "), "\(made)")
        let files = try Self.git("ls-files", in: place).stdout
        #expect(files.contains("Old note.md\n"), "\(files)")
        #expect(try Self.git("status", "--porcelain", in: place).stdout == "")
    }

    /// `title:shop*` matched nothing while `shop*` and `title:shop` did.
    @Test func aTitlePrefixMatchesAsAWordPrefixDoes() throws {
        let vault = try TestVault()
        try vault.write("Shopping.md", "# Shopping list\n")
        try vault.write("Other.md", "# Other\n\nshop talk\n")
        let result = try vault.run("search", "title:shop*", "--paths")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Shopping.md\n")
    }

    /// A file without a type (`Makefile`) was linked `[[Makefile]]`, then read as a link to a
    /// note: broken, and the attachment unused.
    @Test func aFileWithoutATypeIsAnAttachmentWhenAttached() throws {
        let vault = try TestVault()
        try vault.write("Build.md", "# Build\n")
        let source = vault.base.appendingPathComponent("Makefile")
        try Data("all:\n\techo hi\n".utf8).write(to: source)
        #expect(try vault.run("attach", "Build", source.path).status == 0)
        #expect(try vault.text("Build.md") == "# Build\n\n[[Makefile]]\n")
        let check = try vault.run("check")
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout == "1 note checked; no problems found\n")
        #expect(try vault.run("attachments").stdout == "attachments/Makefile  1 note\n")
        #expect(try vault.run("links", "Build").stdout == "3:1  [[Makefile]] (attachment)\n")
        // A note of that name is still what the link names.
        try vault.write("Makefile.md", "# Makefile\n")
        #expect(try vault.run("links", "Build").stdout == "3:1  [[Makefile]] → Makefile.md\n")
    }
}
