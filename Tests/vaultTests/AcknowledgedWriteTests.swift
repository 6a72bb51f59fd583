import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Where two features meet on one vault — a sync and a save, two tag operations, a merge
/// and its conflict copy — nothing that was acknowledged is lost and a note stays one note.
@Suite("no acknowledged write lost")
struct AcknowledgedWriteTests {
    /// The write lock, held by this test process as another `vault` would hold it.
    final class HeldLock {
        private let fd: Int32

        init(_ vault: TestVault) throws {
            fd = open(vault.url(".vault/lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0, flock(fd, LOCK_EX) == 0 else { throw CLIError("cannot take .vault/lock") }
        }

        func release() { close(fd) }
    }

    /// `vault ARGUMENTS` started in `vault` and left running, its output discarded: a
    /// command that is to wait on a lock the test holds.
    static func started(_ arguments: [String], in vault: TestVault) throws -> Process {
        let process = Process()
        process.executableURL = try CLI.binary.get()
        process.arguments = arguments
        process.currentDirectoryURL = vault.root
        process.environment = CLI.baseEnvironment()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// True once `pid` waits for a flock(2) another process holds: `/proc/locks` lists such
    /// a waiter as `N: -> FLOCK ADVISORY WRITE PID …`. Gives up when the process has exited.
    static func waitsForLock(_ process: Process) -> Bool {
        while process.isRunning {
            let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            if locks.split(separator: "\n").contains(where: { $0.contains("-> FLOCK") && $0.split(separator: " ").contains(Substring(String(process.processIdentifier))) }) {
                return true
            }
            usleep(2_000)
        }
        return false
    }

    /// A command that writes waits while another holds the vault's write lock, then writes.
    @Test func aWriteWaitsForTheVaultsWriteLock() throws {
        let vault = try TestVault()
        try vault.write("Note.md", "# Note\n")
        let lock = try HeldLock(vault)
        let process = try Self.started(["pin", "Note"], in: vault)
        let waited = Self.waitsForLock(process)
        #expect(waited, "vault pin took no lock")
        if waited { #expect(try vault.text("Note.md") == "# Note\n", "nothing written while the lock is held") }
        lock.release()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try vault.text("Note.md") == "---\npinned: true\n---\n# Note\n")
    }

    /// A sync merges holding the write lock, so that a save cannot land in the middle of
    /// git's merge (which restored the working tree over it, after the save was answered
    /// 200). A probe merge driver for `*.probe` files, which git runs during the merge,
    /// tries the lock.
    @Test func aSyncMergesHoldingTheWriteLock() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        let log = second.url(".git/probe.log").path
        for clone in [first, second] {
            try SyncTests.git("config", "merge.probe.driver", "if flock -n .vault/lock true; then echo free >> \(log); else echo held >> \(log); fi", in: clone.root)
        }
        try first.write(".gitattributes", try first.text(".gitattributes") + "*.probe merge=probe\n")
        try first.write("x.probe", "base\n")
        #expect(try SyncTests.sync(first, []).status == 0)
        #expect(try SyncTests.sync(second, []).status == 0)
        try first.write("x.probe", "first\n")
        try second.write("x.probe", "second\n")
        #expect(try SyncTests.sync(first, []).status == 0)
        let merged = try SyncTests.sync(second, [])
        #expect(merged.status == 0, "\(merged)")
        #expect((try? String(contentsOfFile: log, encoding: .utf8)) == "held\n")
    }

    /// A fresh clone's first sync registers the merge driver: without it, git merged notes
    /// line by line and a conflict made a copy with the note's id.
    @Test func aFreshClonesFirstSyncRegistersTheMergeDriver() throws {
        let (remote, clones) = try SyncTests.clones(1)
        let clone = try TestVault.emptyDirectory()
        try? FileManager.default.removeItem(at: clone.root)
        try SyncTests.git("clone", "-q", remote.root.path, clone.root.path, in: remote.root.deletingLastPathComponent())
        defer { withExtendedLifetime(clones) {} }
        let first = try SyncTests.sync(clone, [])
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.hasPrefix("registered the merge driver\n"), "\(first)")
        let driver = try SyncTests.git("config", "--local", "merge.vault.driver", in: clone.root).stdout
        #expect(driver.contains("merge-driver %O %A %B %P"))
        #expect(try SyncTests.sync(clone, []).stdout == "in sync with origin/main\n", "said once")
    }

