import Foundation
import Testing
@testable import VaultKit

@Suite struct TagOperationsTests {
    /// A small generated vault: block, flow and string tag styles, some notes without ids.
    func makeVault(count: Int = 60) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        let pool = ["a", "b", "c", "work", "project/x", "Home"]
        for index in 0..<count {
            let tags = (0..<(index % 4)).map { pool[(index * 7 + $0 * 3) % pool.count] }
            let unique = tags.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let list: String
            switch index % 3 {
            case 0: list = "tags: [" + unique.joined(separator: ", ") + "]"
            case 1: list = unique.isEmpty ? "tags: []" : "tags:\n" + unique.map { "  - \($0)" }.joined(separator: "\n")
            // One string is one tag (a string with a comma is none, as Obsidian reads it).
            default: list = unique.count == 1 ? "tags: " + unique[0] : "tags: [" + unique.joined(separator: ",") + "]"
            }
            let id = index % 5 == 0 ? "" : "id: note-\(index)\n"
            try vault.write("F\(index % 3)/n\(index).md", "---\n\(id)\(list)\nmodified: 2026-01-01T00:00:00+00:00\n---\n# Note \(index)\n")
        }
        return vault
    }

    func tagSets(_ vault: TemporaryVault) throws -> [String: Set<String>] {
        var uncached = vault.vault
        uncached.usesCache = false
        let notes = try uncached.scan().notes
        return Dictionary(uniqueKeysWithValues: notes.map { note in (note.id ?? note.path, Set(note.tags.map(TagName.key))) })
    }

    func files(_ vault: TemporaryVault) throws -> [String: String] {
        var result: [String: String] = [:]
        for folder in ["F0", "F1", "F2", "G"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: vault.path + "/" + folder)) ?? [] {
                result[folder + "/" + name] = vault.read(folder + "/" + name)
            }
        }
        return result
    }

    func operations(_ vault: TemporaryVault) throws -> TagOperations {
        TagOperations(vault: vault.vault, notes: try vault.vault.scan().notes)
    }

    @Test func mergeThenSplitRestoresEveryNote() throws {
        let vault = try makeVault()
        let before = try files(vault)
        let merge = try operations(vault).merge(["a", "b"], into: "c")
        #expect(!merge.changed.isEmpty)
        for (path, text) in try files(vault) {
            #expect(!text.contains("  - a\n") && !text.contains("[a"), "\(path)")
        }
        let split = try operations(vault).split(try #require(merge.recordID))
        #expect(split.changed.count == merge.changed.count)
        let after = try files(vault)
        for (path, text) in before {
            let restored = try #require(after[path])
            if text.contains("id: ") {
                #expect(restored == text, "\(path)")
            } else {
                // An id was added in the merge's write; everything else is as it was.
                #expect(restored.replacingOccurrences(of: #"id: [0-9a-f-]+\n"#, with: "", options: .regularExpression) == text, "\(path)")
            }
        }
        #expect(throws: VaultError.self) { try operations(vault).split(try #require(merge.recordID)) }
    }

    @Test func aRenameThatFailedOnANoteIsCompletedByRunningItAgain() throws {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\ntags: [health]\n---\nA\n")
        try vault.write("b.md", "---\ntags: [health/run]\n---\nB\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: vault.path + "/b.md")
        let first = try operations(vault).rename("health", to: "wellbeing")
        #expect(first.changed == ["a.md"])
        #expect(first.failed.count == 1)
        #expect(TagHistory(vault: vault.vault).records().last?.record.state == .started, "history shows it unfinished")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: vault.path + "/b.md")
        let again = try operations(vault).rename("health", to: "wellbeing")
        #expect(again.changed == ["b.md"])
        #expect(again.recordID == first.recordID, "the same operation, completed")
        #expect(vault.read("b.md").contains("tags: [wellbeing/run]"))
        #expect(TagHistory(vault: vault.vault).records().map(\.record.state) == [.done])
    }

    @Test func aSplitPutsBackTheTagsAsWritten() throws {
        let vault = try TemporaryVault()
        let notes = [
            "a.md": "---\nid: n-a\ntags: [\"#book\", \"home\", x]   # mine\n---\nA\n",
            "b.md": "---\nid: n-b\ntags:\n  - \"home\"   # the house\n  - work  # the job\n  - '#book'\n---\nB\n",
            "c.md": "---\ntags: [ home, book ]\n---\nC\n",
            "d.md": "---\nid: n-d\ntags: \"#book\"\n---\nD\n",
        ]
        for (path, text) in notes { try vault.write(path, text) }
        let merge = try operations(vault).merge(["book", "home"], into: "reading")
        #expect(merge.changed.count == 4)
        #expect(vault.read("b.md").contains("reading"))
        _ = try operations(vault).split(try #require(merge.recordID))
        for (path, text) in notes {
            // The only difference a split leaves is the id line the merge added.
            let restored = vault.read(path).replacingOccurrences(of: #"id: [0-9a-f-]+\n"#, with: "", options: .regularExpression)
            #expect(restored == text, "\(path)")
        }
    }

    @Test func splitFindsMovedNotesAndFollowsARenameOfTheTarget() throws {
        let vault = try makeVault()
        let original = try tagSets(vault)
        let merge = try operations(vault).merge(["a"], into: "c")
        // Between merge and split: notes move and the target is renamed.
        try FileManager.default.createDirectory(atPath: vault.path + "/G", withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: vault.path + "/F1") {
            try FileManager.default.moveItem(atPath: vault.path + "/F1/" + name, toPath: vault.path + "/G/renamed-" + name)
        }
        _ = try operations(vault).rename("c", to: "see")
        _ = try operations(vault).split(try #require(merge.recordID))
        let after = try tagSets(vault)
        for (id, tags) in original where !id.hasPrefix("F") {
            let expected = Set(tags.map { $0 == "c" ? "see" : $0 })
            #expect(after[id] == expected, "\(id)")
        }
    }

    @Test func splitReportsDeletedNotes() throws {
        let vault = try makeVault(count: 12)
        let merge = try operations(vault).merge(["a"], into: "c")
        let victim = try #require(merge.changed.first)
        try FileManager.default.removeItem(atPath: vault.path + "/" + victim)
        let split = try operations(vault).split(try #require(merge.recordID))
        #expect(split.missing.map(\.path) == [victim])
    }

    @Test func renameNeedsMergeOntoAnExistingTagAndHandlesCase() throws {
        let vault = try makeVault(count: 12)
        #expect(throws: VaultError.self) { try operations(vault).rename("a", to: "work") }
        _ = try operations(vault).rename("Home", to: "home")
        #expect(try tagSets(vault).values.contains { $0.contains("home") })
        #expect(try files(vault).values.allSatisfy { !$0.contains("Home") })
        _ = try operations(vault).rename("project", to: "proj")
        #expect(try files(vault).values.contains { $0.contains("proj/x") })
    }

    @Test func aRenameTakesTheColoursOfTheTagAndItsDescendants() throws {
        let vault = try makeVault(count: 12)
        let config = "# colours by hand\ncolors:\n  tags: { project: red, project/x: orange, Home: green, projects: blue }\n  folders: { F0: yellow }\n"
        try vault.write(".vault/config.yaml", config)
        _ = try operations(vault).rename("project", to: "proj", dryRun: true)
        #expect(vault.read(".vault/config.yaml") == config, "a dry run changes nothing")
        _ = try operations(vault).rename("project", to: "proj")
        #expect(vault.read(".vault/config.yaml") == config.replacingOccurrences(of: "project: red, project/x:", with: "proj: red, proj/x:"))
        _ = try operations(vault).rename("home", to: "Household")
        #expect(vault.read(".vault/config.yaml").contains("Household: green, projects: blue"))
        #expect(VaultConfig.load(from: vault.root).color(ofTag: "proj/x") == "orange")
    }

    @Test func anInterruptedMergeIsCompletedByRunningItAgain() throws {
        let vault = try makeVault()
        let all = try vault.vault.scan().notes
        // Simulate a crash: the record was written and only the first few notes changed.
        var partial = TagOperations(vault: vault.vault, notes: Array(all.filter { $0.tags.contains("a") }.prefix(3)))
        partial.progress = nil
        let first = try partial.merge(["a"], into: "c")
        let history = TagHistory(vault: vault.vault)
        var (file, record) = try history.record(try #require(first.recordID))
        record.state = .started
        try history.write(record, to: file)
        let second = try operations(vault).merge(["a"], into: "c")
        #expect(second.recordID == first.recordID)
        #expect(try tagSets(vault).values.allSatisfy { !$0.contains("a") })
        let finished = try history.record(try #require(first.recordID)).record
        #expect(finished.state == .done)
        #expect(finished.notes.count == Set(finished.notes.map(\.path)).count)
        #expect(finished.notes.count == all.filter { $0.tags.contains("a") }.count)
    }

    @Test func anEditorSavingMidMergeKeepsItsText() throws {
        let vault = try makeVault(count: 12)
        let target = try #require(try vault.vault.scan().notes.first { $0.tags.contains("a") })
        var hooked = vault.vault
        let directory = vault.path
        let saved = Counter()
        hooked.afterRead = { path in
            guard path == target.path, saved.next() == 0 else { return }
            let url = URL(fileURLWithPath: directory + "/" + path)
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            try? (text + "typed while merging\n").write(to: url, atomically: false, encoding: .utf8)
        }
        _ = try TagOperations(vault: hooked, notes: try hooked.scan().notes).merge(["a"], into: "c")
        let text = vault.read(target.path)
        #expect(text.hasSuffix("typed while merging\n"))
        #expect(try tagSets(vault)[target.id ?? target.path]?.contains("c") == true)
    }

    @Test func dryRunWritesNothing() throws {
        let vault = try makeVault(count: 12)
        let before = try files(vault)
        let report = try operations(vault).merge(["a"], into: "c", dryRun: true)
        #expect(!report.changed.isEmpty)
        #expect(try files(vault) == before)
        #expect(TagHistory(vault: vault.vault).records().isEmpty)
    }

    /// A merge carries the sources' subtags, as a rename does: `a/x` becomes `c/x`.
    @Test func aMergeCarriesSubtags() throws {
        let vault = try TemporaryVault()
        try vault.write("G/n1.md", "---\nid: n1\ntags: [a/x, other]\n---\nA\n")
        try vault.write("G/n2.md", "---\nid: n2\ntags:\n  - b/y/z\n  - c/x\n---\nB\n")
        try vault.write("G/n3.md", "---\nid: n3\ntags: [a]\n---\nC\n")
        let before = try files(vault)
        let merge = try operations(vault).merge(["a", "b"], into: "c")
        #expect(Set(merge.changed) == ["G/n1.md", "G/n2.md", "G/n3.md"])
        #expect(vault.read("G/n1.md") == "---\nid: n1\ntags: [c/x, other]\n---\nA\n")
        #expect(vault.read("G/n2.md") == "---\nid: n2\ntags:\n  - c/y/z\n  - c/x\n---\nB\n")
        #expect(vault.read("G/n3.md") == "---\nid: n3\ntags: [c]\n---\nC\n")
        _ = try operations(vault).split(try #require(merge.recordID))
        #expect(try files(vault) == before)
    }

    // MARK: - Inline tags

    @Test func aRenameRewritesInlineTagsWhereTheyStand() throws {
        let vault = try TemporaryVault()
        let body = "Plan #a and #a/x, not `#a` or [[N#a]]\n- [ ] call #A\n#ab stays\n"
        try vault.write("G/n.md", "---\nid: n\ntags: [a]\n---\n" + body)
        try vault.write("G/m.md", "only #a/y here\n")
        let report = try operations(vault).rename("a", to: "b")
        #expect(Set(report.changed) == ["G/n.md", "G/m.md"])
        #expect(vault.read("G/n.md") == "---\nid: n\ntags: [b]\n---\nPlan #b and #b/x, not `#a` or [[N#a]]\n- [ ] call #b\n#ab stays\n")
        #expect(vault.read("G/m.md").hasSuffix("only #b/y here\n"))
    }

    @Test func aMergeOfInlineTagsIsSplitBackByteForByte() throws {
        let vault = try TemporaryVault()
        let notes = [
            "G/n1.md": "---\nid: n1\ntags: [a]\n---\n#c first, then #a and #B/y\n",
            "G/n2.md": "---\nid: n2\n---\nno list, just #b here\n",
            "G/n3.md": "---\nid: n3\ntags: [other]\n---\n#a/x\n",
        ]
        for (path, text) in notes { try vault.write(path, text) }
        let merge = try operations(vault).merge(["a", "b"], into: "c")
        #expect(Set(merge.changed) == Set(notes.keys))
        #expect(vault.read("G/n1.md") == "---\nid: n1\ntags: [c]\n---\n#c first, then #c and #c/y\n")
        #expect(vault.read("G/n2.md") == "---\nid: n2\n---\nno list, just #c here\n")
        #expect(vault.read("G/n3.md") == "---\nid: n3\ntags: [other]\n---\n#c/x\n")
        _ = try operations(vault).split(try #require(merge.recordID))
        for (path, text) in notes { #expect(vault.read(path) == text, "\(path)") }
    }

    @Test func removeTakesTheInlineTagAndOneSpace() throws {
        let vault = try TemporaryVault()
        try vault.write("G/n.md", "x #a y\n#a first\nlast #a\n#a #a\nkeep #a/x\n")
        let ops = try operations(vault)
        _ = try ops.remove(["a"], from: ops.notes)
        #expect(vault.read("G/n.md") == "x y\nfirst\nlast\n\nkeep #a/x\n")
    }

    @Test func addWritesTheFrontMatterAndSkipsANoteTaggedInline() throws {
        let vault = try TemporaryVault()
        try vault.write("G/n.md", "text #a\n")
        let ops = try operations(vault)
        #expect(try ops.add(["a"], to: ops.notes).changed.isEmpty, "already tagged inline")
        _ = try ops.add(["b"], to: ops.notes)
        #expect(vault.read("G/n.md") == "---\ntags: [b]\n---\ntext #a\n")
    }

    @Test func withInlineTagsOffBodiesAreLeftAlone() throws {
        let vault = try TemporaryVault()
        try vault.write(".vault/config.yaml", "tags: {inline: false}\n")
        try vault.write("G/n.md", "---\ntags: [a]\n---\ntext #a\n")
        _ = try operations(vault).rename("a", to: "b")
        let text = vault.read("G/n.md")
        #expect(text.hasPrefix("---\ntags: [b]\n") && text.hasSuffix("---\ntext #a\n"), "\(text)")
    }

    /// A new name an inline tag cannot hold (`#v1.0` reads as `v1`) leaves that note as it
    /// is, with why; a note tagged in its front matter only is renamed.
    @Test func aRenameToANameNoInlineTagCanHoldLeavesThatNote() throws {
        let vault = try TemporaryVault()
        try vault.write("Inline.md", "text #work here\n")
        try vault.write("Front.md", "---\ntags: [work]\n---\ntext\n")
        let report = try operations(vault).rename("work", to: "v1.0")
        #expect(report.changed == ["Front.md"])
        #expect(report.failed.count == 1)
        #expect(report.failed.first.map { "\($0.errorDescription ?? "")" }?.contains("Inline.md") == true, "\(report.failed)")
        #expect(vault.read("Inline.md") == "text #work here\n")
        #expect(vault.read("Front.md").hasPrefix("---\ntags: [v1.0]\n"))
    }
}
