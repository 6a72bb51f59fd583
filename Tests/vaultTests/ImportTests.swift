import Foundation
import Testing

/// `vault import` on the real exports of `../shared/import-fixtures` (docs/import.md): every
/// note accounted for, one recorded operation that undoes byte for byte, nothing twice.
@Suite("import", .enabled(if: ImportFixtures.available, "the import fixtures are not beside the project (../shared/import-fixtures)"))
struct ImportTests {
    private func evernote(_ name: String) -> String { ImportFixtures.path("evernote/" + name) }

    /// The file without its `id:` line (a new UUID each time).
    private func withoutID(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("id: ") }.joined(separator: "\n")
    }

    private func withoutHistory(_ differences: [String]) -> [String] {
        differences.filter { !$0.hasPrefix("added: .vault/history") }
    }

    /// Runs `arguments` (an import) again, expecting `firstLine`, then undoes the first
    /// import (`json`'s record) and expects the vault as it was `before`.
    private func againAddsNothingAndUndoIsExact(_ vault: TestVault, _ arguments: [String], firstLine: String,
                                                 json: [String: Any], before: Snapshot) throws {
        let again = try vault.run(arguments: arguments)
        #expect(again.stdoutLines.first == firstLine, "\(again)")
        let id = try #require(json["recordID"] as? String)
        let undo = try vault.run("undo", id)
        #expect(undo.status == 0, "\(undo)")
        #expect(withoutHistory(try vault.snapshot().differences(from: before)) == [])
    }

    @Test func aNotebookBecomesAFolderWithDatesTagsAndLinks() throws {
        let vault = try TestVault()
        let result = try vault.run("import", "enex", evernote("test-links.enex"), evernote("test-noteWithTags.enex"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first == "enex: read 3, wrote 3, skipped 0", "\(result)")
        #expect(withoutID(try vault.text("test-links/NoteB.md")) == """
            ---
            created: 2020-05-28T14:14:04+00:00
            modified: 2020-05-28T14:14:42+00:00
            sortDate: 2020-05-28T14:14:04+00:00
            author: akos
            source: test-links.enex/NoteB/20200528T141404Z
            ---
            This is the content of NoteB, and a reference to\u{A0}[[NoteA]]

            """)
        // The file's time is the note's modified date, to the second.
        #expect(try vault.modificationTime("test-links/NoteB.md").seconds == 1_590_675_282)
        let tagged = try vault.text("test-noteWithTags/test -note with text only.md")
        #expect(tagged.contains("\ntags: [tag1, tag2]\n"), "\(tagged)")
        let links = try vault.run("links", "NoteB")
        #expect(links.stdout.contains("test-links/NoteA.md"), "\(links)")
        #expect(try vault.run("check").status == 0)
    }

    @Test func attachmentsArePlacedByTheirHashAndLinked() throws {
        let vault = try TestVault()
        let result = try vault.run("import", "enex", evernote("test-pdfAttachment.enex"), evernote("test-image-dataUrl.enex"), "--format", "json")
        #expect(result.status == 0, "\(result)")
        let json = try result.jsonObject()
        #expect(json["read"] as? Int == 2)
        #expect(json["written"] as? Int == 2)
        #expect(json["attachmentsWritten"] as? Int == 6)
        #expect(try vault.names(in: "attachments") == ["image 2.svg", "image 3.svg", "image.png", "image.svg", "photo.png", "sample.pdf"])
        #expect(try vault.text("test-pdfAttachment/pdfAttachment.md").hasSuffix("---\nNote with PDF attachment\n\n[[sample.pdf]]\n"))
        // The PDF's bytes are the resource's, whose MD5 the note named.
        #expect(Array(try vault.bytes("attachments/sample.pdf").prefix(5)) == Array("%PDF-".utf8))
        let check = try vault.run("check")
        #expect(check.status == 0, "\(check)")
    }

    @Test func anAttachmentOrNoteGivenAnotherNameIsLinkedByIt() throws {
        let vault = try TestVault()
        try vault.createDirectory("attachments")
        try vault.write("attachments/sample.pdf", "another file of that name")
        try vault.createDirectory("test-links")
        try vault.write("test-links/NoteA.md", "# Mine\n\nlinks [[sample.pdf]]\n")
        let result = try vault.run("import", "enex", evernote("test-pdfAttachment.enex"), evernote("test-links.enex"), "--format", "json")
        #expect(result.status == 0, "\(result)")
        #expect(try result.jsonObject()["linksRewritten"] as? Int == 2)
        #expect(try vault.text("test-pdfAttachment/pdfAttachment.md").hasSuffix("---\nNote with PDF attachment\n\n[[sample 2.pdf]]\n"))
        #expect(try vault.text("attachments/sample.pdf") == "another file of that name")
        let noteB = try vault.text("test-links/NoteB.md")
        #expect(noteB.hasSuffix("reference to\u{A0}[[NoteA 2]]\n"), "\(noteB)")
        #expect(try vault.text("test-links/NoteA 2.md").contains("\ntitle: NoteA\n"))
    }

    @Test func everyEvernoteFixtureIsAccountedForAndChecksClean() throws {
        let vault = try TestVault()
        let files = try FileManager.default.contentsOfDirectory(atPath: ImportFixtures.path("evernote"))
            .filter { $0.hasSuffix(".enex") }.sorted().map(evernote)
        let result = try vault.run(arguments: ["import", "enex"] + files + ["--format", "json"])
        #expect(result.status == 0, "\(result)")
        let json = try result.jsonObject()
        let read = try #require(json["read"] as? Int)
        let written = try #require(json["written"] as? Int)
        let skipped = try #require(json["skipped"] as? Int)
        #expect(read == written + skipped)
        #expect(read == 59)
        let check = try vault.run("check")
        #expect(check.status == 0, "\(check)")
        // Before 1970; a title a file name cannot hold; two notes of one title.
        #expect(try vault.text("test-old-note/Untitled.md").contains("\ncreated: 1969-10-06T08:44:13+00:00\n"))
        #expect(try vault.text("charmapNotebookTest/charmap@ globalRegex@.md").contains("\ntitle: charmap|#^@ globalRegex[@][#]\n"))
        #expect(try vault.names(in: "two-untitled-notes-with-toc") == ["Table of Contents.md", "Untitled Note 2.md", "Untitled Note.md"])
        #expect(try vault.text("test-checkboxes/checkboxes.md").hasSuffix("---\n- [ ] Checkbox not completed\n- [x] Checkbox done\n"))
        #expect(try vault.text("test-invalid-tags/invalid-tags.md").contains("\ntags: [tagPt1@+`\"'\\_tagPt2éáűőőúöüóí]\n"), "quotes, backslash and accents are kept")
    }

    @Test func importingAgainAddsNothingAndUndoIsByteExact() throws {
        let vault = try TestVault()
        try vault.write("Mine.md", "# Mine\n")
        let before = try vault.snapshot()
        let first = try vault.run("import", "enex", evernote("test-links.enex"), evernote("test-pdfAttachment.enex"), "--format", "json")
        #expect(first.status == 0, "\(first)")
        let id = try #require(try first.jsonObject()["recordID"] as? String)
        let afterFirst = try vault.snapshot()
        let again = try vault.run("import", "enex", evernote("test-links.enex"), evernote("test-pdfAttachment.enex"))
        #expect(again.status == 0, "\(again)")
        #expect(again.stdoutLines.first == "enex: read 3, wrote 0, 3 already imported, skipped 0", "\(again)")
        #expect(try vault.snapshot().differences(from: afterFirst) == [])
        let undo = try vault.run("undo", id)
        #expect(undo.status == 0, "\(undo)")
        #expect(undo.stdoutLines.last == "undid \(id) (import again to bring it back)", "\(undo)")
        #expect(withoutHistory(try vault.snapshot().differences(from: before)) == [])
    }

    @Test func aFolderOutsideTheVaultIsRefused() throws {
        let vault = try TestVault()
        let before = try vault.snapshot()
        for folder in ["../outside", ".hidden", "A/B"] {
            let result = try vault.run("import", "enex", evernote("test-links.enex"), "--folder", folder)
            #expect(result.status == 2, "\(result)")
        }
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test func aNoteEditedSinceIsLeftByTheUndo() throws {
        let vault = try TestVault()
        let first = try vault.run("import", "enex", evernote("test-links.enex"), "--format", "json")
        let id = try #require(try first.jsonObject()["recordID"] as? String)
        try vault.write("test-links/NoteA.md", "edited\n")
        let undo = try vault.run("undo", id)
        #expect(undo.status != 0, "\(undo)")
        #expect(undo.stderr.contains("test-links/NoteA.md: error: left as it is: it changed since"), "\(undo)")
        #expect(try vault.text("test-links/NoteA.md") == "edited\n")
        #expect(vault.exists("test-links/NoteB.md"))
    }

    @Test func aDryRunWritesNothingAndCountsTheSame() throws {
        let vault = try TestVault()
        let before = try vault.snapshot()
        let dry = try vault.run("import", "enex", evernote("two-untitled-notes-with-toc.enex"), evernote("test-image-dataUrl.enex"), "--dry-run", "--format", "json")
        #expect(dry.status == 0, "\(dry)")
        #expect(try vault.snapshot().differences(from: before) == [])
        let real = try vault.run("import", "enex", evernote("two-untitled-notes-with-toc.enex"), evernote("test-image-dataUrl.enex"), "--format", "json")
        var dryJSON = try dry.jsonObject()
        var realJSON = try real.jsonObject()
        #expect(dryJSON["dryRun"] as? Bool == true)
        #expect(realJSON["recordID"] is String)
        for key in ["dryRun", "recordID"] {
            dryJSON[key] = nil
            realJSON[key] = nil
        }
        #expect(NSDictionary(dictionary: dryJSON) == NSDictionary(dictionary: realJSON))
    }

    @Test func malformedXMLNamesTheFileAndPlaceAndWritesNothing() throws {
        let vault = try TestVault()
        let bad = vault.base.appendingPathComponent("Broken.enex")
        try Data("<?xml version=\"1.0\"?>\n<en-export>\n<note><title>One</title><content><![CDATA[<en-note>x</en-note>]]></content></note>\n<note><title>Two</tilte></note>\n</en-export>\n".utf8).write(to: bad)
        let bomb = vault.base.appendingPathComponent("Bomb.enex")
        try Data("<?xml version=\"1.0\"?>\n<!DOCTYPE en-export [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]>\n<en-export>&b;</en-export>\n".utf8).write(to: bomb)
        let before = try vault.snapshot()
        let result = try vault.run("import", "enex", evernote("test-links.enex"), bad.path)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "Broken.enex:4:17: error: </tilte> does not close <title> (line 4:7)\n", "\(result)")
        let bombed = try vault.run("import", "enex", bomb.path)
        #expect(bombed.status == 2, "\(bombed)")
        #expect(bombed.stderr.contains("Bomb.enex:2:21: error: the document declares its own entities"), "\(bombed)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test func anEncryptedOnlyNoteIsSkippedWithItsReason() throws {
        let vault = try TestVault()
        let export = vault.base.appendingPathComponent("Secret.enex")
        try Data("<?xml version=\"1.0\"?>\n<en-export><note><title>Locked</title><content><![CDATA[<en-note><en-crypt cipher=\"AES\">QUJD</en-crypt></en-note>]]></content><created>20240101T000000Z</created></note></en-export>\n".utf8).write(to: export)
        let result = try vault.run("import", "enex", export.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.prefix(2) == ["enex: read 1, wrote 0, skipped 1", "skipped Locked: encrypted"], "\(result)")
        #expect(!vault.exists("Secret"))
    }

    @Test func bearBackupsWithArchiveTrashTagsAndAssets() throws {
        let vault = try TestVault()
        let before = try vault.snapshot()
        let result = try vault.run("import", "bear", ImportFixtures.path("bear/backup.bear2bk"), ImportFixtures.path("bear/tags.bear2bk"), "--format", "json")
        #expect(result.status == 0, "\(result)")
        let json = try result.jsonObject()
        #expect(json["read"] as? Int == 8)
        #expect(json["written"] as? Int == 7)
        #expect((json["skips"] as? [[String: Any]])?.first?["reason"] as? String == "encrypted")
        #expect(json["attachmentsWritten"] as? Int == 1)
        #expect(try vault.names(in: "") == [".trash", ".vault", "Archived File.md", "File with asset, content, and a tag.md", "File with heading only, no content.md",
                                            "Has no file heading, only content in the body of the file.md", "Tag forms Bear writes.md", "Tags in other scripts.md", "attachments"])
        // Bear did not archive "Archived File" (its info.json says so): it is no archived note.
        #expect(!vault.exists("Archive"))
        #expect(try vault.names(in: ".trash") == ["Trashed file.md", "Trashed file.md.trashinfo"])
        let tagged = try vault.text("File with asset, content, and a tag.md")
        #expect(tagged.contains("\ntags: [Test-Tag]\ncreated: 2023-10-11T05:43:33+00:00\nmodified: 2023-10-11T08:09:57+00:00\n"), "\(tagged)")
        #expect(tagged.hasSuffix("![[acorn.jpeg]]\n"), "\(tagged)")
        #expect(try vault.text("Tags in other scripts.md").contains("\ntags: [中文, 标签/子标签, 仕事, 일정, Ελλάδα, русский]\n"))
        #expect(try vault.modificationTime("File with asset, content, and a tag.md").seconds == 1_697_011_797)
        let check = try vault.run("check")
        #expect(check.status == 0, "\(check)")
        try againAddsNothingAndUndoIsExact(vault, ["import", "bear", ImportFixtures.path("bear/backup.bear2bk"), ImportFixtures.path("bear/tags.bear2bk")],
                                           firstLine: "bear: read 8, wrote 0, 7 already imported, skipped 1", json: json, before: before)
    }

    @Test func keepTakeoutWithLabelsPinsArchiveAndTrash() throws {
        let vault = try TestVault()
        let before = try vault.snapshot()
        let result = try vault.run("import", "keep", ImportFixtures.path("keep"), "--folder", "Keep", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let json = try result.jsonObject()
        #expect(json["read"] as? Int == 14)
        #expect(json["written"] as? Int == 13)
        #expect(json["skipped"] as? Int == 1)
        // The export names five files it does not hold.
        #expect((json["attachmentsMissing"] as? [String])?.count == 5)
        #expect(try vault.names(in: "Keep/Archive") == ["Archived note.md"])
        #expect(try vault.names(in: ".trash") == ["Deleted note.md", "Deleted note.md.trashinfo"])
        let pinned = try vault.text("Keep/Pinned text note.md")
        #expect(withoutID(pinned) == "---\npinned: true\ncreated: 2023-07-27T02:45:09+00:00\nmodified: 2023-08-01T04:42:07+00:00\nsortDate: 2023-07-27T02:45:09+00:00\nsource: Pinned text note.json\n---\nThis note is just a plain simple text note that is pinned.\n", "\(pinned)")
        #expect(try vault.text("Keep/Checklist note.md").contains("\n- [ ] First item\n"))
        try againAddsNothingAndUndoIsExact(vault, ["import", "keep", ImportFixtures.path("keep"), "--folder", "Keep"],
                                           firstLine: "keep: read 14, wrote 0, 13 already imported, skipped 1", json: json, before: before)
    }

    @Test func notionPagesDatabasesAndTheHTMLExportRefused() throws {
        let vault = try TestVault()
        let before = try vault.snapshot()
        let result = try vault.run("import", "notion", ImportFixtures.path("notion/Notion.Test.Export.zip"), "--format", "json")
        #expect(result.status == 0, "\(result)")
        let json = try result.jsonObject()
        #expect(json["read"] as? Int == 278)
        #expect(json["written"] as? Int == 278)
        // Home links database views the export does not hold.
        #expect((json["linksUnresolved"] as? [String])?.count == 4)
        #expect(try vault.names(in: "").filter { !$0.hasPrefix(".") } == ["Getting Started on Mobile", "Getting Started on Mobile.md", "Habit Tracker", "Home",
                                                                            "Home.md", "Journal.md", "Project Planner.md", "Weekly To-do List.md"])
        #expect(try vault.names(in: "Habit Tracker").count == 270)
        #expect(try vault.text("Home.md").contains("\nsource: 2a889dba369b48709ec62508d5020d93\n"))
        try againAddsNothingAndUndoIsExact(vault, ["import", "notion", ImportFixtures.path("notion/Notion.Test.Export.zip")],
                                           firstLine: "notion: read 278, wrote 0, 278 already imported, skipped 0", json: json, before: before)
        let html = try vault.run("import", "notion", ImportFixtures.path("notion/notion-testspace.zip"))
        #expect(html.status == 2, "\(html)")
        #expect(html.stderr.contains("notion-testspace.zip: this is Notion's HTML export"), "\(html)")
        #expect(withoutHistory(try vault.snapshot().differences(from: before)) == [])
    }
}

/// `vault import markdown`: any folder of Markdown, flattened below its first level.
@Suite("import markdown")
struct MarkdownImportTests {
    private func source(_ vault: TestVault) throws -> URL {
        let folder = SourceFolder(url: vault.base.appendingPathComponent("Old vault"))
        let write = folder.write
        try write("Home.md", "---\ntags: [x]   # mine\ncreated: 2020-01-01\n---\n# Home\nSee [[c]], [[b/c]], [[deep]] and ![a picture](assets/pic%20one.png).\n")
        try write("a/top.md", "in a\n")
        try write("a/b/c.md", "I am c, back to [[Home]]\n")
        try write("a/b/links.md", "[c](c.md) and [top](../top.md)\n")
        try write("a/b/c/deep.md", "deep\n")
        try write("assets/pic one.png", "PNG")
        try write(".obsidian/app.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("link.md").path, withDestinationPath: "/etc/hostname")
        return folder.url
    }

    @Test func foldersFlattenLinksResolveFrontMatterIsKept() throws {
        let vault = try TestVault()
        let folder = try source(vault)
        let before = try vault.snapshot()
        let result = try vault.run("import", "markdown", folder.path, "--folder", "Old")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.prefix(2) == ["markdown: read 6, wrote 5, skipped 1", "skipped link.md: unreadable: a symbolic link; links are not followed"], "\(result)")
        #expect(try vault.names(in: "Old") == ["Home.md", "a"])
        #expect(try vault.names(in: "Old/a") == ["b - c - deep.md", "b - c.md", "b - links.md", "top.md"])
        // A Markdown link is a path: to a note flattened, it is the note's vault path.
        #expect(try vault.text("Old/a/b - links.md").hasSuffix("---\n[c](Old/a/b%20-%20c.md) and [top](Old/a/top.md)\n"))
        let home = try vault.text("Old/Home.md")
        #expect(home.hasPrefix("---\ntags: [x]   # mine\ncreated: 2020-01-01\n"), "\(home)")
        #expect(home.contains("\nsource: Home.md\n---\n"), "\(home)")
        #expect(home.hasSuffix("---\n# Home\nSee [[b - c]], [[Old/a/b - c]], [[b - c - deep]] and ![a picture](pic%20one.png).\n"), "\(home)")
        #expect(try vault.text("attachments/pic one.png") == "PNG")
        let check = try vault.run("check")
        #expect(check.status == 0, "\(check)")
        let again = try vault.run("import", "markdown", folder.path, "--folder", "Old")
        #expect(again.stdoutLines.first == "markdown: read 6, wrote 0, 5 already imported, skipped 1", "\(again)")
        let id = try #require(try vault.run("history").stdoutLines.last.map { String($0.prefix(8)) })
        #expect(try vault.run("undo", id).status == 0)
        #expect(try vault.snapshot().differences(from: before).filter { !$0.hasPrefix("added: .vault/history") } == [])
    }

    /// Links written with the source's folders (wiki links, embeds, Markdown links, `%20`
    /// and `<…>` forms, with anchors and shown text) keep finding their notes under
    /// `--folder`; a link the source could not follow is counted and left as written.
    @Test func pathLinksFollowTheirNotesIntoTheImportFolder() throws {
        let vault = try TestVault()
        let folder = SourceFolder(url: vault.base.appendingPathComponent("help"))
        let write = folder.write
        try write("Sync/Security and privacy.md", "# Security and privacy\n\n## Encryption\n\nEnd to end. ^abc\n")
        try write("Sync/Deep/Regions.md", "Regions; [back](../Security%20and%20privacy.md#Encryption)\n")
        try write("Regions.md", "The top one.\n")
        try write("Teams/Syncing.md", """
            ![[Sync/Security and privacy#^abc]]
            [[Sync/Security and privacy#Encryption|how we encrypt]]
            [see](Sync/Security%20and%20privacy.md#Encryption)
            [regions](<../Sync/Deep/Regions.md>)
            [[Sync/Deep/Regions|regions]] and [[Regions]]
            [[Security and privacy]] stays a name.
            [[Nowhere/Missing#x|gone]] and [gone](Nowhere/Missing.md)

            """)
        let result = try vault.run("import", "markdown", folder.path, "--folder", "Help")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.contains("links: rewritten 6, unresolved 2"), "\(result)")
        #expect(!result.stdout.contains("missing attachment"), "\(result)")
        #expect(try vault.text("Help/Teams/Syncing.md").hasSuffix("""
            ---
            ![[Help/Sync/Security and privacy#^abc]]
            [[Help/Sync/Security and privacy#Encryption|how we encrypt]]
            [see](Help/Sync/Security%20and%20privacy.md#Encryption)
            [regions](<Help/Sync/Deep%20-%20Regions.md>)
            [[Help/Sync/Deep - Regions|regions]] and [[Regions]]
            [[Security and privacy]] stays a name.
            [[Nowhere/Missing#x|gone]] and [gone](Nowhere/Missing.md)

            """))
        #expect(try vault.text("Help/Sync/Deep - Regions.md").hasSuffix("---\nRegions; [back](Help/Sync/Security%20and%20privacy.md#Encryption)\n"))
        let check = try vault.run("check")
        let broken = (check.stdout + check.stderr).split(separator: "\n").filter { $0.contains("broken") }
        #expect(broken.count == 2 && broken.allSatisfy { $0.contains("Nowhere/Missing") }, "\(check)")
    }

    @Test func aLinkedFolderIsNeverEntered() throws {
        let vault = try TestVault()
        let folder = vault.base.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("note\n".utf8).write(to: folder.appendingPathComponent("n.md"))
        let outside = vault.base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("secret\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("away").path, withDestinationPath: outside.path)
        let result = try vault.run("import", "markdown", folder.path)
        #expect(result.stdoutLines.first == "markdown: read 1, wrote 1, skipped 0", "\(result)")
        #expect(!vault.exists("away"))
    }
}
