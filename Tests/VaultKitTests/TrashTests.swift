import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

@Suite struct TrashTests {
    /// Every file and directory below the vault (outside `.vault` and `.trash`) with its bytes.
    func snapshot(_ vault: TemporaryVault) throws -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: vault.path)
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".vault") || path.hasPrefix(".trash") { continue }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: vault.path + "/" + path, isDirectory: &isDirectory)
            result[path] = isDirectory.boolValue ? "<dir>" : vault.read(path)
        }
        return result
    }

    func makeVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("Work/Plan.md", "---\npinned: true\n---\n# Plan\r\nno final newline")
        try vault.write("Home/Plan.md", "# Plan at home\n")
        try vault.write("Work/Projects/Roadmap.md", "---\ntags: [work]\n---\n# Roadmap\n")
        try vault.write("Root.md", "\u{FEFF}# Root\n")
        return vault
    }

    /// Each note brought back looked for a note holding its id by scanning the whole vault:
    /// restoring 1,297 notes of a 5,000-note vault took over two minutes. The vault's ids
    /// are read once for the whole restore, and each note restored joins them.
    @Test func restoringManyNotesReadsTheVaultOnce() throws {
        let directory = try TemporaryVault()
        for number in 0..<12 { try directory.write("Note \(number).md", "---\nid: id-\(number % 10)\n---\n# Note \(number)\n") }
        let session = VaultSession(vault: directory.vault)
        let trashed = try session.vault.scan().notes.filter { $0.path.hasPrefix("Note 1") }
        var names: [String] = []
        for note in trashed { names.append(try session.write { changes throws(VaultError) in try changes.trash.delete(note) }) }
        var counted = directory.vault
        let scans = Locked(0)
        counted.scanProgress = ScanProgress(every: 1) { read, total in if read == total { scans.withLock { $0 += 1 } } }
        let report = try VaultSession(vault: counted).write { try RestoreNotes(names).run(in: $0) }
        #expect(report.restored.count == trashed.count && report.failed.isEmpty)
        #expect(scans.withLock { $0 } <= 1)
        // `Note 1`'s id is `Note 11`'s and `Note 0`'s: whichever came back second took a new one.
        let ids = try directory.vault.scan().notes.compactMap(\.id)
        #expect(Set(ids).count == ids.count)
    }

    /// Two notes in the trash with the id a note in the vault holds: the first one back
    /// takes a new id, and must not be named as the id's holder when the second comes back.
    @Test func aRestoredNoteThatTookANewIDNoLongerHoldsItsOldOne() throws {
        let directory = try TemporaryVault()
        for name in ["A", "Holder"] { try directory.write("\(name).md", "---\nid: shared\n---\n# \(name)\n") }
        let holders = NoteIDHolders(vault: directory.vault)
        let given = try Trash(vault: directory.vault).giveNewIDIfTaken("A.md", holders: holders)
        #expect(given?.holder == "Holder.md")
        #expect(try holders.holder(of: "shared", besides: "Holder.md") == nil)
        let newID = try #require(try directory.vault.scan().notes.first { $0.path == "A.md" }?.id)
        #expect(newID != "shared")
        #expect(try holders.holder(of: newID, besides: "B.md") == "A.md")
    }

    /// A trash record is read line by line on LF alone: U+2028 (or U+2029, U+0085) in a
    /// note's name cut its `Path=` short, and the note came back as `Plan`, no `.md`.
    /// (A form feed or a vertical tab is a control character, refused in a recorded path.)
    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
    func aNameWithAnUnusualLineBreakComesBackWhole(separator: String) throws {
        let vault = try TemporaryVault()
        let path = "Work/Plan\(separator)B.md"
        try vault.write(path, "# Plan\n")
        let trash = Trash(vault: vault.vault)
        let name = try trash.delete(note(vault, path))
        #expect(trash.recordedPath(of: name) == path)
        #expect(try trash.restore(trash.resolve(name, in: trash.items())).path == path)
    }

    func note(_ vault: TemporaryVault, _ path: String) throws -> Note {
        try #require(try vault.vault.scan().notes.first { $0.path == path })
    }

    @Test func removeThenRestoreLeavesTheVaultIdentical() throws {
        let vault = try makeVault()
        let before = try snapshot(vault)
        let trash = Trash(vault: vault.vault)
        #expect(try trash.delete(note(vault, "Work/Plan.md")) == "Plan.md")
        #expect(try trash.delete(note(vault, "Home/Plan.md")) == "Plan 2.md")
        try trash.delete(note(vault, "Root.md"))
        #expect(try vault.vault.scan().notes.map(\.path) == ["Work/Projects/Roadmap.md"])
        #expect(trash.count() == 3)
        for name in ["Work/Plan", "Home/Plan.md", "Root"] {
            let restored = try trash.restore(trash.resolve(name, in: trash.items()))
            #expect(!restored.renamed, "\(restored.path)")
        }
        #expect(try snapshot(vault) == before)
        #expect(trash.count() == 0)
    }

    @Test func restoreRecreatesADeletedFolderAndAvoidsATakenName() throws {
        let vault = try makeVault()
        let before = try snapshot(vault)
        let trash = Trash(vault: vault.vault)
        try trash.delete(note(vault, "Work/Projects/Roadmap.md"))
        try FileManager.default.removeItem(atPath: vault.path + "/Work/Projects")
        try trash.delete(note(vault, "Work/Plan.md"))
        try vault.write("Work/Plan.md", "# a new plan\n")
        let restored = try trash.restore(trash.resolve("Roadmap", in: trash.items()))
        #expect(restored.path == "Work/Projects/Roadmap.md" && !restored.renamed)
        let plan = try trash.restore(trash.resolve("Work/Plan.md", in: trash.items()))
        #expect(plan.path == "Work/Plan 2.md" && plan.renamed)
        var expected = before
        expected["Work/Plan 2.md"] = before["Work/Plan.md"]
        expected["Work/Plan.md"] = "# a new plan\n"
        #expect(try snapshot(vault) == expected)
    }

    @Test func purgeKeepsTwentyNineDaysAndRemovesThirtyOne() throws {
        let vault = try makeVault()
        let now = Date()
        var past = vault.vault
        past.now = { now.addingTimeInterval(-29 * 86_400) }
        try Trash(vault: past).delete(note(vault, "Work/Plan.md"))
        past.now = { now.addingTimeInterval(-31 * 86_400) }
        try Trash(vault: past).delete(note(vault, "Home/Plan.md"))
        var today = vault.vault
        today.now = { now }
        let purged = Trash(vault: today).purge()
        #expect(purged == ["Plan 2.md"])
        #expect(Trash(vault: today).items().map(\.name) == ["Plan.md"])
        #expect(Trash(vault: today).items().first?.daysLeft(now: now, trashDays: 30) == 1)
    }

    @Test func aForeignFileCountsFromWhenVaultFirstSawIt() throws {
        let vault = try makeVault()
        try vault.write(".trash/From Obsidian.md", "# old\n")
        let seen = Date()
        var first = vault.vault
        first.now = { seen }
        #expect(Trash(vault: first).purge().isEmpty)
        #expect(vault.read(".trash/From Obsidian.md.trashinfo").contains("DeletionDate="))
        var later = vault.vault
        later.now = { seen.addingTimeInterval(29 * 86_400) }
        #expect(Trash(vault: later).purge().isEmpty)
        later.now = { seen.addingTimeInterval(31 * 86_400) }
        #expect(Trash(vault: later).purge() == ["From Obsidian.md"])
        #expect(!FileManager.default.fileExists(atPath: vault.path + "/.trash/From Obsidian.md"))
    }

    @Test func trashedNotesAppearNowhereElse() throws {
        let vault = try makeVault()
        try Trash(vault: vault.vault).delete(note(vault, "Work/Projects/Roadmap.md"))
        let index = VaultIndex(try vault.vault.scan())
        #expect(index.tags.isEmpty)
        #expect(index.notes.count == 3)
        #expect(index.folders.first { $0.name == "Work" }?.count == 1)
    }
}

