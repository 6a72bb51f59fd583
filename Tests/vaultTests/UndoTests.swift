import Foundation
import Testing

/// Every recorded command can be taken back, byte for byte (docs/history.md).
@Suite("vault undo")
struct UndoTests {
    /// The id of the newest record of `vault history`.
    private func lastID(_ vault: TestVault) throws -> String {
        let lines = try vault.run("history").stdoutLines
        return String(try #require(lines.last).prefix(8))
    }

    /// The differences but the history and the (empty) trash folder a delete made.
    private func withoutHistory(_ differences: [String]) -> [String] {
        differences.filter { !$0.hasPrefix("added: .vault/history") && $0 != "added: .trash" }
    }

    @Test(arguments: [
        ["rm", "Groceries", "Ideas"],
        ["rm", "--query", "tag:work"],
        ["folder", "delete", "Work", "--yes"],
        ["tag", "add", "--query", "folder:Personal", "#errand"],
        ["tag", "remove", "Groceries", "Ideas", "Weekend plans", "personal"],
        // Inline tags: `#hiring` is in a body only, `#finance` on task lines and in a list.
        ["tag", "remove", "--query", "tag:hiring", "hiring"],
        ["tag", "rename", "finance", "money"],
        ["pin", "Groceries", "Ideas", "Quick thought"],
        ["unpin", "Groceries", "Roadmap"],
        ["task", "done", "--query", "folder:Work"],
        ["mv", "--query", "tag:personal", "Work"],
        ["set", "Groceries", "Roadmap", "due=2026-12-01", "pinned=false", "tags=[shopping, q4]"],
        ["set", "--query", "folder:Reading", "status=\"read\""],
        ["unset", "Roadmap", "pinned"],
    ])
    func undoPutsBackEveryByte(_ command: [String]) throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        let result = try vault.run(arguments: command)
        #expect(result.status == 0, "\(result)")
        #expect(try withoutHistory(vault.snapshot().differences(from: before)) != [], "the command changed something")
        let id = try lastID(vault)
        let undo = try vault.run("undo", id)
        #expect(undo.status == 0, "\(undo)")
        let after = withoutHistory(try vault.snapshot().differences(from: before))
        #expect(after == [], "\(command): \(after)")
        // An undo is undone by undoing it: the command's result again.
        let redo = try vault.run("undo", try lastID(vault))
        #expect(redo.status == 0, "\(redo)")
        #expect(try withoutHistory(vault.snapshot().differences(from: before)) != [])
    }

