import Foundation
import Testing

/// docs/folders-and-trash.md through the command line: the main page's counts stay right through
/// a session of create, move, delete, restore and purge.
@Suite("Trash and folders")
struct TrashAndFoldersTests {
    func counts(_ vault: TestVault) throws -> [String: Int] {
        let page = try vault.run("--format", "json").jsonObject()
        var result: [String: Int] = [:]
        for key in ["notes", "pinned", "unsorted", "trash"] { result[key] = page[key] as? Int }
        for folder in page["folders"] as? [[String: Any]] ?? [] {
            result["folder " + ((folder["path"] as? String) ?? "")] = folder["count"] as? Int
            for child in folder["children"] as? [[String: Any]] ?? [] {
                result["folder " + ((child["path"] as? String) ?? "")] = child["count"] as? Int
            }
        }
        return result
    }

    /// A folder that is not there is not there: deleting it suggests no `folder create`.
    /// A `kill -9` in the middle of a delete leaves the trash record's temporary file in
    /// `.trash/`; it stayed there for good (the scan removes leftovers beside notes only).
    /// The next write removes those of writers long gone, and keeps a live writer's.
    @Test func aKilledDeleteLeavesNoTemporaryFileInTheTrash() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("rm", "Groceries").status == 0)
        let gone = ".trash/.Ideas.md.trashinfo.vault-2147483646-7.tmp"
        let live = ".trash/.Other.md.trashinfo.vault-\(getpid())-1.tmp"
        try vault.write(gone, "[Trash Info]\n")
        try vault.write(live, "[Trash Info]\n")
        #expect(try vault.run("pin", "Roadmap").status == 0)
        #expect(!vault.exists(gone))
        #expect(vault.exists(live))
    }

    @Test func deletingAMissingFolderSuggestsNothing() throws {
        let vault = try TestVault.example()
        let result = try vault.run("folder", "delete", "Nope")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("vault: error: ") && result.stderr.contains("Nope"), "\(result)")
        #expect(!result.stderr.contains("create"), "\(result)")
    }

    @Test("a scripted session keeps every count right, and rm then restore is byte-identical")
    func scriptedSession() throws {
        let vault = try TestVault.example()
        let original = try vault.snapshot()
        var expected = try counts(vault)
        #expect(expected["notes"] == 47 && expected["pinned"] == 6 && expected["unsorted"] == 7 && expected["trash"] == 0)

        #expect(try vault.run("new", "Scratch", "--pin", stdin: Data("text\n".utf8)).status == 0)
        expected["notes"]! += 1; expected["pinned"]! += 1; expected["unsorted"]! += 1
        #expect(try counts(vault) == expected)

        #expect(try vault.run("mv", "Scratch", "Reading").status == 0)
        expected["unsorted"]! -= 1; expected["folder Reading"]! += 1
        #expect(try counts(vault) == expected)

        // A folder with a subfolder and a pinned note goes to the trash.
        let delete = try vault.run("folder", "delete", "Work", "--yes")
        #expect(delete.status == 0, "\(delete)")
        #expect(!vault.exists("Work"))
        let work = expected["folder Work"]!
        expected["notes"]! -= work; expected["trash"]! += work; expected["pinned"]! -= 3
        expected["folder Work"] = nil; expected["folder Work/Meetings"] = nil; expected["folder Work/Projects"] = nil
        #expect(try counts(vault) == expected)

        // Restored one by one, each to its own place.
        let trash = try vault.run("trash", "list", "--format", "json").jsonObjects()
        let originals = trash.compactMap { $0["originalPath"] as? String }.filter { $0.hasPrefix("Work/") }
        #expect(originals.count == work)
        for path in originals {
            let restore = try vault.run("trash", "restore", path)
            #expect(restore.status == 0, "\(restore)")
            #expect(restore.stdout == "restored \(path)\n")
        }
        #expect(try vault.run("rm", "Scratch").status == 0)
        #expect(try vault.run("trash", "empty", "--yes").stdout == "deleted 1 note(s) for good\n")

        // Everything is back as it was, byte for byte (vault's own files aside).
        let differences = try vault.snapshot().differences(from: original).filter { !$0.contains(".vault/") && !$0.contains(".trash") }
        #expect(differences.isEmpty, "\(differences)")
        #expect(try counts(vault)["trash"] == 0)
    }

    @Test("two notes of the same name from different folders are both kept in the trash")
    func sameNameInTheTrash() throws {
        let vault = try TestVault()
        try vault.write("A/Plan.md", "# Plan A\n")
        try vault.write("B/Plan.md", "# Plan B\n")
        let before = try vault.snapshot()
        #expect(try vault.run("rm", "A/Plan", "B/Plan").status == 0)
        #expect(vault.exists(".trash/Plan.md") && vault.exists(".trash/Plan 2.md"))
        #expect(try vault.run("trash", "restore", "B/Plan", "A/Plan.md").status == 0)
        let differences = try vault.snapshot().differences(from: before).filter { !$0.contains(".vault/") && !$0.contains(".trash") }
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test("one note deleted twice: the trash tells the two apart, and the names it gives restore each")
    func oneNoteDeletedTwice() throws {
        let vault = try TestVault()
        try vault.write("Plan.md", "# Plan\n\nfirst\n")
        #expect(try vault.run("rm", "Plan").status == 0)
        try vault.write("Plan.md", "# Plan\n\nsecond\n")
        #expect(try vault.run("rm", "Plan").status == 0)
        let list = try vault.run("trash", "list", "--color", "never")
        #expect(list.stdoutLines.map { $0.replacingOccurrences(of: #"deleted .* ·"#, with: "deleted … ·", options: .regularExpression) }.sorted()
                == ["Plan  · Plan.md (as .trash/Plan 2.md) · deleted … · 30 days left", "Plan  · Plan.md · deleted … · 30 days left"], "\(list)")
        let ambiguous = try vault.run("trash", "restore", "Plan")
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr == "vault: error: 'Plan' matches 2 notes: .trash/Plan 2.md, .trash/Plan.md\n")
        let restored = try vault.run("trash", "restore", ".trash/Plan 2.md")
        #expect(restored.status == 0, "\(restored)")
        #expect(try vault.text("Plan.md") == "# Plan\n\nsecond\n")
        let missing = try vault.run("trash", "restore", ".trash/Plan 3")
        #expect(missing.stderr == "vault: error: no note in the trash matches '.trash/Plan 3'\n")
        #expect(try vault.run("trash", "restore", ".trash/Plan").stdout == "restored Plan 2.md (Plan.md is taken, so under a new name)\n")
        #expect(try vault.text("Plan 2.md") == "# Plan\n\nfirst\n")
    }

    @Test("folder rules: nesting, names and case-insensitive duplicates are refused")
    func folderRules() throws {
        let vault = try TestVault()
        #expect(try vault.run("folder", "create", "Work").status == 0)
        for name in ["Work/A/B", ".hidden", "..", "work", ""] {
            let result = try vault.run("folder", "create", name)
            #expect(result.status == 2, "\(name): \(result)")
            #expect(result.stderr.hasPrefix("vault: error: invalid folder name"), "\(name): \(result)")
        }
        #expect(try vault.run("folder", "create", "Work/Sub").status == 0)
        #expect(try vault.run("folder", "color", "Work", "teal").status == 0)
        #expect(try vault.run("folder", "rename", "Work", "Job").stdout == "Work → Job\n")
        #expect(try vault.text(".vault/config.yaml").contains("Job: teal"))
    }

    @Test("trash empty without --yes and without a terminal refuses")
    func emptyNeedsConfirmation() throws {
        let vault = try TestVault()
        try vault.write("a.md", "# a\n")
        #expect(try vault.run("rm", "a").status == 0)
        let result = try vault.run("trash", "empty")
        #expect(result.status == 2)
        #expect(vault.exists(".trash/a.md"))
    }
}
