import Foundation
import Testing

/// Attachments: copied in, linked, checked, and trashed and restored with their note
/// (docs/links.md).
@Suite("attachments")
struct AttachmentTests {
    /// A vault, and a folder outside it with two files (kept as long as the value lives).
    private func vault() throws -> (TestVault, TestVault) {
        let vault = try TestVault()
        try vault.write("Plan.md", "---\r\nid: p\r\nmodified: 2026-01-01T10:00:00+00:00\r\n---\r\n# Plan\r\n\r\ntext")
        try vault.write("Other.md", "# Other\n")
        let outside = try TestVault.emptyDirectory()
        try outside.write("photo.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        try outside.write("report.pdf", "%PDF")
        return (vault, outside)
    }

    @Test func attachCopiesUnderAFreeNameAndLinksInTheNotesLineEndings() throws {
        let (vault, files) = try vault()
        let outside = files.root
        let first = try vault.run("attach", "Plan", outside.appendingPathComponent("photo.png").path, outside.appendingPathComponent("report.pdf").path)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout == "attached attachments/photo.png to Plan.md\nattached attachments/report.pdf to Plan.md\n")
        // Another file of the same name (the same file is reused: see below).
        try files.write("photo.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D])
        let again = try vault.run("--vault", vault.root.path, "attach", "Other", "photo.png", in: outside)
        #expect(again.stdout == "attached attachments/photo 2.png to Other.md\n", "\(again)")
        #expect(try vault.bytes("attachments/photo 2.png") == [0x89, 0x50, 0x4E, 0x47, 0x0D])
        let plan = try vault.text("Plan.md")
        #expect(plan.hasSuffix("# Plan\r\n\r\ntext\r\n\r\n![[photo.png]]\r\n[[report.pdf]]\r\n"), "\(plan)")
        #expect(!plan.contains("modified: 2026-01-01"), "adding a link changes the note's text: modified moves")
        #expect(try vault.text("Other.md") == "# Other\n\n![[photo 2.png]]\n")
        // Not a notes folder; listed by `vault attachments`.
        #expect(try vault.run("folder", "list").stdout.contains("attachments") == false)
        #expect(try vault.run("attachments").stdout == "attachments/photo 2.png  1 note\nattachments/photo.png  1 note\nattachments/report.pdf  1 note\n")
        #expect(try vault.run("attachments", "Plan").stdout == "9:1  photo.png → attachments/photo.png\n10:1  report.pdf → attachments/report.pdf\n")
        let note = try vault.run("attach", "Plan", "Other.md", in: vault.root)
        #expect(note.status == 2 && note.stderr.contains("is a note; attach files that are not notes"), "\(note)")
        let missing = try vault.run("--vault", vault.root.path, "attach", "Plan", "nothing.png", in: outside)
        #expect(missing.status == 2 && missing.stderr.contains("cannot read"), "\(missing)")
    }

    /// The same file attached again is the attachment already there, not `photo 2.png`
    /// with the same bytes (issue 37: attaching the same file twice reuses it).
    @Test func theSameFileAttachedTwiceIsReused() throws {
        let (vault, files) = try vault()
        let photo = files.url("photo.png").path
        #expect(try vault.run("attach", "Plan", photo).stdout == "attached attachments/photo.png to Plan.md\n")
        let again = try vault.run("attach", "Other", photo)
        #expect(again.stdout == "attached attachments/photo.png to Other.md\n", "\(again)")
        #expect(try vault.names(in: "attachments") == ["photo.png"])
        #expect(try vault.text("Other.md") == "# Other\n\n![[photo.png]]\n")
    }

    /// A folder, a missing file or a link given to attach is refused in plain words (a
    /// folder printed "nscocoaerrordomain error 256"), and nothing is written.
    @Test func whatIsNotAFileIsRefusedInPlainWords() throws {
        let (vault, files) = try vault()
        let outside = files.root
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("some-folder"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: outside.appendingPathComponent("link.png").path, withDestinationPath: outside.appendingPathComponent("photo.png").path)
        let before = try vault.snapshot()
        let folder = try vault.run("--vault", vault.root.path, "attach", "Plan", "some-folder", in: outside)
        #expect(folder.status == 2, "\(folder)")
        #expect(folder.stderr == "vault: error: cannot read '\(outside.path)/some-folder': it is not a regular file\n", "\(folder)")
        let missing = try vault.run("--vault", vault.root.path, "attach", "Plan", "nothing.png", in: outside)
        #expect(missing.stderr == "vault: error: cannot read '\(outside.path)/nothing.png': no such file or directory\n", "\(missing)")
        let link = try vault.run("--vault", vault.root.path, "attach", "Plan", "link.png", in: outside)
        #expect(link.stderr == "vault: error: cannot read '\(outside.path)/link.png': it is a symbolic link (attach the file it points to)\n", "\(link)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test func checkReportsMissingAndUnusedAttachments() throws {
        let (vault, files) = try vault()
        let outside = files.root
        try vault.run("attach", "Plan", outside.appendingPathComponent("photo.png").path)
        try vault.write("attachments/old.pdf", "x")
        try vault.write("Other.md", "# Other\n\n![[gone.png]] and [r](attachments/none.pdf)\n")
        let check = try vault.run("check")
        #expect(check.stdout.contains("Other.md:3:1: warning: missing attachment: no file is 'gone.png'\n"), "\(check)")
        #expect(check.stdout.contains("Other.md:3:19: warning: missing attachment: no file is 'attachments/none.pdf'\n"), "\(check)")
        #expect(check.stdout.contains("attachments/old.pdf: warning: unused attachment: no note links to it\n"), "\(check)")
        #expect(!check.stdout.contains("photo.png"), "\(check)")
    }

    /// Laid out as Obsidian's help vault is: images in `Attachments/` (not the attachment
    /// folder), embedded by name from every folder, in tables with `\|`, or by path from
    /// the vault's top. `vault check` reports only what is really missing (it reported 252
    /// files that exist), and `vault attachments` counts the uses.
    @Test func checkFindsFilesAsObsidianDoesByNameAnywhereAndFromTheTop() throws {
        let vault = try TestVault()
        try vault.write("Attachments/Engelbart.jpg", bytes: [0xFF, 0xD8])
        try vault.write("Attachments/icons/lucide-cog.svg", "<svg/>")
        // Outside the attachment folder: a file of the vault, not listed as unused.
        try vault.write("Attachments/unused.png", "png")
        try vault.write("attachments/spare.pdf", "%PDF")
        try vault.write("Editing/Advanced syntax.md", """
            # Advanced

            | Link | Embed |
            | --- | --- |
            | [[Embed files\\|Embeds]] | ![[Engelbart.jpg\\|100]] |

            Click ![[lucide-cog.svg#icon]] and see ![Engelbart](Attachments/Engelbart.jpg).
            ![cog](icons/lucide-cog.svg) and ![[gone.png]]

            """)
        try vault.write("Linking/Embed files.md", "# Embed files\n\n![[Engelbart.jpg|100x145]] ![photo](Engelbart.jpg#outline)\n")
        let check = try vault.run("check")
        let problems = check.stdout.split(separator: "\n").filter { $0.contains("warning") }
        #expect(problems == [
            "Editing/Advanced syntax.md:8:34: warning: missing attachment: no file is 'gone.png'",
            "attachments/spare.pdf: warning: unused attachment: no note links to it",
        ], "\(check)")
        let listed = try vault.run("attachments")
        #expect(listed.stdout == "Attachments/Engelbart.jpg  2 notes\nAttachments/icons/lucide-cog.svg  1 note\nattachments/spare.pdf  unused\n", "\(listed)")
        let used = try vault.run("attachments", "Advanced syntax")
        #expect(used.stdout == """
            5:29  Engelbart.jpg → Attachments/Engelbart.jpg
            7:7  lucide-cog.svg → Attachments/icons/lucide-cog.svg
            7:40  Attachments/Engelbart.jpg → Attachments/Engelbart.jpg
            8:1  icons/lucide-cog.svg → Attachments/icons/lucide-cog.svg
            8:34  gone.png (missing: no such file)

