import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What passes between vault and git is untrusted (issue 50): a note's text, an author's
/// name, a path and an attribute line can all arrive from a remote, and none of them may
/// become an option git obeys, a pattern git expands, a file outside the vault, a hook,
/// or a merge that bypasses the note merge driver.
@Suite("hostile git")
struct HostileGitTests {
    /// A line that, read by splitting git's output on U+001E, was a "version" whose commit
    /// is a git option writing to `target`.
    private static func forgery(writingTo target: URL) -> String {
        "\u{1E}--output=\(target.path)\u{1F}Mallory\u{1F}2001-01-01T00:00:00+00:00"
    }

    private func commit(_ vault: TestVault, _ message: String, author: String = "Ann <ann@example.com>") throws {
        try SyncTests.git("add", "-A", in: vault.root)
        try SyncTests.git("commit", "-q", "--author", author, "-m", message, in: vault.root)
    }

    /// Everything under `base` but the vault itself, with its bytes: what a command wrote
    /// outside the vault shows as a difference.
    private func outside(_ vault: TestVault) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: vault.base.path).filter { $0 != "vault" }.sorted()
    }

    private func isCommit(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.utf8.count == 40 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    @Test func aNoteWhoseTextHoldsTheRecordSeparatorForgesNoVersion() throws {
        let vault = try TestVault()
        let target = vault.base.appendingPathComponent("written-by-git")
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Note.md", "# Note\n\nOne.\n")
        try commit(vault, "one")
        try vault.write("Note.md", "# Note\n\nOne.\n" + Self.forgery(writingTo: target) + "\n")
        try commit(vault, "two")

        let log = try vault.run("log", "Note", "--format", "json")
        #expect(log.status == 0, "\(log)")
        let versions = try log.jsonObjects()
        #expect(versions.count == 2, "two commits, two versions: \(versions)")
        #expect(versions.allSatisfy { isCommit($0["commit"]) }, "\(versions)")
        #expect(versions.map { $0["author"] as? String } == ["Ann", "Ann"])
        // A version chosen by its day: the forged one was of 2001.
        let diff = try vault.run("diff", "Note", "2001-01-01")
        #expect(diff.status != 0 || !diff.stdout.isEmpty, "\(diff)")
        #expect(try outside(vault) == [], "git wrote outside the vault")
    }

    @Test func anAuthorNameHoldingTheRecordSeparatorForgesNoVersion() throws {
        let vault = try TestVault()
        let target = vault.base.appendingPathComponent("written-by-git")
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Note.md", "# Note\n\nOne.\n")
        try commit(vault, "one")
        try vault.write("Note.md", "# Note\n\nTwo.\n")
        try commit(vault, "two", author: "Eve" + Self.forgery(writingTo: target) + " <eve@example.com>")

        let log = try vault.run("log", "Note", "--format", "json")
        #expect(log.status == 0, "\(log)")
        let versions = try log.jsonObjects()
        #expect(versions.count == 2, "\(versions)")
        #expect(versions.allSatisfy { isCommit($0["commit"]) }, "\(versions)")
        #expect((versions.first?["author"] as? String)?.hasPrefix("Eve") == true, "the author as git has it: \(versions)")
        _ = try vault.run("diff", "Note", "2001-01-01")
        _ = try vault.run("restore", "Note", "--at", "2001-01-01")
        #expect(try outside(vault) == [], "git wrote outside the vault")
    }

    @Test func aRemovedNoteHoldingTheRecordSeparatorForgesNoDeletedNote() throws {
        let vault = try TestVault()
        let target = vault.base.appendingPathComponent("written-by-git")
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        // In the patch of its removal, `-- a/Kept.md` reads `--- a/Kept.md`: a file header.
        try vault.write("Gone.md", "# Gone\n\n" + Self.forgery(writingTo: target) + "\n-- a/Kept.md\n")
        try vault.write("Kept.md", "# Kept\n")
        try commit(vault, "one")
        try FileManager.default.removeItem(at: vault.url("Gone.md"))
        try commit(vault, "two")

        let result = try vault.run("log", "--deleted", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let deleted = try result.jsonObjects()
        #expect(deleted.map { $0["path"] as? String } == ["Gone.md"], "\(deleted)")
        #expect(deleted.allSatisfy { isCommit($0["commit"]) }, "\(deleted)")
        #expect(try outside(vault) == [], "git wrote outside the vault")
    }

    /// A forged cache of removals names a commit that is an option: it is not trusted.
    @Test func aForgedRemovalsCacheRunsNoOption() throws {
        let vault = try TestVault()
        let target = vault.base.appendingPathComponent("written-by-git")
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Kept.md", "# Kept\n")
        try commit(vault, "one")
        let head = try SyncTests.git("rev-parse", "HEAD", in: vault.root).stdout.trimmingCharacters(in: .newlines)
        try vault.createDirectory(".vault/cache")
        let forged = """
        {"head":"\(head)","prefix":"","notes":[{"commit":"--output=\(target.path)","date":0,"path":"Kept.md","removedPath":"Kept.md","title":"Kept","text":""}]}
        """
        try vault.write(".vault/cache/deleted-v1.json", forged)
        let result = try vault.run("log", "--deleted", "--format", "json")
        #expect(result.status == 0, "\(result)")
        #expect(try result.jsonObjects().isEmpty, "\(result)")
        #expect(try outside(vault) == [])
    }

    /// Names shaped as options or patterns, made on another machine: each is that one file
    /// to git, in a sync, a note's log and the list of removed notes.
    @Test func namesShapedAsOptionsArriveAsNames() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        let target = first.base.appendingPathComponent("written-by-git")
        let names = ["--output=\(target.path).md", "-p.md", "*.md", ":(glob)x.md", "HEAD.md"]
        for name in names { try first.write(name, "# \(name)\n") }
        #expect(try SyncTests.sync(first, []).status == 0)
        let pulled = try SyncTests.sync(second, [])
        #expect(pulled.status == 0, "\(pulled)")
        for name in names { #expect(try second.text(name) == "# \(name)\n", "\(name)") }
        let log = try second.run("log", "--format", "json", "--", "-p")
        #expect(log.status == 0, "\(log)")
        #expect(try log.jsonObjects().count == 1, "\(log)")
        for name in names { try FileManager.default.removeItem(at: second.url(name)) }
        #expect(try SyncTests.sync(second, []).status == 0)
        let deleted = try second.run("log", "--deleted", "--format", "json")
        #expect(Set(try deleted.jsonObjects().compactMap { $0["path"] as? String }) == Set(names), "\(deleted)")
        #expect(try SyncTests.sync(first, []).status == 0)
        #expect(names.allSatisfy { !first.exists($0) })
        #expect(try outside(first) == [], "git wrote outside the vault")
        #expect(try outside(second) == [], "git wrote outside the vault")
    }

    /// A commit on the remote whose tree holds `path` (a hook, a nested repository's
    /// config), made with git's plumbing as a hostile remote would make it.
    private func plant(_ path: String, executable: Bool, on remote: TestVault) throws {
        let work = try TestVault.emptyDirectory()
        try? FileManager.default.removeItem(at: work.root)
        try SyncTests.git("clone", "-q", remote.root.path, work.root.path, in: work.base)
        let blob = try SyncTests.git("hash-object", "-w", "--", "Plan.md", in: work.root).stdout.trimmingCharacters(in: .newlines)
        // Trees from the innermost folder out, each with the one entry.
        var parts = path.split(separator: "/").map(String.init)
        var entry = "\(executable ? "100755" : "100644") blob \(blob)\t\(parts.removeLast())"
        while let folder = parts.popLast() {
            let tree = try mktree(entry, in: work.root)
            entry = "040000 tree \(tree)\t\(folder)"
        }
        let top = try SyncTests.git("ls-tree", "HEAD", in: work.root).stdout + entry + "\n"
        let tree = try mktree(top, in: work.root)
        let commit = try SyncTests.git("commit-tree", tree, "-p", "HEAD", "-m", "planted", in: work.root).stdout.trimmingCharacters(in: .newlines)
        try SyncTests.git("push", "-q", "origin", commit + ":refs/heads/main", in: work.root)
    }

    private func mktree(_ entries: String, in directory: URL) throws -> String {
        guard let git = CLI.which("git") else { throw CLIError("no git") }
        let result = try CLI.run(git, ["mktree"], in: directory, stdin: Data(entries.utf8), environment: SyncTests.identity)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// A remote whose tree holds a hook, or a nested repository's config, in any spelling:
    /// the sync refuses the merge, naming the path, and writes nothing there.
    @Test(arguments: [".git/hooks/post-merge", "Notes/.git/config", ".GIT/hooks/post-merge", "Notes/.Git./config"])
    func aMergeThatWouldWriteIntoGitIsRefused(planted: String) throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        try plant(planted, executable: true, on: remote)
        try first.write("Other.md", "# Other\n\nA change of this machine's, so that the sync merges.\n")
        for clone in [first, second] {
            let result = try SyncTests.sync(clone, [])
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains(planted) && result.stderr.contains("nothing was merged"), "\(result)")
            #expect(!clone.exists(".git/hooks/post-merge") && !clone.exists("Notes"), "\(planted)")
        }
    }

    /// What a merge brings that is not a plain file keeps its kind: a symbolic link stays
    /// one (vault does not write it; git does, as its merge did), an executable bit is set.
    @Test func linksAndExecutableBitsArriveAsTheyAre() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        try FileManager.default.createSymbolicLink(atPath: first.url("Link.md").path, withDestinationPath: "Plan.md")
        try first.write("run.sh", "#!/bin/sh\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: first.url("run.sh").path)
        try second.write("Other.md", "# Other\n\nSecond's change.\n")
        #expect(try SyncTests.sync(first, []).status == 0)
        let merged = try SyncTests.sync(second, [])
        #expect(merged.status == 0, "\(merged)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: second.url("Link.md").path)) == "Plan.md")
        #expect(try second.permissions("run.sh") & 0o111 != 0)
        #expect(try SyncTests.sync(second, []).status == 0)
        #expect(try SyncTests.git("status", "--porcelain", in: second.root).stdout == "", "nothing left to commit")
        #expect(try SyncTests.git("ls-tree", "HEAD", "Link.md", in: second.root).stdout.hasPrefix("120000"))
    }

    /// A file here, a folder of the same name there: git moves ours aside (`file~BRANCH`);
    /// it is kept, not lost.
    @Test func aFileMeetingAFolderOfItsNameIsKept() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        try first.createDirectory("notes")
        try first.write("notes/inner.txt", "theirs\n")
        try second.write("notes", "ours\n")
        #expect(try SyncTests.sync(first, []).status == 0)
        let merged = try SyncTests.sync(second, [])
        #expect(merged.status != 2, "\(merged)")
        let kept = try second.names().filter { $0.hasPrefix("notes") && $0 != "notes" }
        let texts = try kept.map { try second.text($0) }
        #expect(texts.contains("ours\n"), "\(kept) \(merged)")
        #expect(try second.text("notes/inner.txt") == "theirs\n")
    }

    // MARK: - The trash

    /// Files kept with a trashed note come back under their recorded paths, and those paths
    /// arrive through git: none may land in `.git/`, `.vault/` or under a hidden name.
    @Test(arguments: [".git/hooks/post-commit", ".vault/templates/daily.md", ".GIT/hooks/post-commit", "docs/.hidden/x.png", ".Vault/config.yaml"])
    func aTrashedNotesFilesNeverLandInGitOrVaultFolders(planted: String) throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Kept.md", "# Kept\n")
        try vault.createDirectory(".trash/Evil.md.attachments/" + planted.split(separator: "/").dropLast().joined(separator: "/"))
        try vault.write(".trash/Evil.md", "# Evil\n")
        try vault.write(".trash/Evil.md.trashinfo", "[Trash Info]\nPath=Evil.md\nDeletionDate=2026-11-27T10:00:00\n")
        try vault.write(".trash/Evil.md.attachments/" + planted, "#!/bin/sh\necho planted\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: vault.url(".trash/Evil.md.attachments/" + planted).path)
        let before = try vault.snapshot()

        let result = try vault.run("trash", "restore", "Evil")
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains(".trash/Evil.md.attachments/" + planted), "the file is named: \(result)")
        #expect(result.stderr.contains("nothing was changed"), "\(result)")
        let changed = try vault.snapshot().differences(from: before).filter { $0 != "added: .vault/history" }
        #expect(changed == [], "nothing changed: \(changed)")
        #expect(!FileManager.default.fileExists(atPath: vault.url(".git/hooks/post-commit").path))
    }

    @Test func aRecordedPathIntoGitInAnyCaseIsRefused() throws {
        let vault = try TestVault()
        try vault.write(".trash/Evil.md", "# Evil\n")
        try vault.write(".trash/Evil.md.trashinfo", "[Trash Info]\nPath=.GIT/hooks/post-commit\nDeletionDate=2026-11-27T10:00:00\n")
        let before = try vault.snapshot()
        let result = try vault.run("trash", "restore", "Evil")
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("which no operation changes"), "\(result)")
        let changed = try vault.snapshot().differences(from: before).filter { $0 != "added: .vault/history" }
        #expect(changed == [], "\(changed)")
    }

    // MARK: - Merging

    /// A path that is a pattern to git (`[ab].txt` matches `a.txt`) is that one file.
    @Test func pathsGoToGitAsNamesNotPatterns() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        try first.write("a.txt", "a\n")
        try first.write("[ab].txt", "pattern\n")
        #expect(try SyncTests.sync(first, []).status == 0)
        #expect(try SyncTests.sync(second, []).status == 0)
        try first.write("a.txt", "a, first\n")
        try first.write("[ab].txt", "pattern, first\n")
        try second.write("a.txt", "a, second\n")
        try second.write("[ab].txt", "pattern, second\n")
        #expect(try SyncTests.sync(first, []).status == 0)
        let clash = try SyncTests.sync(second, [])
        #expect(clash.status == 1, "\(clash)")
        #expect(try second.text("a.txt") == "a, second\n")
        #expect(try second.text("[ab].txt") == "pattern, second\n")
        let copies = try second.names().filter { $0.contains("(conflict ") }.sorted()
        #expect(copies.count == 2, "one copy each: \(copies)")
        for name in try second.names() where !name.hasPrefix(".") {
            #expect(try !second.text(name).contains("<<<<<<<"), "\(name)")
        }
        let log = try SyncTests.git("log", "--format=%H", "--", "a.txt", in: second.root).stdout.split(separator: "\n")
        #expect(try SyncTests.git("show", "HEAD:a.txt", in: second.root).stdout == "a, second\n", "\(log)")
    }

    /// A `.gitattributes` line from a remote that would merge notes another way is
    /// overruled: notes still merge through vault.
    @Test func aRemotesAttributesDoNotTurnTheMergeDriverOff() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        try first.write(".gitattributes", try first.text(".gitattributes") + "*.md merge=union\n")
        #expect(try SyncTests.sync(first, []).status == 0)
        #expect(try SyncTests.sync(second, []).status == 0)
        try first.write("Plan.md", try first.text("Plan.md").replacingOccurrences(of: "Two.", with: "Two, first.")
            .replacingOccurrences(of: "modified: 2026-11-01T10:00:00+00:00", with: "modified: 2026-11-02T10:00:00+00:00"))
        try second.write("Plan.md", try second.text("Plan.md").replacingOccurrences(of: "Two.", with: "Two, second.")
            .replacingOccurrences(of: "modified: 2026-11-01T10:00:00+00:00", with: "modified: 2026-11-03T10:00:00+00:00"))
        #expect(try SyncTests.sync(first, []).status == 0)
        let clash = try SyncTests.sync(second, [])
        #expect(clash.status == 1, "a conflict copy, as the driver keeps: \(clash)")
        let plan = try second.text("Plan.md")
        #expect(plan.components(separatedBy: "modified:").count == 2, "one modified key: \(plan)")
        #expect(plan.contains("Two, second.") && !plan.contains("Two, first."), "\(plan)")
        let check = try second.run("check")
        #expect(check.stdout.contains(".gitattributes"), "check names the attribute: \(check)")
    }

    /// A remote's `.gitattributes` that asks git to convert notes on their way in
    /// (`working-tree-encoding`, a `filter`, `ident`, line endings) is overruled: vault
    /// writes what git stores into the notes as it is, so git must store the notes as they
    /// are, or the next commit carries bytes no note had (UTF-16 read as UTF-8 here).
    @Test func aRemotesAttributesDoNotConvertNotesOnTheirWayIntoGit() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        try second.write(".gitattributes", try second.text(".gitattributes") + "*.md working-tree-encoding=UTF-16LE ident text eol=crlf\n*.png filter=lfs\n")
        #expect(try SyncTests.sync(second, []).status == 0)
        #expect(try SyncTests.sync(first, []).status == 0)
        let edited = try first.text("Plan.md") + "An edit made on the first machine. $Id$\n"
        try first.write("Plan.md", edited)
        #expect(try SyncTests.sync(first, []).status == 0)
        #expect(try SyncTests.git("show", "HEAD:Plan.md", in: first.root).stdout == edited)
        #expect(try SyncTests.sync(second, []).status == 0)
        #expect(try second.text("Plan.md") == edited)
        #expect(try first.text("Plan.md") == edited)
        // Attachments keep the committed attributes: Git LFS goes on working for them.
        #expect(try SyncTests.git("check-attr", "filter", "--", "Plan.md", "photo.png", in: first.root).stdout
                == "Plan.md: filter: unset\nphoto.png: filter: lfs\n")
    }

    // MARK: - Outside writers during a merge

    /// A shell appends to a note (`>>`, every 5 ms) while `vault sync` merges another
    /// machine's edit of it: git's checkout deleted and rewrote the file, and lines written
    /// in between were lost (109 of 741 in the report), or the note became the appended
    /// tail alone. Now every line is kept, and the note keeps its front matter. A sync may
    /// still give up on a note that never stops changing (exit 2, "changed on disk while
    /// vault was writing it", having changed nothing of it): the next one finishes the merge.
    /// `VAULT_APPENDER_MERGES` sets the number of merges (10 here; the soak runs 30).
    @Test func linesAppendedWhileASyncMergesAreNeverLost() throws {
        let merges = Int(ProcessInfo.processInfo.environment["VAULT_APPENDER_MERGES"] ?? "") ?? 10
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        let appender = Appender(path: second.url("Plan.md").path)
        appender.start()
        for round in 0..<merges {
            try first.write("Plan.md", try first.text("Plan.md").replacingOccurrences(of: "One", with: "One \(round)"))
            #expect(try SyncTests.sync(first, []).status == 0)
            let merged = try SyncTests.sync(second, [])
            #expect(merged.status != 2 || merged.stderr.contains("changed on disk while vault was writing it"), "\(merged)")
        }
        let written = appender.stop()
        let last = try SyncTests.sync(second, [])
        #expect(last.status != 2, "\(last)")
        let plan = try second.text("Plan.md")
        let copies = try second.names().filter { $0.hasPrefix("Plan (conflict ") }.map { try second.text($0) }.joined()
        let lost = (0..<written).filter { !plan.contains("\nappended \($0)\n") && !copies.contains("\nappended \($0)\n") }
        #expect(written > 0 && lost.isEmpty, "\(lost.count) of \(written) appended lines lost: \(lost.prefix(10))")
        #expect(plan.hasPrefix("---\nid: plan\n"), "the note keeps its front matter: \(plan.prefix(200))")
        #expect(plan.contains("One \(merges - 1)"), "the other machine's last edit: \(plan.prefix(200))")
        let committed = try SyncTests.git("show", "HEAD:Plan.md", in: second.root).stdout
        #expect(committed.hasPrefix("---\nid: plan\n"), "\(committed.prefix(200))")
    }

    /// Appends a numbered line to a file every 5 ms, as `echo … >> FILE` in a loop does.
    final class Appender: @unchecked Sendable {
        let path: String
        private let lock = NSLock()
        private var running = false
        private var count = 0
        private let done = DispatchSemaphore(value: 0)

        init(path: String) { self.path = path }

        func start() {
            lock.withLock { running = true }
            Thread.detachNewThread { [self] in
                while lock.withLock({ running }) {
                    let line = Array("appended \(lock.withLock { count })\n".utf8)
                    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
                    if fd >= 0 {
                        if write(fd, line, line.count) == line.count { lock.withLock { count += 1 } }
                        close(fd)
                    }
                    usleep(5_000)
                }
                done.signal()
            }
        }

        /// Stops it and returns how many lines it wrote.
        func stop() -> Int {
            lock.withLock { running = false }
            done.wait()
            return lock.withLock { count }
        }
    }

    // MARK: - The smaller doors

    @Test func anAttachmentIsNeverMoreReadableThanItsSource() throws {
        let vault = try TestVault()
        try vault.write("Plan.md", "# Plan\n")
        let secret = vault.base.appendingPathComponent("secret.pdf")
        try Data("secret".utf8).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret.path)
        let result = try vault.run("attach", "Plan", secret.path)
        #expect(result.status == 0, "\(result)")
        #expect(try vault.permissions("attachments/secret.pdf") & 0o777 == 0o600)
    }

    /// Two `vault today` at once made `2026-11-28.md` and `2026-11-28 2.md`: each looked for
    /// the day's note before taking the write lock. Both wait here on a lock this test holds.
    @Test func twoTodaysAtOnceMakeOneNote() throws {
        let vault = try TestVault()
        let lock = try AcknowledgedWriteTests.HeldLock(vault)
        let processes = try (0..<2).map { _ in try AcknowledgedWriteTests.started(["today", "--print"], in: vault) }
        let waited = processes.map(AcknowledgedWriteTests.waitsForLock)
        lock.release()
        for process in processes { process.waitUntilExit() }
        #expect(waited == [true, true], "both wait for the lock")
        #expect(processes.map(\.terminationStatus) == [0, 0])
        let notes = try vault.names(in: "Daily").filter { $0.hasSuffix(".md") }
        #expect(notes.count == 1, "\(notes)")
    }

    @Test func anUnknownTemplateIsAWarningAndACheckProblem() throws {
        let vault = try TestVault()
        try vault.write(".vault/config.yaml", "daily:\n  template: nowhere\n")
        let today = try vault.run("today", "--print")
        #expect(today.status == 0, "the note is made without it: \(today)")
        #expect(today.stderr.contains("nowhere"), "\(today)")
        let check = try vault.run("check")
        #expect(check.stdout.contains("nowhere"), "\(check)")
        #expect(check.status != 0, "\(check)")
    }

    /// `vault log` stopped after 200 renames, saying nothing: a long-lived daily log renamed
    /// every week lost its early history.
    @Test func logFollowsEveryRename() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Name 0.md", "# Log\n")
        try commit(vault, "made")
        let renames = 210
        for number in 1...renames {
            try SyncTests.git("mv", "Name \(number - 1).md", "Name \(number).md", in: vault.root)
            try SyncTests.git("commit", "-q", "-m", "rename \(number)", in: vault.root)
        }
        let log = try vault.run("log", "Name \(renames)", "--format", "json")
        #expect(log.status == 0, "\(log.stderr)")
        let versions = try log.jsonObjects()
        #expect(versions.count == renames + 1, "\(versions.count)")
        #expect(versions.last?["path"] as? String == "Name 0.md")
    }

    @Test func aCommittedSymbolicLinkIsNeverRestoredAsANote() throws {
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        try vault.write("Kept.md", "# Kept\n")
        try FileManager.default.createSymbolicLink(atPath: vault.url("Link.md").path, withDestinationPath: "/etc/hostname")
        try commit(vault, "one")
        try FileManager.default.removeItem(at: vault.url("Link.md"))
        try commit(vault, "two")
        let listed = try vault.run("log", "--deleted", "--format", "json")
        #expect(listed.status == 0, "\(listed)")
        #expect(try listed.jsonObjects().isEmpty, "a link is no note: \(listed)")
        let restored = try vault.run("restore", "Link")
        #expect(restored.status != 0, "\(restored)")
        #expect(!vault.exists("Link.md") && !vault.exists(".trash/Link.md"))
    }
}
