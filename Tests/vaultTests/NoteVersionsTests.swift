import Foundation
import Testing

/// `vault log NOTE`: a note's versions from git, followed through moves, renames and the
/// trash (issue 38).
@Suite("note versions")
struct NoteVersionsTests {
    private func commit(_ vault: TestVault, _ message: String, author: String = "Ann") throws {
        try SyncTests.git("add", "-A", in: vault.root)
        try SyncTests.git("commit", "-q", "--author", "\(author) <\(author.lowercased())@example.com>", "-m", message, in: vault.root)
    }

    private func log(_ vault: TestVault, _ note: String) throws -> [[String: Any]] {
        let result = try vault.run("log", note, "--format", "json")
        #expect(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
    }

    @Test func everyVersionWithWhatItChangedFollowingMovesAndTheTrash() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Plan.md", "---\nid: plan\ntags: [work]\n---\n# Plan\n\nOne.\n")
        try vault.createDirectory("Work")
        try commit(vault, "made")
        #expect(try vault.run("tag", "add", "Plan", "#q4").status == 0)
        try commit(vault, "tagged", author: "Bo")
        #expect(try vault.run("mv", "Plan", "Work").status == 0)
        try commit(vault, "moved")
        #expect(try vault.run("rename", "Work/Plan", "Roadmap").status == 0)
        try commit(vault, "renamed")
        #expect(try vault.run("pin", "Roadmap").status == 0)
        try commit(vault, "pinned")
        #expect(try vault.run("rm", "Roadmap").status == 0)
        try commit(vault, "deleted")
        #expect(try vault.run("trash", "restore", "Roadmap").status == 0)
        try commit(vault, "restored")
        try vault.write("Work/Roadmap.md", try vault.text("Work/Roadmap.md") + "\nTwo.\n")