    /// What a `kill -9` left beside a note, or a save writes while a sync commits, is never
    /// committed; a server removes the leftovers of dead writers when it starts.
    @Test func temporaryFilesAreNeverCommitted() throws {
        let (remote, clones) = try SyncTests.clones(1)
        defer { withExtendedLifetime(remote) {} }
        let vault = clones[0]
        // One of a writer that still runs (this test), one of a writer long gone.
        let live = ".Plan.md.vault-\(getpid())-1.tmp"
        try vault.createDirectory("Reading")
        try vault.write(live, "half")
        try vault.write("Reading/.Book.md.vault-2147483646-7.tmp", "half")
        try vault.write("Reading/Book.md", "# Book\n")
        let result = try SyncTests.sync(vault, [])
        #expect(result.status == 0, "\(result)")
        let committed = try SyncTests.git("ls-files", in: vault.root).stdout
        #expect(committed.contains("Reading/Book.md"))
        #expect(!committed.contains(".tmp"), "\(committed)")
        #expect(try vault.text(".git/info/exclude").contains(".*.vault-*.tmp\n"))
    }

    /// `trashDays: 0` emptied the whole trash at the next write without a word; it is
    /// refused (the default stays, `check` says why), and `vault new` names what a purge
    /// removed, as every other writer does.
    @Test func aPurgeIsNeverSilentAndTrashDaysZeroIsRefused() throws {
        let vault = try TestVault()
        try vault.write("Old.md", "# Old\n")
        #expect(try vault.run("rm", "Old").status == 0)
        try vault.write(".vault/config.yaml", "trashDays: 0\n")
        let new = try vault.run("new", "Fresh", stdin: Data("text\n".utf8))
        #expect(new.status == 0, "\(new)")
        #expect(vault.exists(".trash/Old.md"), "trashDays 0 does not empty the trash")
        let check = try vault.run("check")
        #expect(check.stdout.contains(".vault/config.yaml:1:12: warning: 'trashDays' should be a whole number of days, at least 1"), "\(check)")
        // Forty days later, the purge is named by `vault new`.
        try vault.write(".vault/config.yaml", "trashDays: 30\n")
        let info = try vault.text(".trash/Old.md.trashinfo")
        let old = info.replacingOccurrences(of: #"DeletionDate=\d{4}"#, with: "DeletionDate=2001", options: .regularExpression)
        try vault.write(".trash/Old.md.trashinfo", old)
        let later = try vault.run("new", "Later", stdin: Data("text\n".utf8))
        #expect(later.status == 0, "\(later)")
        #expect(later.stderr.contains("vault: deleted for good from the trash after 30 days: Old.md"), "\(later)")
    }

    /// Two merges at once over notes without ids: the second waits for the first (both
    /// scanned before either wrote), and each record names the id the note has, so both
    /// splits restore every note.
    @Test func twoMergesAtOnceTakeTurnsAndRecordTheIdsTheNotesHave() throws {
        let vault = try TestVault()
        for index in 0..<5 { try vault.write("N\(index).md", "---\ntags: [a, b]\n---\n# N\(index)\n") }
        let lock = try HeldLock(vault)
        var merges: [Process] = []
        for (source, target) in [("a", "c"), ("b", "d")] {
            merges.append(try Self.started(["tag", "merge", source, "--into", target], in: vault))
        }
        let waited = merges.map(Self.waitsForLock)
        #expect(waited == [true, true], "both merges wait for the lock")
        lock.release()
        for process in merges {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let ids = try (0..<5).map { index in
            String(try #require(try vault.text("N\(index).md").split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4))
        }
        for record in try vault.names(in: ".vault/history") {
            let text = try vault.text(".vault/history/" + record)
            for id in ids { #expect(text.contains(id), "\(record) names \(id)") }
        }
        let history = try vault.run("tag", "history", "--format", "json")
        let recordIDs = try history.jsonObjects().compactMap { $0["id"] as? String }
        #expect(recordIDs.count == 2, "\(history)")
        for id in recordIDs {
            let split = try vault.run("tag", "split", id)
            #expect(split.status == 0 && split.stderr.isEmpty, "\(split)")
        }
        // Split in the order they were merged, not the reverse: the tags come back as a set.
        for index in 0..<5 {
            let tags = try #require(try vault.text("N\(index).md").split(separator: "\n").first { $0.hasPrefix("tags: ") })
            #expect(tags == "tags: [a, b]" || tags == "tags: [b, a]", "N\(index): \(tags)")
        }
    }

    /// Two notes with the same id, merged, then split: both come back; a split that cannot
    /// find a note names it and exits 2.
    @Test func aSplitRestoresNotesThatShareAnId() throws {
        let vault = try TestVault()
        try vault.write("One.md", "---\nid: same\ntags: [a]\n---\n# One\n")
        try vault.write("Two.md", "---\nid: same\ntags: [a]\n---\n# Two\n")
        try vault.write("Gone.md", "---\nid: gone\ntags: [a]\n---\n# Gone\n")
        let merge = try vault.run("tag", "merge", "a", "--into", "z", "--format", "json")
        #expect(merge.status == 0, "\(merge)")
        let id = try #require(try merge.jsonObject()["recordID"] as? String)
        try FileManager.default.removeItem(at: vault.url("Gone.md"))
        let split = try vault.run("tag", "split", id)
        #expect(split.status == 2, "\(split)")
        #expect(split.stderr == "vault: note gone (Gone.md) is gone since the merge; not restored\n", "\(split)")
        #expect(try vault.text("One.md") == "---\nid: same\ntags: [a]\n---\n# One\n")
        #expect(try vault.text("Two.md") == "---\nid: same\ntags: [a]\n---\n# Two\n")
    }

    /// A conflict copy is a note of its own: a new id, not pinned, titled as the copy it
    /// is, so that `vault show Plan` finds one note.
    @Test func aConflictCopyIsANoteOfItsOwn() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        #expect(try first.run("pin", "Plan").status == 0)
        #expect(try SyncTests.sync(first, []).status == 0)
        #expect(try SyncTests.sync(second, []).status == 0)
        try first.write("Plan.md", try first.text("Plan.md").replacingOccurrences(of: "Two.", with: "Two, first."))
        try second.write("Plan.md", try second.text("Plan.md").replacingOccurrences(of: "Two.", with: "Two, second."))
        #expect(try SyncTests.sync(first, []).status == 0)
        #expect(try SyncTests.sync(second, []).status == 1)
        let copy = try #require(try second.names().first { $0.hasPrefix("Plan (conflict ") })
        let text = try second.text(copy)
        #expect(!text.contains("id: plan") && text.contains("\nid: "), "\(text)")
        #expect(!text.contains("pinned"), "\(text)")
        #expect(text.contains("\ntitle: \(copy.dropLast(3))\n"), "\(text)")
        #expect(text.hasSuffix("# Plan\n\nOne.\n\nTwo, first.\n\nThree.\n"), "the body is theirs, byte for byte")
        let show = try second.run("show", "Plan")
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.contains("Two, second."))
    }

    /// A shell's `>>` opens a note and writes a moment later. A tag rename in between
    /// replaced the note and unlinked the file the shell then wrote to: the line was lost.
    /// A note that another process has open is left alone and reported, and the rename
    /// completes when run again.
    @Test func anAppendBetweenItsOpenAndItsWriteIsNotLost() throws {
        let vault = try TestVault()
        try vault.write("Log.md", "---\ntags: [a]\n---\n# Log\n")
        try vault.write("Other.md", "---\ntags: [a]\n---\n# Other\n")
        let fd = open(vault.url("Log.md").path, O_WRONLY | O_APPEND | O_CLOEXEC)
        #expect(fd >= 0)
        let rename = try vault.run("tag", "rename", "a", "z")
        let line = Array("appended\n".utf8)
        #expect(write(fd, line, line.count) == line.count)
        close(fd)
        #expect(rename.status == 2, "\(rename)")
        #expect(rename.stderr.contains("Log.md"), "\(rename)")
        #expect(try vault.text("Log.md") == "---\ntags: [a]\n---\n# Log\nappended\n")
        #expect(try vault.text("Other.md").hasPrefix("---\ntags: [z]\nid: "))
        let again = try vault.run("tag", "rename", "a", "z")
        #expect(again.status == 0, "\(again)")
        let log = try vault.text("Log.md")
        #expect(log.hasPrefix("---\ntags: [z]\nid: ") && log.hasSuffix("\n---\n# Log\nappended\n"), "\(log)")
    }

    /// The notes of `clone` whose front matter says `id: ID`.
    /// Both machines' changes meet: the first sends its own, the second joins them with its
    /// own, the first takes the join; each sync must succeed.
    static func meet(_ first: TestVault, _ second: TestVault,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try SyncTests.sync(first, []).status == 0, sourceLocation: sourceLocation)
        let merged = try SyncTests.sync(second, [])
        #expect(merged.status == 0, "\(merged)", sourceLocation: sourceLocation)
        #expect(try SyncTests.sync(first, []).status == 0, sourceLocation: sourceLocation)
    }

    /// A clone after the merge: no conflict copy and nothing left uncommitted.
    static func expectSettled(_ clone: TestVault, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let names = try clone.names()
        #expect(!names.contains { $0.contains("conflict") }, "\(names)", sourceLocation: sourceLocation)
        #expect(try SyncTests.git("status", "--porcelain", in: clone.root).stdout == "", sourceLocation: sourceLocation)
    }

    static func notes(withID id: String, in clone: TestVault) throws -> [String] {
        try SyncSimulationTests.files(in: clone).filter { $0.key.hasSuffix(".md") && !$0.key.hasPrefix(".") && $0.value.contains("\nid: \(id)\n") }.keys.sorted()
    }

    /// Two machines move the same note to different folders: after both sync it is one
    /// note in one place, with both machines' edits, and the sync says so.
    @Test func aNoteMovedToTwoPlacesIsOneNoteAfterTheMerge() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        for clone in [first, second] {
            try clone.createDirectory("Home")
            try clone.createDirectory("Inbox")
        }
        try first.write("Plan.md", try first.text("Plan.md").replacingOccurrences(of: "One.", with: "One, first."))
        #expect(try first.run("mv", "Plan", "Home").status == 0)
        try second.write("Plan.md", try second.text("Plan.md").replacingOccurrences(of: "Three.", with: "Three, second."))
        #expect(try second.run("mv", "Plan", "Inbox").status == 0)
        #expect(try SyncTests.sync(first, []).status == 0)
        let merged = try SyncTests.sync(second, [])
        #expect(merged.status == 0, "\(merged)")
        #expect(merged.stdout.contains("one note in two places after the merge: kept "), "\(merged)")
        #expect(try SyncTests.sync(first, []).status == 0)
        for clone in [first, second] {
            let places = try Self.notes(withID: "plan", in: clone)
            #expect(places == ["Home/Plan.md"] || places == ["Inbox/Plan.md"], "\(places)")
            let text = try clone.text(try #require(places.first))
            #expect(text.contains("One, first.") && text.contains("Three, second."), "\(text)")
            #expect(try !SyncSimulationTests.files(in: clone).keys.contains { $0.contains("conflict") })
            #expect(try SyncTests.git("status", "--porcelain", in: clone.root).stdout == "")
        }
    }

    /// Moved on one machine, rewritten on the other so much that git sees no rename: git
    /// kept the edit where the note was and the move where it went. One note, where it was
    /// moved, with the edit.
    @Test func aNoteMovedOnOneSideAndRewrittenOnTheOtherIsOneNote() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        try first.createDirectory("Home")
        #expect(try first.run("mv", "Plan", "Home").status == 0)
        let rewritten = "---\nid: plan\ntags: [work]\nmodified: 2026-11-01T10:00:00+00:00\n---\n# Plan\n\nAll new.\n\nEvery line.\n\nOf it.\n"
        try second.write("Plan.md", rewritten)
        try Self.meet(first, second)
        for clone in [first, second] {
            #expect(try Self.notes(withID: "plan", in: clone) == ["Home/Plan.md"])
            #expect(try clone.text("Home/Plan.md") == rewritten)
        }
    }

