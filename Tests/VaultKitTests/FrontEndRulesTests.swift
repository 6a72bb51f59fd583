import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import VaultKit

/// The rules that lived in one front end until issue 53 and are now the use cases'
/// (one for every front end): the empty-save refusal, the note PATCH sequence, "scan while
/// holding the write lock" before tag operations and undo, tag colours for tags that exist,
/// the merge driver's refusal outside a repository.
@Suite struct FrontEndRulesTests {
    func session(_ vault: TemporaryVault) -> VaultSession {
        var opened = vault.vault
        opened.usesCache = false
        return VaultSession(vault: opened)
    }

    func version(_ vault: TemporaryVault, _ path: String) throws -> String {
        try session(vault).document(at: path).version
    }

    @Test func aSaveOfNothingButFrontMatterIsRefusedAndTheFileKept() throws {
        let vault = try TemporaryVault()
        let text = "---\ntags: [work]\n---\n# Plan\n\nShip it.\n"
        try vault.write("Plan.md", text)
        let session = session(vault)
        let save = SaveNote("---\ntags: [work]\n---\n  \n\n", to: "Plan.md", ifVersion: try version(vault, "Plan.md"))
        #expect(throws: VaultError.emptyNote) { try session.write { try save.run(in: $0) } }
        #expect(vault.read("Plan.md") == text)
    }