    /// The note is back already (restored from the trash by hand, or by a sync): the undo
    /// says there is nothing to do, rather than nothing at all.
    @Test func anUndoWhoseWorkIsDoneAlreadySaysSo() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("rm", "Groceries").status == 0)
        let delete = try lastID(vault)
        #expect(try vault.run("trash", "restore", "Groceries").status == 0)
        let undo = try vault.run("undo", delete)
        #expect(undo.status == 0, "\(undo)")
        #expect(undo.stdout == "nothing to undo: the files of \(delete) are already as they were before it\n")
        #expect(undo.stderr == "")
        #expect(vault.exists("Groceries.md"))
    }

    @Test func anUndoThatTookNothingBackLeavesNoRecordAndARedoneOperationCanBeUndoneAgain() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("mv", "Groceries", "Work").status == 0)
        let move = try lastID(vault)
        // Something else stands where the note was: the undo takes nothing back.
        try vault.write("Groceries.md", "# Someone else's\n")
        let blocked = try vault.run("undo", move)
        #expect(blocked.status == 1, "\(blocked)")
        #expect(try lastID(vault) == move, "no record of an undo that did nothing")
        try FileManager.default.removeItem(at: vault.url("Groceries.md"))
        let undo = try vault.run("undo", move)
        #expect(undo.status == 0, "\(undo)")
        #expect(vault.exists("Groceries.md") && !vault.exists("Work/Groceries.md"))
        // Undoing the undo moves it again; then the move can be undone again.
        #expect(try vault.run("undo", try lastID(vault)).status == 0)
        #expect(vault.exists("Work/Groceries.md"))
        let again = try vault.run("undo", move)
        #expect(again.status == 0, "\(again)")
        #expect(vault.exists("Groceries.md") && !vault.exists("Work/Groceries.md"))
        // While that undo stands, the move cannot be undone twice.
        let twice = try vault.run("undo", move)
        #expect(twice.status == 2 && twice.stderr.contains("was undone by"), "\(twice)")
    }

    @Test func aTrashRestoreIsUndoneAndAnUndoneDeleteComesBack() throws {
        let vault = try TestVault.example()
        try vault.run("rm", "Groceries")
        let trashed = try vault.snapshot()
        #expect(try vault.run("trash", "restore", "Groceries").status == 0)
        #expect(vault.exists("Groceries.md"))
        #expect(try vault.run("undo", try lastID(vault)).status == 0)
        #expect(try withoutHistory(vault.snapshot().differences(from: trashed)).filter { !$0.contains(".trashinfo") } == [])
        #expect(!vault.exists("Groceries.md") && vault.exists(".trash/Groceries.md"))
    }

    @Test func oneNoteChangesAreNotRecordedAndUnknownIDsAreErrors() throws {
        let vault = try TestVault.example()
        try vault.run("pin", "Groceries")
        try vault.run("tag", "add", "Groceries", "#x")
        #expect(try vault.run("history").stdout == "no operations yet\n")
        let unknown = try vault.run("undo", "ffffffff")
        #expect(unknown.status == 2 && unknown.stderr.contains("no operation has the id 'ffffffff'"), "\(unknown)")
    }

    @Test func aTagMergeIsUndoneByItsSplit() throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        try vault.run("tag", "merge", "personal", "reading", "--into", "life")
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        // As `tag split`: each note gets its tags back, with the added `id` line.
        let differences = withoutHistory(try vault.snapshot().differences(from: before))
        for difference in differences {
            let path = String(difference.dropFirst("changed: ".count))
            #expect(difference.hasPrefix("changed: "))
            #expect(try vault.text(path).contains("\nid: "))
        }
    }

    /// `kill -9` part way through a bulk change: the notes it changed are in its record (it
    /// writes each edit down before making it), so the undo takes them back, every byte.
    /// The record used to be written whole only at the end: an interrupted one had no steps.
    @Test func anOperationKilledPartWayIsTakenBackWhole() throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        let killed = try vault.run("tag", "add", "--query", "folder:Work", "#late", "--test-crash", "after:3")
        #expect(killed.status == 137, "\(killed)")
        #expect(try withoutHistory(vault.snapshot().differences(from: before)).count >= 3)
        #expect(try vault.run("history").stdout.contains("(interrupted)"))
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        #expect(try withoutHistory(vault.snapshot().differences(from: before)) == [])
    }

    /// The steps file of the newest record (an interrupted one keeps it).
    private func stepsFile(_ vault: TestVault) throws -> URL {
        let folder = vault.url(".vault/history")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".steps") }.sorted().last)
        return folder.appendingPathComponent(name)
    }

    /// Moves to and from the trash were kept only in memory until the end, so a killed
    /// `rm` left a record whose undo took nothing back while the notes sat in the trash.
    /// A trash name is free again once its note is restored, and the next note deleted
    /// under the same name takes it: the undo of the first delete moved that other note
    /// to the first one's place and dropped its trash record.
    @Test func anUndoneDeleteDoesNotTakeBackAnotherNoteUnderItsTrashName() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("rm", "Groceries").status == 0)
        let delete = try lastID(vault)
        #expect(try vault.run("trash", "restore", "Groceries").status == 0)
        #expect(try vault.run("mv", "Groceries", "Personal").status == 0)
        try vault.write("Reading/Groceries.md", "# Groceries for the book club\n")
        #expect(try vault.run("rm", "Reading/Groceries").status == 0)
        #expect(try vault.text(".trash/Groceries.md") == "# Groceries for the book club\n")
        let before = try vault.snapshot()
        let undo = try vault.run("undo", delete)
        #expect(undo.status != 0, "\(undo)")
        #expect(undo.stderr.contains(".trash/Groceries.md: error: left as it is: the trash holds another note under that name now"), "\(undo)")
        #expect(try withoutHistory(vault.snapshot().differences(from: before)) == [])
        #expect(try vault.text(".trash/Groceries.md.trashinfo").contains("Path=Reading/Groceries.md\n"))
    }

    /// The mirror case: a restored note moved away, and a new note made under its name.
    /// The undo of the restore put that new note in the trash.
    @Test func anUndoneRestoreDoesNotTrashAnotherNoteAtItsPath() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("rm", "Groceries").status == 0)
        #expect(try vault.run("trash", "restore", "Groceries").status == 0)
        let restore = try lastID(vault)
        #expect(try vault.run("mv", "Groceries", "Personal").status == 0)
        try vault.write("Groceries.md", "# Groceries for the party\n")
        let before = try vault.snapshot()
        let undo = try vault.run("undo", restore)
        #expect(undo.status != 0, "\(undo)")
        #expect(undo.stderr.contains("Groceries.md: error: left as it is: it changed since"), "\(undo)")
        #expect(try withoutHistory(vault.snapshot().differences(from: before)) == [])
    }

    @Test func aDeleteKilledPartWayIsTakenBackWhole() throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        let killed = try vault.run("rm", "--query", "folder:Work", "--test-crash", "after:3")
        #expect(killed.status == 137, "\(killed)")
        #expect(try vault.run("trash", "list").stdoutLines.count >= 3)
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        #expect(try withoutHistory(vault.snapshot().differences(from: before)) == [])
    }

    /// A restore killed after the note came back and took a new id (its own was taken)
    /// kept only the id edit: the undo gave the old id back and left the note out, two
    /// notes with one id.
    @Test func aRestoreKilledPartWayLeavesNoTwoNotesWithOneID() throws {
        let vault = try TestVault.example()
        let original = try vault.text("Work/Projects/Roadmap.md")
        #expect(try vault.run("rm", "Roadmap").status == 0)
        try vault.write("Work/Projects/Roadmap copy.md", original)
        let trashed = try vault.snapshot()
        let name = try #require(try vault.run("trash", "list", "--format", "json").jsonObjects().first?["name"] as? String)
        let killed = try vault.run("trash", "restore", name, "--test-crash", "after:2")
        #expect(killed.status == 137, "\(killed)")
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        // Back in the trash, as the undo of any restore leaves it: its record says deleted
        // now (the same text when the test runs within one second).
        let record = ".trash/Roadmap.md.trashinfo"
        #expect(try withoutHistory(vault.snapshot().differences(from: trashed)).filter { $0 != "changed: \(record)" } == [])
        #expect(try vault.text(record).contains("Path=Work/Projects/Roadmap.md\n"))
    }

    /// A steps file cut part way through its last step (a full disk, a kill in the middle of
    /// a write): the steps before it were made and are taken back. The whole file was
    /// refused, so none of them was. A step is written down after a move or an import's
    /// file is made, so a cut can also end one inside its unquoted hash, which still reads
    /// as a (wrong) number: every step is written with its newline, so a file that does
    /// not end in one ends in a cut step.
    @Test(arguments: [
        "  - edit: \"Work/Team contacts.md\"\n    before: 0x12",
        "  - create: \"Groceries.md\"\n    hash: 0123456789a",
    ])
    func aStepsFileCutInItsLastStepKeepsTheStepsBefore(cut: String) throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        #expect(try vault.run("tag", "add", "--query", "folder:Work", "#late", "--test-crash", "after:3").status == 137)
        let file = try stepsFile(vault)
        let handle = try FileHandle(forWritingTo: file)
        handle.seekToEndOfFile()
        handle.write(Data(cut.utf8))
        try handle.close()
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        #expect(try withoutHistory(vault.snapshot().differences(from: before)) == [])
    }

    /// A steps file whose one step is cut (the first step's append met a full disk or a
    /// kill) is a record with no steps, as it was before any step: the header alone is no
    /// record, and the search for damage refused it for good.
    @Test func aStepsFileWhoseOnlyStepIsCutIsARecordWithNoSteps() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("tag", "add", "--query", "folder:Work", "#late", "--test-crash", "after:1").status == 137)
        let file = try stepsFile(vault)
        let text = try String(contentsOf: file, encoding: .utf8)
        let first = try #require(text.range(of: "\n  - edit: "))
        try Data((text[..<first.lowerBound] + "\n  - edit: \"Work/Pl").utf8).write(to: file)
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        #expect(!undo.stderr.contains("refused"), "\(undo)")
    }

    /// Damage before the last step (a write cut short by a full disk, then another step
    /// after it) was read as no steps at all: the undo took nothing back and said nothing.
    @Test func aStepsFileDamagedBeforeItsLastStepRefusesItsRecordWithItsPlace() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("tag", "add", "--query", "folder:Work", "#late", "--test-crash", "after:3").status == 137)
        let file = try stepsFile(vault)
        var text = try String(contentsOf: file, encoding: .utf8)
        let first = try #require(text.range(of: "\n  - edit: "))
        let line = text[..<first.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count + 1
        text.insert(contentsOf: "\n  - edit: \"Work/Plan", at: first.lowerBound)
        try Data(text.utf8).write(to: file)
        let before = try vault.snapshot()
        let id = try #require(file.deletingPathExtension().deletingPathExtension().lastPathComponent.split(separator: "-").last)
        let undo = try vault.run("undo", String(id))
        #expect(undo.status != 0, "\(undo)")
        #expect(undo.stderr.contains(".vault/history/\(file.lastPathComponent):\(line):"), "\(undo)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    /// An edit written down whose write then met an editor's save (and was made again over
    /// that save) was never made: after a kill, the undo refused the whole note as changed.
    @Test func anEditWrittenDownButNeverMadeIsPassedOver() throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        #expect(try vault.run("tag", "add", "--query", "folder:Work", "#late", "--test-crash", "after:3").status == 137)
        let file = try stepsFile(vault)
        var text = try String(contentsOf: file, encoding: .utf8)
        // Before the first step, the same note written down from what an editor had saved.
        let first = try #require(text.range(of: "\n  - edit: "))
        let path = String(text[first.upperBound...].prefix { $0 != "\n" })
        text.insert(contentsOf: "\n  - edit: \(path)\n    before: 0123456789abcdef\n    after: 0fedcba987654321\n    splices: []", at: first.lowerBound)
        try Data(text.utf8).write(to: file)
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        #expect(try withoutHistory(vault.snapshot().differences(from: before)) == [])
    }

    /// A steps file naming a path outside the vault refuses its record, with the steps
    /// file's place: it was passed over, and the interrupted record undid nothing in silence.
    @Test func aForgedStepsFileRefusesItsRecordWithItsPlace() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("tag", "add", "--query", "folder:Work", "#late", "--test-crash", "after:1").status == 137)
        let file = try stepsFile(vault)
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data((text + "  - trash: \"../outside.md\"\n    as: \"x.md\"\n").utf8).write(to: file)
        let before = try vault.snapshot()
        let id = try #require(file.deletingPathExtension().deletingPathExtension().lastPathComponent.split(separator: "-").last)
        let undo = try vault.run("undo", String(id))
        #expect(undo.status != 0, "\(undo)")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(undo.stderr.contains(".vault/history/\(file.lastPathComponent):\(line):"), "\(undo)")
        #expect(undo.stderr.contains("'../outside.md'"), "\(undo)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    /// The spelling a rename recorded goes back to the note it was taken from, found by
    /// its id: another note now at that path (the renamed one moved away) lost its own
    /// `tags` line, comment and all, to the first note's.
    @Test func aTagRenameIsTakenBackIntoTheNoteItChanged() throws {
        let vault = try TestVault.example()
        try vault.write("A.md", "---\ntags: [Finance]  # q4\n---\nText.\n")
        #expect(try vault.run("tag", "rename", "finance", "money").status == 0)
        let renameID = try lastID(vault)
        #expect(try vault.run("mv", "A", "Work").status == 0)
        try vault.write("A.md", "---\ntags: [money]  # reviewed\n---\nOther.\n")
        let undo = try vault.run("undo", renameID)
        #expect(undo.status == 0, "\(undo)")
        // Renamed back where it stands, comment kept (and given an id, as a rename gives one).
        #expect(try vault.text("A.md").hasPrefix("---\ntags: [finance]  # reviewed\nid: "))
        #expect(try vault.text("Work/A.md").contains("tags: [Finance]  # q4\n"))
    }

    /// A record comes through git, untrusted: a rename's recorded `tags` line that holds
    /// more than the tags (another key, the end of the front matter) is not written into
    /// the note; the note is renamed back where its tags stand instead.
    @Test func aForgedTagsLineInARenameRecordChangesNothingButTheTags() throws {
        let vault = try TestVault.example()
        try vault.write("A.md", "---\ntags: [Finance]  # q4\n---\nText.\n")
        #expect(try vault.run("tag", "rename", "finance", "money").status == 0)
        let renameID = try lastID(vault)
        let folder = vault.url(".vault/history")
        let record = folder.appendingPathComponent(try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.contains(renameID) }))
        for forged in [#"tags: [Finance]\npinned: true\n"#, #"tags: [Finance]\n---\nInjected.\n"#] {
            let text = try String(contentsOf: record, encoding: .utf8)
            let original = try vault.text("A.md")
            let recorded = try #require(text.range(of: #"text: "tags: [Finance]  # q4\n""#) ?? text.range(of: #"text: "tags: [Finance]\npinned: true\n""#))
            try Data(text.replacingCharacters(in: recorded, with: "text: \"\(forged)\"").utf8).write(to: record)
            let undo = try vault.run("undo", renameID)
            #expect(undo.status == 0, "\(undo)")
            let after = try vault.text("A.md")
            #expect(after == original.replacingOccurrences(of: "tags: [money]", with: "tags: [finance]"), "\(forged): \(after)")
            // Back as it was for the next forgery.
            #expect(try vault.run("undo", try lastID(vault)).status == 0)
        }
    }

    /// An Obsidian note spells a tag as it likes (`#Finance`, `#FINANCE`): taking a rename
    /// back gives each spelling back where it stands, in the body and in the front matter,
    /// not the name typed on the command line. The `id` line the rename added stays, as a
    /// merge's does. Renaming back would have written `#finance` everywhere.
    @Test func aTagRenameIsTakenBackAsEachNoteSpelledIt() throws {
        let vault = try TestVault.example()
        let original = "---\ntags: [Finance, \"FINANCE/Q4\"]  # kept as written\n---\nSpent on #FINANCE today, see #Finance/q4, #finance and #money-later.\n"
        try vault.write("Budget.md", original)
        let rename = try vault.run("tag", "rename", "finance", "money")
        #expect(rename.status == 0, "\(rename)")
        #expect(try vault.text("Budget.md").contains("#money today"))
        let undo = try vault.run("undo", try lastID(vault))
        #expect(undo.status == 0, "\(undo)")
        let lines = try vault.text("Budget.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("id: ") }.count == 1)
        #expect(lines.filter { !$0.hasPrefix("id: ") }.joined(separator: "\n") == original)
        // Undoing the undo renames again.
        let redo = try vault.run("undo", try lastID(vault))
        #expect(redo.status == 0, "\(redo)")
        #expect(try vault.text("Budget.md").contains("#money today, see #money/q4, #money and"))
    }

    /// `undo --format json` carries paths and each step, as every JSON answer does, not
    /// the sentences of the text output.
    @Test func anUndoInJSONNamesPathsAndSteps() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("rm", "Groceries", "Ideas").status == 0)
        let undo = try vault.run("undo", try lastID(vault), "--format", "json")
        #expect(undo.status == 0, "\(undo)")
        let report = try undo.jsonObject()
        #expect(report["changed"] as? [String] == ["Ideas.md", "Groceries.md"] || report["changed"] as? [String] == ["Groceries.md", "Ideas.md"], "\(report)")
        let steps = try #require(report["steps"] as? [[String: Any]])
        #expect(steps.count == 2 && steps.allSatisfy { $0["kind"] as? String == "restore" && ($0["name"] as? String)?.isEmpty == false }, "\(steps)")
        #expect(report["failed"] as? [String] == [])
        #expect((report["recordID"] as? String)?.count == 8)
        #expect((report["undid"] as? String)?.count == 8)
    }

    /// A split is not undone; the error says what is, worded as a command.
    @Test func aSplitIsNotUndoneAndTheErrorSaysWhatIs() throws {
        let vault = try TestVault.example()
        let merge = try vault.run("tag", "merge", "personal", "reading", "--into", "life", "--format", "json")
        let mergeID = try #require(try merge.jsonObject()["recordID"] as? String)
        #expect(try vault.run("tag", "split", mergeID).status == 0)
        let history = try vault.run("tag", "history", "--format", "json").jsonObjects()
        let splitID = try #require(history.last { $0["kind"] as? String == "split" }?["id"] as? String)
        let before = try vault.snapshot()
        let undo = try vault.run("undo", splitID)
        #expect(undo.status != 0)
        #expect(undo.stderr == "vault: error: a split is not undone: merge personal, reading into life again (run 'vault tag merge personal reading --into life')\n", "\(undo)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }
}