    /// Renamed on one machine, a new note then made under the old name, while the other
    /// machine edited the note there: git sees the path changed on both sides (never the
    /// rename), so the merge took the edited note for the new one and the note ended up
    /// twice, or the new note took the old one's id. Afterwards: the renamed note with the
    /// edit, the new note under the old name as it was written, each id once.
    @Test func aNoteRenamedAwayAndItsNameReusedIsOneNoteWithTheEdit() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        #expect(try first.run("rename", "Plan", "Roadmap").status == 0)
        let newPlan = "---\nid: new-plan\ncreated: 2026-11-20T10:00:00+00:00\n---\n# Plan\n\nA new note under the old name.\n"
        try first.write("Plan.md", newPlan)
        try second.write("Plan.md", try second.text("Plan.md").replacingOccurrences(of: "Two.", with: "Two, second."))
        try Self.meet(first, second)
        for clone in [first, second] {
            #expect(try Self.notes(withID: "plan", in: clone) == ["Roadmap.md"])
            let roadmap = try clone.text("Roadmap.md")
            #expect(roadmap.contains("Two, second.") && roadmap.contains("# Roadmap"), "\(roadmap)")
            #expect(try clone.text("Plan.md") == newPlan)
            try Self.expectSettled(clone)
        }
    }

    /// The same, from the trash: both machines restore the note, one renames it and makes a
    /// new note under the old name. git sees two renames of the trashed file and two notes
    /// added at one path (found by the whole-product simulation).
    @Test func aNoteRestoredOnBothMachinesAndRenamedAwayOnOneIsOneNote() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        #expect(try first.run("rm", "Plan").status == 0)
        #expect(try SyncTests.sync(first, []).status == 0)
        #expect(try SyncTests.sync(second, []).status == 0)
        #expect(try first.run("trash", "restore", "Plan.md").status == 0)
        #expect(try second.run("trash", "restore", "Plan.md").status == 0)
        #expect(try second.run("rename", "Plan", "Roadmap").status == 0)
        let newPlan = "---\nid: new-plan\ncreated: 2026-11-20T10:00:00+00:00\n---\n# Plan\n\nA new note under the old name.\n"
        try second.write("Plan.md", newPlan)
        try Self.meet(first, second)
        for clone in [first, second] {
            #expect(try Self.notes(withID: "plan", in: clone) == ["Roadmap.md"])
            #expect(try clone.text("Plan.md") == newPlan)
            #expect(try Self.notes(withID: "new-plan", in: clone) == ["Plan.md"])
            try Self.expectSettled(clone)
        }
    }

    /// Both notes at one path moved elsewhere: one machine renames the note away and
    /// restores an older note of the same name from the trash into its place, the other
    /// edits the note and restores the older one beside it (the name being taken). Each of
    /// the two joins gave the path back to the other's note, so one id ended in two places
    /// (found by the whole-product simulation). Each note once, the edit kept.
    @Test func twoNotesThatBothLeftOnePathAreEachOnce() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        #expect(try first.run("rename", "Plan", "Roadmap").status == 0)
        try first.write("Plan.md", "---\nid: old-plan\n---\n# Plan\n\nAn older plan.\n")
        #expect(try first.run("rm", "Plan").status == 0)
        #expect(try first.run("rename", "Roadmap", "Plan").status == 0)
        #expect(try SyncTests.sync(first, []).status == 0)
        #expect(try SyncTests.sync(second, []).status == 0)
        #expect(try first.run("rename", "Plan", "Roadmap").status == 0)
        #expect(try first.run("trash", "restore", "Plan.md").status == 0)
        try second.write("Plan.md", try second.text("Plan.md").replacingOccurrences(of: "Two.", with: "Two, second."))
        #expect(try second.run("trash", "restore", "Plan.md").status == 0)
        try Self.meet(first, second)
        for clone in [first, second] {
            #expect(try Self.notes(withID: "plan", in: clone) == ["Roadmap.md"])
            let roadmap = try clone.text("Roadmap.md")
            #expect(roadmap.contains("Two, second."), "\(roadmap)")
            #expect(try Self.notes(withID: "old-plan", in: clone).count == 1)
            #expect(try SyncSimulationTests.ids(in: clone).filter { $0.value.count > 1 }.isEmpty)
            #expect(try SyncTests.git("status", "--porcelain", in: clone.root).stdout == "")
        }
    }

    /// Renamed and rewritten on one machine, with a copy of the old text beside it (its own
    /// id), while the other machine edited the note: git takes the copy for the rename and
    /// merges the edit into it, and giving the copy's place back dropped the edit (found by
    /// the whole-product simulation, seed 30). The edit reaches the note.
    @Test func anEditGitMergedIntoACopyReachesTheNote() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        let original = try first.text("Plan.md")
        #expect(try first.run("rename", "Plan", "Roadmap").status == 0)
        try first.write("Roadmap.md", "---\nid: plan\ntags: [work]\nmodified: 2026-11-02T10:00:00+00:00\n---\n# Roadmap\n\nOne.\n\nRewritten on the first machine.\n\nEvery line of it.\n")
        let copy = original.replacingOccurrences(of: "id: plan", with: "id: copy-1")
        try first.write("Plan copy.md", copy)
        try second.write("Plan.md", original.replacingOccurrences(of: "Three.", with: "Three.\n\nFour, second."))
        #expect(try SyncTests.sync(first, []).status == 0)
        let merged = try SyncTests.sync(second, [])
        #expect(merged.status == 0 || merged.status == 1, "\(merged)")
        #expect(try SyncTests.sync(first, []).status < 2)
        for clone in [first, second] {
            let files = try SyncSimulationTests.files(in: clone).filter { $0.key.hasSuffix(".md") && !$0.key.hasPrefix(".") }
            #expect(files.values.contains { $0.contains("Four, second.") }, "\(files)")
            #expect(try Self.notes(withID: "plan", in: clone).count == 1)
            #expect(try Self.notes(withID: "copy-1", in: clone) == ["Plan copy.md"])
            #expect(try SyncSimulationTests.ids(in: clone).filter { $0.value.count > 1 }.isEmpty)
        }
    }

    /// Deleted on one machine; moved on the other, with a new note put under its old name:
    /// the new note is no edit of the deleted one, so the deleted one does not come back
    /// under the old name beside its moved self (the simulation's seed 37 found that
    /// through a rename git paired differently; this is the plain case). Each note once,
    /// the new note as written.
    @Test func aNewNoteUnderTheNameOfADeletedOneIsNoEditOfIt() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        try second.createDirectory("Home")
        try second.write("Home/Keep.md", "---\nid: keep\n---\n# Keep\n\nSo that Home is in git.\n")
        #expect(try SyncTests.sync(second, []).status == 0)
        #expect(try SyncTests.sync(first, []).status == 0)
        // Rewritten, then deleted, with a copy of the old text beside it: git takes the
        // copy, not the trashed note, for where the note went.
        let original = try first.text("Plan.md")
        try first.write("Plan.md", "---\nid: plan\ntags: [work]\nmodified: 2026-11-02T10:00:00+00:00\n---\n# Plan\n\nRewritten on the first machine.\n\nEvery line of it.\n")
        #expect(try first.run("rm", "Plan").status == 0)
        try first.write("Plan copy.md", original.replacingOccurrences(of: "id: plan", with: "id: copy-1"))
        #expect(try second.run("mv", "Plan", "Home").status == 0)
        let newPlan = "---\nid: new-plan\ncreated: 2026-11-20T10:00:00+00:00\n---\n# Plan\n\nA new note.\n"
        try second.write("Plan.md", newPlan)
        #expect(try SyncTests.sync(first, []).status == 0)
        let merged = try SyncTests.sync(second, [])
        #expect(merged.status == 0 || merged.status == 1, "\(merged)")
        #expect(try SyncTests.sync(first, []).status < 2)
        for clone in [first, second] {
            #expect(try Self.notes(withID: "new-plan", in: clone) == ["Plan.md"])
            #expect(try clone.text("Plan.md") == newPlan)
            #expect(try Self.notes(withID: "plan", in: clone).count <= 1)
            #expect(try SyncSimulationTests.ids(in: clone).filter { $0.value.count > 1 }.isEmpty)
        }
    }

    /// Renamed on both machines, and on one a new note put under the old name: git takes the
    /// new note for an edit of the note the other machine renamed, and its merge driver
    /// keeps that new note at the other machine's new name. Each note once. (The
    /// simulation's seed 46 found the variant where joining the renamed note's two places
    /// removed the new note with one of them.)
    @Test func aNoteRenamedOnBothMachinesWithANewNoteUnderItsOldNameIsOneNote() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        #expect(try first.run("rename", "Plan", "Roadmap A").status == 0)
        #expect(try second.run("rename", "Plan", "Roadmap B").status == 0)
        let newPlan = "---\nid: new-plan\ncreated: 2026-11-20T10:00:00+00:00\n---\n# Plan\n\nA new note under the old name.\n"
        try second.write("Plan.md", newPlan)
        #expect(try SyncTests.sync(first, []).status == 0)
        let merged = try SyncTests.sync(second, [])
        #expect(merged.status == 0 || merged.status == 1, "\(merged)")
        #expect(try SyncTests.sync(first, []).status < 2)
        for clone in [first, second] {
            #expect(try Self.notes(withID: "plan", in: clone).count == 1)
            let placed = try Self.notes(withID: "new-plan", in: clone)
            #expect(placed.count == 1)
            if let path = placed.first { #expect(try clone.text(path) == newPlan) }
            #expect(try SyncSimulationTests.ids(in: clone).filter { $0.value.count > 1 }.isEmpty)
        }
    }

    /// Renamed on both machines, and on one a copy of it made beside (a conflict copy, with
    /// its own id) that git takes for the rename: git merges the note's two versions into
    /// both new places. After the join the copy's place holds the copy again, never a second
    /// copy of the note moved to where the join had removed it (found by the simulation).
    @Test func aNoteRenamedOnBothMachinesBesideACopyIsOneNoteAndTheCopyStays() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        let original = try first.text("Plan.md")
        #expect(try first.run("rename", "Plan", "Roadmap B").status == 0)
        try first.write("Roadmap B.md", "---\nid: plan\ntags: [work]\nmodified: 2026-11-02T10:00:00+00:00\n---\n# Roadmap B\n\nRewritten on the first machine, every line of it.\n")
        let copy = original.replacingOccurrences(of: "id: plan", with: "id: copy-1").replacingOccurrences(of: "# Plan", with: "# Plan (copy)")
        try first.write("Plan (copy).md", copy)
        #expect(try second.run("rename", "Plan", "Roadmap A").status == 0)
        #expect(try SyncTests.sync(first, []).status == 0)
        let merged = try SyncTests.sync(second, [])
        #expect(merged.status == 0 || merged.status == 1, "\(merged)")
        #expect(try SyncTests.sync(first, []).status < 2)
        for clone in [first, second] {
            let ids = try SyncSimulationTests.ids(in: clone)
            #expect(ids["plan"]?.count == 1, "\(ids)")
            #expect(try Self.notes(withID: "copy-1", in: clone) == ["Plan (copy).md"])
            #expect(try clone.text("Plan (copy).md") == copy)
            #expect(try SyncSimulationTests.ids(in: clone).filter { $0.value.count > 1 }.isEmpty)
        }
    }

    /// A sync can leave a note in the vault and an older version of it in the trash (deleted
    /// after a rename on one machine, edited under its old name on the other): restoring
    /// that made two notes of one id (found by the whole-product simulation). The restored
    /// note comes back whole, as a note of its own with a new id, and undo takes it back.
    @Test func aNoteRestoredWhileItsIdIsInTheVaultGetsANewOne() throws {
        let vault = try TestVault()
        let plan = "---\nid: plan\ntags: [work]\n---\n# Plan\n\nOld text.\n"
        try vault.write("Plan.md", plan)
        #expect(try vault.run("rm", "Plan").status == 0)
        let trashed = try vault.bytes(".trash/Plan.md")
        try vault.write("Plan.md", "---\nid: plan\ntags: [work]\n---\n# Plan\n\nNew text.\n")
        let restore = try vault.run("trash", "restore", "Plan.md")
        #expect(restore.status == 0, "\(restore)")
        #expect(restore.stdout.contains("restored Plan 2.md"), "\(restore)")
        #expect(restore.stdout.contains("a new id: Plan.md has its id"), "\(restore)")
        #expect(try Self.notes(withID: "plan", in: vault) == ["Plan.md"])
        let restored = try vault.text("Plan 2.md")
        #expect(restored.hasPrefix("---\nid: ") && !restored.hasPrefix("---\nid: plan\n"), "\(restored)")
        #expect(restored.replacingOccurrences(of: #"id: [0-9a-f-]+\n"#, with: "id: plan\n", options: .regularExpression) == plan)
        let history = try vault.run("history", "--format", "json")
        let entries = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        let undo = try vault.run("undo", try #require(entries.last?["id"] as? String))
        #expect(undo.status == 0, "\(undo)")
        #expect(try vault.bytes(".trash/Plan.md") == trashed)
        #expect(!vault.exists("Plan 2.md"))
    }

    /// The same through `vault undo` of the delete (found by the whole-product simulation):
    /// the note comes back with a new id, and undoing the undo puts it back in the trash
    /// as it was.
    @Test func aDeleteUndoneWhileTheNotesIdIsInTheVaultGivesItANewOne() throws {
        let vault = try TestVault()
        let plan = "---\nid: plan\ntags: [work]\n---\n# Plan\n\nOld text.\n"
        try vault.write("Plan.md", plan)
        #expect(try vault.run("rm", "Plan").status == 0)
        let trashed = try vault.bytes(".trash/Plan.md")
        func lastRecord() throws -> String {
            let history = try vault.run("history", "--format", "json")
            let entries = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
            return try #require(entries.last?["id"] as? String)
        }
        let delete = try lastRecord()
        try vault.write("Roadmap.md", "---\nid: plan\ntags: [work]\n---\n# Roadmap\n\nNew text.\n")
        let undo = try vault.run("undo", delete)
        #expect(undo.status == 0, "\(undo)")
        #expect(try Self.notes(withID: "plan", in: vault) == ["Roadmap.md"])
        let restored = try vault.text("Plan.md")
        #expect(restored.hasPrefix("---\nid: ") && !restored.hasPrefix("---\nid: plan\n"), "\(restored)")
        #expect(restored.replacingOccurrences(of: #"id: [0-9a-f-]+\n"#, with: "id: plan\n", options: .regularExpression) == plan)
        let again = try vault.run("undo", try lastRecord())
        #expect(again.status == 0, "\(again)")
        #expect(try vault.bytes(".trash/Plan.md") == trashed)
        #expect(!vault.exists("Plan.md"))
    }

    /// Renamed differently on two machines: one note, named as the later rename named
    /// it, its heading saying the same, and no conflict copy for the two headings.
    @Test func aNoteRenamedDifferentlyOnTwoMachinesIsOneNote() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        #expect(try first.run("rename", "Plan", "Offline M1").status == 0)
        #expect(try second.run("rename", "Plan", "Offline M2").status == 0)
        try Self.meet(first, second)
        for clone in [first, second] {
            let places = try Self.notes(withID: "plan", in: clone)
            #expect(places == ["Offline M1.md"] || places == ["Offline M2.md"], "\(places)")
            let place = try #require(places.first)
            #expect(try clone.text(place).contains("\n# \(place.dropLast(3))\n"), "the heading names the note as its file does")
            let names = try clone.names()
            #expect(!names.contains { $0.contains("conflict") }, "\(names)")
        }
    }

    /// A rename that cannot set the new title (the `title` key is written twice) is refused
    /// before the file moves: nothing changes and nothing is recorded.
    @Test func aRenameThatCannotRetitleChangesNothing() throws {
        let vault = try TestVault()
        try vault.write("Dup.md", "---\ntitle: One\ntitle: Two\n---\nbody\n")
        try vault.write("Linker.md", "[[Dup]]\n")
        let before = try vault.snapshot()
        let result = try vault.run("rename", "Dup.md", "Renamed")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Dup.md:"), "\(result)")
        #expect(try vault.snapshot().differences(from: before).filter { !$0.hasPrefix("added: .vault/history") } == [])
        #expect(try vault.run("history").stdout == "no operations yet\n")
    }

    /// Undo of a rename whose note was edited since: the note keeps its new name and its
    /// heading (never the old name with the new heading), says so once, and the links
    /// rewritten in other notes stay as they are: an undo is all or nothing, and a link is
    /// never set back to a name no note has.
    @Test func anUndoRestoresAllOfANoteOrNoneOfIt() throws {
        let vault = try TestVault()
        try vault.write("Plan.md", "# Plan\n\ntext\n")
        try vault.write("Linker.md", "See [[Plan]].\n")
        let rename = try vault.run("rename", "Plan", "Plan B", "--format", "json")
        #expect(rename.status == 0, "\(rename)")
        let id = try #require(try rename.jsonObject()["recordID"] as? String)
        try vault.write("Plan B.md", try vault.text("Plan B.md") + "edited since\n")
        let undo = try vault.run("undo", id)
        #expect(undo.status == 1, "\(undo)")
        #expect(try vault.text("Plan B.md") == "# Plan B\n\ntext\nedited since\n")
        #expect(!vault.exists("Plan.md"))
        #expect(undo.stderr.components(separatedBy: "left as it is").count == 2, "said once: \(undo)")
        #expect(undo.stderr.contains("nothing of this note was undone"), "\(undo)")
        #expect(try vault.text("Linker.md") == "See [[Plan B]].\n")
    }

    /// A note that a reader has open (a pager, `tail -f`, an indexer) is written as any
    /// other: only a writer holds a write back.
    @Test func aReaderDoesNotHoldAWriteBack() throws {
        let vault = try TestVault()
        try vault.write("Log.md", "---\ntags: [a]\n---\n# Log\n")
        let fd = open(vault.url("Log.md").path, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        let rename = try vault.run("tag", "rename", "a", "z")
        #expect(rename.status == 0, "\(rename)")
        #expect(try vault.text("Log.md").hasPrefix("---\ntags: [z]\nid: "))
    }

    /// `vault merge-driver` run by hand, outside git, changes nothing.
    @Test func theMergeDriverOutsideGitChangesNothing() throws {
        let directory = try TestVault.emptyDirectory()
        // Mergeable (tags on our side, the body on theirs), and in conflict (one line, both).
        for theirBody in ["one\n\ntwo, theirs\n", "one, theirs\n\ntwo\n"] {
            let (base, ours, theirs) = ("---\ntags: [a]\n---\none\n\ntwo\n", "---\ntags: [a, b]\n---\none, ours\n\ntwo\n", "---\ntags: [a]\n---\n" + theirBody)
            try directory.write("base.md", base)
            try directory.write("ours.md", ours)
            try directory.write("theirs.md", theirs)
            let result = try directory.run("merge-driver", "base.md", "ours.md", "theirs.md", "Note.md")
            #expect(result.status != 0, "\(result)")
            #expect(result.stderr.contains("nothing was changed"), "\(result)")
            #expect(try directory.text("ours.md") == ours)
            #expect(try directory.names() == ["base.md", "ours.md", "theirs.md"])
        }
    }
}