    @Test func aSaveOverAnEditItDidNotSeeIsAConflictWithoutABase() throws {
        let vault = try TemporaryVault()
        let base = "# Plan\n\nShip it.\n\nNotes.\n\nEnd.\n"
        try vault.write("Plan.md", base)
        let seen = try version(vault, "Plan.md")
        try vault.write("Plan.md", "# Plan\n\nShip it today.\n\nNotes.\n\nEnd.\n")
        let session = session(vault)
        #expect(throws: VaultError.conflict(path: "Plan.md")) {
            try session.write { try SaveNote("# Plan\n\nMine.\n", to: "Plan.md", ifVersion: seen).run(in: $0) }
        }
        #expect(vault.read("Plan.md") == "# Plan\n\nShip it today.\n\nNotes.\n\nEnd.\n")
        // With the text it started from, two changes to other lines merge.
        let merged = try session.write {
            try SaveNote("# Plan\n\nShip it.\n\nNotes.\n\nThe end.\n", to: "Plan.md", ifVersion: seen, base: base).run(in: $0)
        }
        #expect(merged.merged)
        #expect(vault.read("Plan.md") == "# Plan\n\nShip it today.\n\nNotes.\n\nThe end.\n")
    }

    /// An editor that joins lines with LF alone (a browser's text area, CodeMirror) saves a
    /// CRLF note in CRLF: the lines it did not touch keep their bytes, and so do the lines
    /// vault adds (`modified`).
    @Test func aNoteKeepsItsCRLFLineEndingsWhenTheEditorSendsLF() throws {
        let vault = try TemporaryVault()
        let original = "\u{FEFF}---\r\ntags: [y]\r\n---\r\n# Crlf\r\n\r\nline one\r\nline two"
        try vault.write("Crlf.md", original)
        let session = session(vault)
        let seen = try version(vault, "Crlf.md")
        let typed = "\u{FEFF}---\ntags: [y]\n---\n# Crlf\n\nline one\nline two typed"
        _ = try session.write { try SaveNote(typed, to: "Crlf.md", ifVersion: seen).run(in: $0) }
        let saved = vault.read("Crlf.md")
        #expect(saved.hasSuffix("\r\n---\r\n# Crlf\r\n\r\nline one\r\nline two typed"), "\(saved.debugDescription)")
        #expect(!saved.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(saved.debugDescription)")
        // With the text it opened (in CRLF, as the API gave it) and a change on disk since.
        let again = try version(vault, "Crlf.md")
        let opened = saved
        try vault.write("Crlf.md", saved.replacingOccurrences(of: "# Crlf", with: "# Crlf title"))
        let merged = try session.write {
            try SaveNote(opened.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "line one", with: "line 1"),
                         to: "Crlf.md", ifVersion: again, base: opened).run(in: $0)
        }
        #expect(merged.merged)
        #expect(vault.read("Crlf.md").contains("\r\n# Crlf title\r\n\r\nline 1\r\nline two typed"))
    }

    /// A file rewritten in place with its size and modification time kept (`touch -r`,
    /// `rsync --inplace -t`, two writes in one tick) is another version: its change time,
    /// which no one can set, tells. The save is refused, not written over the edit.
    @Test func anEditThatKeptTheFilesSizeAndTimeIsNotWrittenOver() throws {
        let vault = try TemporaryVault()
        try vault.write("Plan.md", "# Plan\n\nShip it.\n")
        let seen = try version(vault, "Plan.md")
        let path = vault.path + "/Plan.md"
        var before = stat()
        #expect(stat(path, &before) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 8)
        try handle.write(contentsOf: Data("SHIP".utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(throws: VaultError.conflict(path: "Plan.md")) {
            try session(vault).write { try SaveNote("# Plan\n\nMine.\n", to: "Plan.md", ifVersion: seen).run(in: $0) }
        }
        #expect(vault.read("Plan.md") == "# Plan\n\nSHIP it.\n")
    }

    /// A save to a note that is not there (deleted meanwhile, a misspelt path) is "no such
    /// note", not a failure of the disk, and creates nothing.
    @Test func aSaveToANoteThatIsNotThereIsNotFound() throws {
        let vault = try TemporaryVault()
        #expect(throws: VaultError.noteNotFound("Gone.md")) {
            try session(vault).write { try SaveNote("# Gone\n\nText.\n", to: "Gone.md", ifVersion: "x").run(in: $0) }
        }
        #expect(!FileManager.default.fileExists(atPath: vault.path + "/Gone.md"))
    }

    /// A note with bytes that are not UTF-8 reaches an editor with U+FFFD in their place:
    /// saving that text would write the substitutes over bytes nobody edited.
    @Test func aSaveOverANoteThatIsNotUTF8IsRefused() throws {
        let vault = try TemporaryVault()
        let original: [UInt8] = Array("# Bytes\n\nLatin1 caf".utf8) + [0xE9] + Array(" here\n".utf8)
        try vault.write("Bytes.md", bytes: original)
        let session = session(vault)
        let seen = try version(vault, "Bytes.md")
        #expect(throws: VaultError.located(Diagnostic(path: "Bytes.md", line: 3, column: 11, severity: .error,
                                                       message: "the note is not valid UTF-8 here, which an editor cannot show; vault leaves it unchanged"))) {
            try session.write { try SaveNote("# Bytes\n\nLatin1 caf\u{FFFD} here\nmore\n", to: "Bytes.md", ifVersion: seen).run(in: $0) }
        }
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: vault.path + "/Bytes.md"))) == original)
    }

    @Test func aNotesChangesRunInOrderEachRecorded() throws {
        let vault = try TemporaryVault()
        try vault.write("Plan.md", "---\ntags: [work]\n---\n# Plan\n\nShip it.\n")
        try vault.write("Log.md", "# Log\n\nSee [[Plan]].\n")
        try FileManager.default.createDirectory(atPath: vault.path + "/Archive", withIntermediateDirectories: true)
        let session = session(vault)
        let notes = try session.scan().notes
        let changes = UpdateNote.Changes(pinned: true, addTags: ["done"], title: "Shipped", folder: "Archive")
        let report = try session.write { try UpdateNote("Plan.md", changes, notes: notes).run(in: $0) }
        #expect(report.document.note.path == "Archive/Shipped.md")
        #expect(report.document.note.pinned)
        #expect(report.document.note.tags == ["work", "done"])
        #expect(report.linkedNotes.contains("Log.md"))
        #expect(vault.read("Log.md").contains("[[Shipped]]"))
        #expect(report.recordID != nil)
        // Pin, tag, rename and move: four records, each taken back by `vault undo`.
        #expect(OperationHistory(vault: session.vault).entries().count == 4)
    }

    @Test func aTagRenameReadsTheVaultAsItIsWhenItHoldsTheLock() throws {
        let vault = try TemporaryVault()
        try vault.write("A.md", "---\ntags: [old]\n---\n# A\n")
        let session = session(vault)
        // Written after the session opened and before the rename: no earlier scan has it.
        try vault.write("B.md", "---\ntags: [old]\n---\n# B\n")
        let report = try RetagVault(.rename("old", to: "new", merge: false)).run(in: session)
        #expect(Set(report.changed) == ["A.md", "B.md"])
        #expect(vault.read("B.md").contains("tags: [new]"))
    }

    @Test func anUndoReadsTheVaultAsItIsWhenItHoldsTheLock() throws {
        let vault = try TemporaryVault()
        try vault.write("A.md", "---\ntags: [old]\n---\n# A\n")
        let session = session(vault)
        let rename = try RetagVault(.rename("old", to: "new", merge: false)).run(in: session)
        let id = try #require(rename.recordID)
        // A note tagged with the new name since: the undo's own scan finds it.
        try vault.write("B.md", "---\ntags: [new]\n---\n# B\n")
        let undo = try UndoOperation(id).run(in: session)
        guard case .tags(let report) = undo.outcome else { Issue.record("a tag undo"); return }
        #expect(Set(report.changed) == ["A.md", "B.md"])
        #expect(vault.read("B.md").contains("tags: [old]"))
    }

    @Test func aColourIsForATagSomeNoteHas() throws {
        let vault = try TemporaryVault()
        try vault.write("A.md", "---\ntags: [work]\n---\n# A\n")
        let session = session(vault)
        let notes = try session.scan().notes
        #expect(throws: VaultError.self) { try session.write { try SetColor(.tag("wrok", among: notes), to: "red").run(in: $0) } }
        let set = try session.write { try SetColor(.tag("#work", among: notes), to: "Red").run(in: $0) }
        #expect((set.name, set.color, set.named) == ("work", "red", "red"))
        let removed = try session.write { try SetColor(.tag("gone", among: notes), to: "none").run(in: $0) }
        #expect(removed.color == nil)
    }

    @Test func aNoteMadeWithoutARecordLeavesNoHistory() throws {
        let vault = try TemporaryVault()
        let session = session(vault)
        let made = try session.write { try CreateNote(NoteDraft(title: "Plan", body: "Ship it."), recorded: false).run(in: $0) }
        #expect(made.recordID == nil)
        #expect(OperationHistory(vault: session.vault).entries().isEmpty)
        let recorded = try session.write { try CreateNote(NoteDraft(title: "Log", body: "Today.")).run(in: $0) }
        #expect(recorded.recordID != nil)
    }

    @Test func severalNotesChangeAsOneOperation() throws {
        let vault = try TemporaryVault()
        try vault.write("A.md", "# A\n")
        try vault.write("B.md", "# B\n")
        try FileManager.default.createDirectory(atPath: vault.path + "/Done", withIntermediateDirectories: true)
        let session = session(vault)
        let notes = try session.scan().notes
        let report = try session.write { try ChangeNotes(.addTags(["work"]), to: notes, among: notes).run(in: $0) }
        #expect(Set(report.changed) == ["A.md", "B.md"])
        #expect(report.recordID != nil)
        let moved = try session.write { try ChangeNotes(.move(to: "Done"), to: try session.scan().notes, among: try session.scan().notes).run(in: $0) }
        #expect(Set(moved.changed) == ["Done/A.md", "Done/B.md"])
    }

    @Test func theMergeDriverChangesNothingOutsideARepository() throws {
        let vault = try TemporaryVault()
        let merge = MergeNote(base: Array("a\n".utf8), ours: Array("b\n".utf8), theirs: Array("c\n".utf8), path: "A.md")
        #expect(throws: VaultError.self) { try merge.run(in: vault.path) }
    }

    @Test func theTrashIsListedAndEmptied() throws {
        let vault = try TemporaryVault()
        try vault.write("A.md", "# A\n")
        let session = session(vault)
        let notes = try session.scan().notes
        _ = try session.write { try DeleteNotes(notes) { notes }.run(in: $0) }
        #expect(ListTrash().count(in: session) == 1)
        #expect(ListTrash().run(in: session).count == 1)
        #expect(try session.write { EmptyTrash().run(in: $0) }.deleted == 1)
        #expect(ListTrash().count(in: session) == 0)
    }
}