        let versions = try log(vault, "Roadmap")
        #expect(versions.map { $0["kinds"] as? [String] ?? [] } == [
            ["text"], ["restored"], ["deleted"], ["pin"], ["renamed", "text"], ["moved"], ["tags"], ["created"],
        ], "\(versions)")
        #expect(versions[0]["commit"] is NSNull, "the edit not committed yet comes first")
        #expect(versions.map { $0["path"] as? String ?? "" } == [
            "Work/Roadmap.md", "Work/Roadmap.md", ".trash/Roadmap.md", "Work/Roadmap.md", "Work/Roadmap.md", "Work/Plan.md", "Plan.md", "Plan.md",
        ])
        #expect(versions[6]["author"] as? String == "Bo")
        let text = try vault.run("log", "Roadmap")
        #expect(text.stdout.split(separator: "\n").count == 8, "\(text)")
        #expect(text.stdout.contains("(not committed)") && text.stdout.contains("  Bo   tags  Plan.md\n"), "\(text)")
    }

    /// Versions made on two machines and brought together by `vault sync` (a move and a
    /// folder rename on one, an edit on the other) are one history, the same on both.
    @Test func versionsFromTwoMachinesAreOneHistory() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }  // its directory goes with it
        let (a, b) = (clones[0], clones[1])
        #expect(try a.run("folder", "create", "Work").status == 0)
        let moved = try a.run("mv", "Plan", "Work")
        #expect(moved.status == 0, "\(moved)")
        let pushed = try SyncTests.sync(a, [])
        #expect(pushed.status == 0, "\(pushed)")
        let pulled = try SyncTests.sync(b, [])
        #expect(pulled.status == 0, "\(pulled)")
        try b.write("Work/Plan.md", try b.text("Work/Plan.md").replacingOccurrences(of: "Two.", with: "Two, written on b."))
        #expect(try SyncTests.sync(b, []).status == 0)
        #expect(try a.run("folder", "rename", "Work", "Projects").status == 0)
        #expect(try SyncTests.sync(a, []).status == 0)
        #expect(try SyncTests.sync(b, []).status == 0)
        #expect(try b.text("Projects/Plan.md") == (try a.text("Projects/Plan.md")))
        #expect(try a.text("Projects/Plan.md").contains("Two, written on b."))

        let seenByA = try log(a, "Plan")
        let seenByB = try log(b, "Plan")
        #expect(seenByA.map { $0["commit"] as? String ?? "" } == seenByB.map { $0["commit"] as? String ?? "" }, "one history on both")
        let paths = seenByA.map { $0["path"] as? String ?? "" }
        #expect(paths.first == "Projects/Plan.md" && paths.last == "Plan.md", "\(seenByA)")
        #expect(paths.contains("Work/Plan.md"), "\(seenByA)")
        let kinds = seenByA.map { $0["kinds"] as? [String] ?? [] }
        #expect(kinds.last == ["created"], "\(seenByA)")
        #expect(kinds.filter { $0.contains("moved") }.count >= 2, "the move and the folder rename: \(seenByA)")
        #expect(kinds.contains { $0.contains("text") }, "b's edit: \(seenByA)")
    }

    /// `vault restore NOTE --at REV` brings the version back byte for byte, as a new change
    /// (history is not rewritten) that `vault undo` takes back; a day names the last version
    /// made by its end.
    @Test func restoreBringsAVersionBackByteForByteAndUndoTakesItBack() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        let first = "---\nid: plan\n---\n# Plan\n\nThe first text.\n"
        try vault.write("Plan.md", first)
        try commit(vault, "one")
        try vault.createDirectory("Work")
        #expect(try vault.run("mv", "Plan", "Work").status == 0)
        try vault.write("Work/Plan.md", "---\nid: plan\n---\n# Plan\n\nThe second text.\n")
        try commit(vault, "two")
        let now = "---\nid: plan\n---\n# Plan\n\nNot committed.\n"
        try vault.write("Work/Plan.md", now)
        let oldest = try #require(try log(vault, "Plan").last?["commit"] as? String)

        let restored = try vault.run("restore", "Plan", "--at", String(oldest.prefix(7)), "--format", "json")
        #expect(restored.status == 0, "\(restored)")
        #expect(try vault.text("Work/Plan.md") == first, "the version chosen, at the note's place now")
        let report = try #require(try JSONSerialization.jsonObject(with: restored.stdoutData) as? [String: Any])
        let id = try #require(report["recordID"] as? String)
        #expect(try vault.run("undo", id).status == 0)
        #expect(try vault.text("Work/Plan.md") == now, "undo gives back what was there")
        #expect(try SyncTests.git("rev-list", "--count", "HEAD", in: vault.root).stdout == "2\n", "no commit rewritten or made")

        let today = try vault.run("restore", "Plan", "--at", EverydayTests.day(0))
        #expect(today.status == 0, "\(today)")
        #expect(try vault.text("Work/Plan.md").contains("The second text."), "the last version made today")
        let none = try vault.run("restore", "Plan", "--at", "1999-01-01")
        #expect(none.status == 2 && none.stderr.contains("Work/Plan.md has no version from 1999-01-01 or before"), "\(none)")
    }

    /// `vault diff`: the properties that changed (each tag added or removed), then the text
    /// word by word; by default the change not committed yet.
    @Test func diffShowsPropertiesThenWords() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Plan.md", "---\nid: plan\ntags: [work, draft]\n---\n# Plan\n\nShip the first version in May.\n")
        try commit(vault, "one")
        try vault.write("Plan.md", "---\nid: plan\ntags: [work, q4]\npinned: true\n---\n# Plan\n\nShip the second version in May.\n")
        let result = try vault.run("diff", "Plan")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Plan.md: ") == true && lines.first?.hasSuffix(" → now") == true, "\(result)")
        #expect(lines.contains("tags: −draft +q4"), "\(result)")
        #expect(lines.contains("pinned: +true"), "\(result)")
        #expect(lines.contains("Ship the [-first-]{+second+} version in May."), "\(result)")
        try commit(vault, "two")
        let json = try vault.run("diff", "Plan", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any], "\(json)")
        #expect((object["properties"] as? [[String: Any]])?.count == 2, "the last commit's change: \(object)")
        #expect(object["to"] as? String != nil && object["from"] as? String != nil)
    }

    /// A note's name is a name, not a pattern git would match others with.
    @Test func aNameWithPatternCharactersIsThatNoteAlone() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("a[1].md", "# a[1]\n")
        try vault.write("a1.md", "# a1\n")
        try commit(vault, "one")
        try vault.write("a1.md", "# a1\n\nmore\n")
        try commit(vault, "two")
        #expect(try log(vault, "a[1].md").count == 1)
        #expect(try log(vault, "a1.md").count == 2)
    }

    /// `vault log --deleted`: notes purged from the trash (named where they were before it)
    /// or removed by hand; a move is no deletion, and a note back in the vault is not listed.
    @Test func deletedListsNotesThatLeftTheVault() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.createDirectory("Work")
        try vault.write("Work/Old plan.md", "---\nid: old\n---\n# The old plan\n\nText.\n")
        try vault.write("Phone numbers.md", "# Phone numbers\n")
        try vault.write("Moved.md", "# Moved\n")
        try vault.write("Back.md", "# Back\n")
        try commit(vault, "one")
        #expect(try vault.run("rm", "Work/Old plan", "Back").status == 0)
        #expect(try vault.run("mv", "Moved", "Work").status == 0)
        try commit(vault, "two")
        #expect(try vault.run("trash", "restore", "Back").status == 0)
        #expect(try vault.run("trash", "empty", "--yes").status == 0)
        try FileManager.default.removeItem(at: vault.url("Phone numbers.md"))
        try commit(vault, "three")
        let result = try vault.run("log", "--deleted", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let deleted = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        #expect(Set(deleted.compactMap { $0["path"] as? String }) == ["Work/Old plan.md", "Phone numbers.md"], "\(deleted)")
        #expect(deleted.first { $0["path"] as? String == "Work/Old plan.md" }?["title"] as? String == "The old plan")
        let none = try vault.run("log", "Back", "--deleted")
        #expect(none.status == 2, "a note or --deleted: \(none)")
    }

    /// `vault log --deleted` reads git's log of removals once: what it found is kept in
    /// `.vault/cache/` with the commit it read up to, the next read asks only for the
    /// commits since, and a rewritten history is read again whole.
    @Test func deletedIsReadOnceThenOnlyTheNewCommits() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("One.md", "# One\n")
        try vault.write("Two.md", "# Two\n")
        try commit(vault, "made")
        try FileManager.default.removeItem(at: vault.url("One.md"))
        try commit(vault, "one removed")
        func listed() throws -> [String] {
            let result = try vault.run("log", "--deleted", "--format", "json")
            #expect(result.status == 0, "\(result)")
            let notes = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
            return notes.map { "\($0["path"] as? String ?? "") \($0["title"] as? String ?? "")" }
        }
        #expect(try listed() == ["One.md One"])
        let cache = ".vault/cache/deleted-v1.json"
        // Read from the cache while HEAD is where it was read up to: a title changed there shows.
        try vault.write(cache, try vault.text(cache).replacingOccurrences(of: "\"title\":\"One\"", with: "\"title\":\"Cached\""))
        #expect(try listed() == ["One.md Cached"])
        try FileManager.default.removeItem(at: vault.url("Two.md"))
        try commit(vault, "two removed")
        #expect(try listed() == ["Two.md Two", "One.md Cached"], "only the new commit read")
        try SyncTests.git("reset", "-q", "--hard", "HEAD~2", in: vault.root)
        #expect(try listed() == [], "history rewritten: read again whole")
        try vault.write(cache, "not json")
        try FileManager.default.removeItem(at: vault.url("One.md"))
        try commit(vault, "one removed again")
        #expect(try listed() == ["One.md One"], "an unreadable cache is read again")
    }

    /// `vault restore PATH` for a note that left the vault (purged from the trash long
    /// ago): its last text back byte for byte at its old place, recorded for `vault undo`,
    /// which puts it in the trash again; `--at` picks an older version of it, and a note
    /// made since under its old name leaves it to come back beside it.
    @Test func restoreBringsBackANoteThatLeftTheVault() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.createDirectory("Work")
        let first = "---\nid: old\ntags: [work]\n---\n# The old plan\n\nFirst text.\n"
        try vault.write("Work/Old plan.md", first)
        try vault.write("Notes.md", "# Notes\n")
        try commit(vault, "one")
        let last = "---\nid: old\ntags: [work]\n---\n# The old plan\n\nLast text, ünïcode.\n"
        try vault.write("Work/Old plan.md", last)
        try commit(vault, "two")
        #expect(try vault.run("rm", "Work/Old plan").status == 0)
        try commit(vault, "deleted")
        #expect(try vault.run("trash", "empty", "--yes").status == 0)
        try commit(vault, "purged")
        try FileManager.default.removeItem(at: vault.url("Work"))
        try FileManager.default.removeItem(at: vault.url("Notes.md"))
        try commit(vault, "removed by hand")

        let deleted = try vault.run("log", "--deleted", "--format", "json")
        let listed = try #require(try JSONSerialization.jsonObject(with: deleted.stdoutData) as? [[String: Any]], "\(deleted)")
        #expect(listed.first { $0["path"] as? String == "Work/Old plan.md" }?["text"] as? String == last, "its last text: \(listed)")

        let restored = try vault.run("restore", "Work/Old plan.md", "--format", "json")
        #expect(restored.status == 0, "\(restored)")
        #expect(try vault.text("Work/Old plan.md") == last, "its last text, byte for byte, its folder made again")
        let report = try #require(try JSONSerialization.jsonObject(with: restored.stdoutData) as? [String: Any])
        #expect(report["path"] as? String == "Work/Old plan.md" && report["renamed"] as? Bool == false, "\(report)")
        #expect(try vault.run("trash", "list").stdout.contains("Old plan") == false, "nothing left in the trash")
        let id = try #require(report["recordID"] as? String)
        let undone = try vault.run("undo", id)
        #expect(undone.status == 0, "\(undone)")
        #expect(!FileManager.default.fileExists(atPath: vault.url("Work/Old plan.md").path), "undo removes it again")
        #expect(try vault.run("trash", "list").stdout.contains("Work/Old plan.md"), "to the trash, as a delete")
        #expect(try vault.run("trash", "empty", "--yes").status == 0)

        // By its title as `log --deleted` prints it, an older version, and its place taken.
        let oldest = try #require(try SyncTests.git("rev-list", "--max-parents=0", "HEAD", in: vault.root).stdout.split(separator: "\n").first)
        try vault.createDirectory("Work")
        let other = "# Another old plan\n"
        try vault.write("Work/Old plan.md", other)
        let text = try vault.run("restore", "the old plan", "--at", String(oldest.prefix(7)))
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.hasPrefix("brought back Work/Old plan.md as Work/Old plan 2.md (Work/Old plan.md is taken) as of \(oldest.prefix(8))"), "\(text)")
        #expect(try vault.text("Work/Old plan 2.md") == first, "the version chosen, byte for byte")
        #expect(try vault.text("Work/Old plan.md") == other, "the note there is left as it is")

        let unknown = try vault.run("restore", "Nothing like it")
        #expect(unknown.status == 2 && unknown.stderr.contains("Nothing like it"), "\(unknown)")
        let noVersion = try vault.run("restore", "Notes")
        #expect(noVersion.status == 0, "\(noVersion)")
        #expect(try vault.text("Notes.md") == "# Notes\n")
        let present = try vault.run("restore", "Notes")
        #expect(present.status == 2 && present.stderr.contains("give the version to bring back with --at"), "a note in the vault needs --at: \(present)")
    }

    /// A note moved to another folder and rewritten in the same commit is a delete and an
    /// add to git (under half its lines alike): it is followed by its `id` instead, and
    /// `log`, `diff` and `restore --at` reach the versions before the move.
    @Test func aMoveGitDoesNotSeeIsFollowedByID() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        let first = "---\nid: plan\ntags: [work]\n---\n# Plan\n\nShip the first version in May.\n"
        try vault.write("Plan.md", first)
        try vault.write("Other.md", "# Other\n")
        try vault.createDirectory("Work")
        try commit(vault, "made")
        let second = "---\nid: plan\ntags: [work]\n---\n# Plan\n\nShip the second version in May.\n"
        try vault.write("Plan.md", second)
        try commit(vault, "edited")
        try FileManager.default.removeItem(at: vault.url("Plan.md"))
        try vault.write("Work/Roadmap.md", "---\nid: plan\ntags: [work]\n---\n# Roadmap\n\nA wholly new text:\n\n- one\n- two\n- three\n")
        try commit(vault, "moved and rewritten")
        let names = try SyncTests.git("show", "-M", "--name-status", "--format=", "HEAD", in: vault.root).stdout
        #expect(names == "D\tPlan.md\nA\tWork/Roadmap.md\n", "git sees no rename: \(names)")
        try vault.write("Work/Roadmap.md", try vault.text("Work/Roadmap.md") + "- four\n")
        try commit(vault, "edited again")

        let versions = try log(vault, "Roadmap")
        #expect(versions.map { $0["kinds"] as? [String] ?? [] } == [["text"], ["moved", "text"], ["text"], ["created"]], "\(versions)")
        #expect(versions.map { $0["path"] as? String ?? "" } == ["Work/Roadmap.md", "Work/Roadmap.md", "Plan.md", "Plan.md"])
        let commits = versions.compactMap { $0["commit"] as? String }
        try #require(commits.count == 4, "\(versions)")
        let text = try vault.run("log", "Roadmap")
        #expect(text.status == 0 && text.stdout.split(separator: "\n").count == 4, "\(text)")
        #expect(text.stdout.contains("  moved, text\n") && text.stdout.hasSuffix("  created  Plan.md\n"), "\(text)")

        // diff between two versions from before the move, and from one of them to now.
        let before = try vault.run("diff", "Roadmap", String(commits[3].prefix(7)), String(commits[2].prefix(7)))
        #expect(before.status == 0 && before.stdout.contains("Ship the [-first-]{+second+} version in May."), "\(before)")
        let json = try vault.run("diff", "Roadmap", String(commits[2].prefix(7)), "--format", "json")
        #expect(json.status == 0, "\(json)")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any], "\(json)")
        #expect(object["from"] as? String == commits[2] && object["path"] as? String == "Work/Roadmap.md", "\(object)")
        #expect((object["text"] as? String)?.contains("four") == true, "\(object)")

        let restored = try vault.run("restore", "Roadmap", "--at", String(commits[3].prefix(7)))
        #expect(restored.status == 0, "\(restored)")
        #expect(try vault.text("Work/Roadmap.md") == first, "the version from before the move, byte for byte, where the note is now")
        #expect(!vault.exists("Plan.md"))
    }

    /// A note moved and rewritten in one commit is a removal and an addition to git, but
    /// the note is still in the vault under its `id`: `log --deleted` does not list it, and
    /// lists a note that really left.
    @Test func aMoveGitDoesNotSeeIsNoDeletion() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Plan.md", "---\nid: plan\n---\n# Plan\n\nShip the first version in May.\n")
        try vault.write("Gone.md", "---\nid: gone\n---\n# Gone\n\nNot wanted.\n")
        try vault.createDirectory("Work")
        try commit(vault, "made")
        try FileManager.default.removeItem(at: vault.url("Plan.md"))
        try vault.write("Work/Roadmap.md", "---\nid: plan\n---\n# Roadmap\n\nA wholly new text:\n\n- one\n- two\n- three\n")
        try FileManager.default.removeItem(at: vault.url("Gone.md"))
        try commit(vault, "moved and rewritten, and one removed")
        let names = try SyncTests.git("show", "-M", "--name-status", "--format=", "HEAD", in: vault.root).stdout
        #expect(names.contains("D\tPlan.md\n") && names.contains("A\tWork/Roadmap.md\n"), "git sees no rename: \(names)")

        let deleted = try vault.run("log", "--deleted", "--format", "json")
        #expect(deleted.status == 0, "\(deleted)")
        let notes = try #require(try JSONSerialization.jsonObject(with: deleted.stdoutData) as? [[String: Any]], "\(deleted)")
        #expect(notes.map { $0["path"] as? String ?? "" } == ["Gone.md"], "\(notes)")
        let text = try vault.run("log", "--deleted")
        #expect(text.status == 0 && !text.stdout.contains("Plan.md") && text.stdout.contains("Gone.md"), "\(text)")
        #expect(try vault.run("restore", "Plan.md").status != 0, "a note still in the vault is not brought back as a second one")
    }

    /// Without an `id` a note is followed by git's rename detection alone, as before: a
    /// note added where an id-less one left is not taken for it, nor one without an id for
    /// a note with one.
    @Test func aNoteWithoutIDKeepsGitsRenameDetection() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Plan.md", "# Plan\n\nShip the first version in May.\n")
        try vault.write("Idea.md", "---\nid: idea\n---\n# Idea\n\nA thought.\n")
        try vault.write("Kept.md", "# Kept\n\nThe same text, moved whole.\n")
        try vault.createDirectory("Work")
        try commit(vault, "made")
        try FileManager.default.removeItem(at: vault.url("Plan.md"))
        try vault.write("Work/Roadmap.md", "# Roadmap\n\nA wholly new text:\n\n- one\n- two\n")
        try FileManager.default.removeItem(at: vault.url("Idea.md"))
        try vault.write("Work/Thought.md", "# Thought\n\nNothing alike:\n\n- one\n- two\n")
        #expect(try vault.run("mv", "Kept", "Work").status == 0)
        try commit(vault, "moved")
        #expect(try log(vault, "Roadmap").map { $0["kinds"] as? [String] ?? [] } == [["created"]])
        #expect(try log(vault, "Thought").map { $0["kinds"] as? [String] ?? [] } == [["created"]])
        let kept = try log(vault, "Kept")
        #expect(kept.map { $0["kinds"] as? [String] ?? [] } == [["moved"], ["created"]], "git's own rename: \(kept)")
    }

    /// Two notes that share an `id` (one a copy of the other): a note added is followed to
    /// the one of that id deleted in the same commit, never to the copy left in its place.
    @Test func aCopySharingTheIDDoesNotConfuseTheWalk() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        let plan = "---\nid: plan\n---\n# Plan\n\nShip the first version in May.\n"
        try vault.write("Plan.md", plan)
        try vault.createDirectory("Work")
        try commit(vault, "made")
        try vault.write("Plan.md", plan + "\nMore.\n")
        try commit(vault, "edited")
        try vault.write("Plan copy.md", try vault.text("Plan.md"))
        try commit(vault, "copied")
        try FileManager.default.removeItem(at: vault.url("Plan copy.md"))
        try vault.write("Work/Other.md", "---\nid: plan\n---\n# Other\n\nA wholly new text:\n\n- one\n- two\n- three\n")
        try vault.write("Plan.md", try vault.text("Plan.md") + "\nAnd more.\n")
        try commit(vault, "copy moved and rewritten")

        let other = try log(vault, "Work/Other.md")
        #expect(other.map { $0["path"] as? String ?? "" } == ["Work/Other.md", "Plan copy.md"], "\(other)")
        #expect(other.map { $0["kinds"] as? [String] ?? [] } == [["moved", "text"], ["created"]], "\(other)")
        let original = try log(vault, "Plan.md")
        #expect(original.map { $0["path"] as? String ?? "" } == ["Plan.md", "Plan.md", "Plan.md"], "\(original)")
    }

    /// A move split over two commits (removed in one, added in a later one, as a sync that
    /// ran in between makes it), and a note brought back after it was purged from the trash,
    /// are followed to the last commit that removed a note of their `id`. What was learned is
    /// kept in `.vault/cache/`, extended with newer commits, and a forged cache is not
    /// trusted: vault reads and writes nothing outside the vault for it.
    @Test func aNoteRemovedThenAddedLaterIsFollowedAndTheCacheIsNotTrusted() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Plan.md", "---\nid: plan\n---\n# Plan\n\nOne.\n")
        try vault.write("Gone.md", "---\nid: gone\n---\n# Gone\n\nIts text.\n")
        try vault.createDirectory("Work")
        try commit(vault, "made")
        try FileManager.default.removeItem(at: vault.url("Plan.md"))
        try commit(vault, "removed")
        try vault.write("Other.md", "# Other\n")
        try commit(vault, "something else")
        try vault.write("Work/Plan.md", "---\nid: plan\n---\n# Plan\n\nOne, rewritten at its new place:\n\n- a\n- b\n")
        try commit(vault, "added")
        let plan = try log(vault, "Work/Plan")
        #expect(plan.map { $0["kinds"] as? [String] ?? [] } == [["moved", "text"], ["created"]], "\(plan)")
        #expect(plan.map { $0["path"] as? String ?? "" } == ["Work/Plan.md", "Plan.md"])
        let cache = ".vault/cache/ids-v1.json"
        #expect(vault.exists(cache), "what was learned is kept")

        // Purged from the trash, then brought back: one history (the cache is extended).
        #expect(try vault.run("rm", "Gone").status == 0)
        try commit(vault, "to the trash")
        #expect(try vault.run("trash", "empty", "--yes").status == 0)
        try commit(vault, "purged")
        #expect(try vault.run("restore", "Gone").status == 0)
        try commit(vault, "brought back")
        let gone = try log(vault, "Gone")
        func summary(_ versions: [[String: Any]]) -> [String] {
            versions.map { "\($0["commit"] as? String ?? "") \($0["path"] as? String ?? "") \($0["kinds"] as? [String] ?? [])" }
        }
        #expect(gone.map { $0["kinds"] as? [String] ?? [] } == [["restored"], ["deleted"], ["created"]], "\(gone)")
        #expect(gone.map { $0["path"] as? String ?? "" } == ["Gone.md", ".trash/Gone.md", "Gone.md"], "\(gone)")

        // A forged cache for this very HEAD: commits that are git options, paths outside.
        let head = try SyncTests.git("rev-parse", "HEAD", in: vault.root).stdout.trimmingCharacters(in: .newlines)
        let outside = vault.base.appendingPathComponent("forged")
        let forged = """
            {"head":"\(head)","prefix":"","events":[\
            {"commit":"\(head)","path":"Gone.md","id":"gone","added":true},\
            {"commit":"--output=\(outside.path)","path":"../forged.md","id":"gone","added":false},\
            {"commit":"\(head)","path":"../forged.md","id":"gone","added":false},\
            {"commit":"\(head)","path":"/etc/passwd","id":"gone","added":false}]}
            """
        try vault.write(cache, forged)
        #expect(summary(try log(vault, "Gone")) == summary(gone), "a forged cache is read again from git")
        #expect(!FileManager.default.fileExists(atPath: outside.path), "nothing written outside the vault")
        try vault.write(cache, "not json")
        #expect(summary(try log(vault, "Gone")) == summary(gone), "an unreadable cache is read again")
    }

    @Test func aVaultGitDoesNotKeepSaysHowToMakeItOne() throws {
        let vault = try TestVault()
        try vault.write("Plan.md", "# Plan\n")
        let result = try vault.run("log", "Plan")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: the vault is not a git repository, so no versions of its notes are kept (set it up with vault sync --setup)\n")
    }
}