            """, "\(used)")
    }

    @Test func deletingANoteTakesTheAttachmentsOnlyItUsesAndRestoreBringsThemBack() throws {
        let (vault, files) = try vault()
        let outside = files.root
        try vault.run("attach", "Plan", outside.appendingPathComponent("photo.png").path, outside.appendingPathComponent("report.pdf").path)
        try vault.write("Other.md", "# Other\n\n[[report.pdf]]\n")
        let before = try vault.snapshot()
        #expect(try vault.run("rm", "Plan").status == 0)
        #expect(!vault.exists("attachments/photo.png") && vault.exists("attachments/report.pdf"), "the shared one stays")
        #expect(vault.exists(".trash/Plan.md.attachments/attachments/photo.png"))
        #expect(try vault.run("trash", "list").stdout.contains("photo") == false)
        #expect(try vault.run("trash", "restore", "Plan").status == 0)
        let differences = try vault.snapshot().differences(from: before)
        #expect(differences.filter { !$0.hasPrefix("added: .vault/history") && $0 != "added: .trash" } == [], "\(differences)")
        // Undoing the delete brings them back too.
        try vault.run("rm", "Plan")
        let undo = try vault.run("undo", String(try #require(vault.run("history").stdoutLines.last).prefix(8)))
        #expect(undo.status == 0, "\(undo)")
        #expect(vault.exists("attachments/photo.png") && vault.exists("Plan.md"))
    }

    @Test func anAttachmentWhosePlaceIsTakenStaysInTheTrashAndIsNamed() throws {
        let (vault, files) = try vault()
        try vault.run("attach", "Plan", files.root.appendingPathComponent("photo.png").path)
        #expect(try vault.run("rm", "Plan").status == 0)
        try vault.write("attachments/photo.png", "a new photo")
        let restore = try vault.run("trash", "restore", "Plan")
        #expect(restore.status == 0, "\(restore)")
        #expect(restore.stderr == "vault: warning: .trash/Plan.md.attachments/attachments/photo.png stays in the trash: its place in the vault is taken\n")
        #expect(try vault.text("attachments/photo.png") == "a new photo")
        #expect(try vault.bytes(".trash/Plan.md.attachments/attachments/photo.png") == [0x89, 0x50, 0x4E, 0x47])
        #expect(vault.exists("Plan.md"))
    }

    @Test func linksOutOfTheVaultOrIntoItsHiddenFoldersAreNeverAttachments() throws {
        let (vault, files) = try vault()
        defer { withExtendedLifetime(files) {} }
        let outside = vault.root.deletingLastPathComponent().appendingPathComponent("outside.png")
        try Data("not the vault's".utf8).write(to: outside)
        try vault.write("Plan.md", "# Plan\n\n![[../outside.png]] ![[/../outside.png]] [o](../outside.png) ![[.vault/config.yaml]] ![[a/../../outside.png]]\n")
        try vault.write(".vault/config.yaml", "trashDays: 30\n")
        let config = try vault.bytes(".vault/config.yaml")
        #expect(try vault.run("attachments").stdout.hasPrefix("no attachments"), "nothing the vault holds")
        let check = try vault.run("check")
        #expect(check.stdout.contains("Plan.md:3:1: warning: missing attachment: no file is '../outside.png'"), "\(check)")
        #expect(try vault.run("rm", "Plan").status == 0)
        #expect(try Data(contentsOf: outside) == Data("not the vault's".utf8), "left where it was")
        #expect(try vault.bytes(".vault/config.yaml") == config)
        #expect(!vault.exists(".trash/Plan.md.attachments"))
    }
}