extension FrontEndRulesTests {
    @Test func anAgendaShowsTasksByTheNamesEveryFrontEndOffers() {
        #expect(TaskShow.open.statuses == [.todo, .doing])
        #expect(TaskShow(rawValue: "doing")?.statuses == [.doing])
        #expect(TaskShow(done: true, all: false) == .done && TaskShow(done: false, all: false) == .open)
        #expect(TaskShow(done: false, all: true).statuses == Set(NoteTask.Status.allCases))
        #expect(TaskShow(rawValue: "later") == nil)
    }
}

extension FrontEndRulesTests {
    @Test func aCategoryChangeReportsEveryCategoryAsItIsNow() throws {
        let vault = try TemporaryVault()
        let session = session(vault)
        _ = try session.write { try TaskCategories(.set("errand", icon: nil, color: "green")).run(in: $0) }
        _ = try session.write { try TaskCategories(.set("home", icon: nil, color: "blue")).run(in: $0) }
        let report = try session.write { try TaskCategories(.move("home", before: "errand")).run(in: $0) }
        let names = report.categories.map(\.name)
        #expect(names == TaskCategories.list(VaultConfig.load(from: vault.root)).map(\.name))
        let (home, errand) = (try #require(names.firstIndex(of: "home")), try #require(names.firstIndex(of: "errand")))
        #expect(home < errand, "\(names)")
    }
}