@Suite struct FolderRulesTests {
    @Test(arguments: [
        ("A/B/C", "invalid folder name 'A/B/C': folders nest one level deep (Folder/Subfolder)"),
        (".x", "invalid folder name '.x': a name cannot start with '.'"),
        ("..", "invalid folder name '..': '..' and paths outside the vault are not folder names"),
        ("../x", "invalid folder name '../x': '..' and paths outside the vault are not folder names"),
        ("  ", "invalid folder name '  ': a name cannot be empty"),
        ("work", "invalid folder name 'work': 'Work' already exists"),
        // The way out is a suggestion each front end words its own way.
        ("Missing/Sub", "folder 'Missing' does not exist"),
    ])
    func refusesBadNames(name: String, message: String) throws {
        let vault = try TemporaryVault()
        try FileManager.default.createDirectory(atPath: vault.path + "/Work", withIntermediateDirectories: true)
        do {
            _ = try FolderRules(root: vault.root).create(name)
            Issue.record("created \(name)")
        } catch {
            #expect(error.errorDescription == message)
            #expect(error.suggestion == (name == "Missing/Sub" ? .createFolder("Missing") : nil))
        }
    }

    @Test func createsRenamesAndCarriesTheColour() throws {
        let vault = try TemporaryVault()
        let rules = FolderRules(root: vault.root)
        #expect(try rules.create("Work") == "Work")
        #expect(try rules.create("Work/Projects") == "Work/Projects")
        try ConfigEditor(root: vault.root).setColor("yellow", of: "Work", kind: .folders)
        #expect(try rules.rename("Work", to: "Job") == "Job")
        #expect(VaultConfig.load(from: vault.root).color(ofFolder: "Job") == "yellow")
        #expect(FileManager.default.fileExists(atPath: vault.path + "/Job/Projects"))
        #expect(throws: VaultError.self) { try rules.rename("Job", to: "Other/Job") }
        #expect(try rules.rename("Job", to: "job") == "job")
    }
}
