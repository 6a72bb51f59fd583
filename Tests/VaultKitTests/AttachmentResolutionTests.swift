import Foundation
import Testing
@testable import VaultKit

/// Which file an attachment link finds (docs/links.md): as Obsidian finds it, by file name
/// anywhere in the vault and by path from the note or from the vault's top, but never
/// through a symbolic link or into a hidden folder.
@Suite struct AttachmentResolutionTests {
    /// The file each link of `text` (in the note at `path`) finds, in order.
    private func files(_ text: String, from path: String, in vault: TemporaryVault) -> [String?] {
        let attachments = Attachments(vault: vault.vault)
        let links = Array(text.utf8).withUnsafeBytes { LinkParser.links(in: $0) }
        return links.map { attachments.resolve($0, from: path) }
    }

    /// Obsidian's help vault keeps its images in `Attachments/` (not the attachment folder)
    /// and embeds them by name from every folder, or by path from the vault's top.
    @Test func anEmbedFindsItsFileByNameAnywhereAndAnImageByPathFromTheTop() throws {
        let vault = try TemporaryVault()
        try vault.write("Attachments/Engelbart.jpg", "jpg")
        try vault.write("Attachments/icons/lucide-cog.svg", "svg")
        try vault.write("Docs/Deep/Embeds.md", "x")
        let text = "![[Engelbart.jpg]] ![[engelbart.JPG|100]] ![[lucide-cog.svg]] ![[icons/lucide-cog.svg]]\n"
            + "![a](Attachments/Engelbart.jpg) ![b](Engelbart.jpg#interface) ![c](../../Attachments/icons/lucide-cog.svg)\n"
        #expect(files(text, from: "Docs/Deep/Embeds.md", in: vault) == [
            "Attachments/Engelbart.jpg", "Attachments/Engelbart.jpg", "Attachments/icons/lucide-cog.svg", "Attachments/icons/lucide-cog.svg",
            "Attachments/Engelbart.jpg", "Attachments/Engelbart.jpg", "Attachments/icons/lucide-cog.svg",
        ])
    }

    /// Of several files with the name, the attachment folder's comes first, then the one
    /// beside the note, then the one with the shortest path.
    @Test func ofSeveralFilesWithTheNameTheNearestIsFound() throws {
        let vault = try TemporaryVault()
        try vault.write("attachments/a.png", "1")
        try vault.write("Work/a.png", "2")
        try vault.write("Work/b.png", "3")
        try vault.write("Archive/Old/b.png", "4")
        try vault.write("Archive/c.png", "5")
        try vault.write("Archive/Old/Older/c.png", "6")
        #expect(files("![[a.png]] ![[b.png]] ![[c.png]]", from: "Work/Note.md", in: vault) == ["attachments/a.png", "Work/b.png", "Archive/c.png"])
        #expect(files("![[b.png]] ![[Old/b.png]] ![[Work/b.png]]", from: "Home.md", in: vault) == ["Work/b.png", "Archive/Old/b.png", "Work/b.png"])
    }

    /// A name is looked up among the vault's own files only: not through a symbolic link
    /// (to a file or a folder, inside the vault or out), not in hidden folders.
    @Test func aNameNeverFindsAFileThroughALinkOrInAHiddenFolder() throws {
        let vault = try TemporaryVault()
        let outside = try TemporaryVault()
        try outside.write("Media/secret.png", "outside")
        try vault.write("Attachments/real.png", "in")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Media", withDestinationPath: outside.path + "/Media")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Attachments/linked.png", withDestinationPath: outside.path + "/Media/secret.png")
        try vault.write(".trash/trashed.png", "trashed")
        try vault.write(".hidden/hid.png", "hidden")
        let text = "![[secret.png]] ![[linked.png]] ![[trashed.png]] ![[hid.png]] ![s](Media/secret.png) ![l](Attachments/linked.png) ![[real.png]]"
        #expect(files(text, from: "Note.md", in: vault) == [nil, nil, nil, nil, nil, nil, "Attachments/real.png"])
    }

    /// Files found by name anywhere are used: not unused, and not missing.
    @Test func aFileFoundByNameIsUsedAndNotMissing() throws {
        let vault = try TemporaryVault()
        try vault.write("attachments/spare.pdf", "pdf")
        try vault.write("Attachments/used.png", "png")
        try vault.write("Docs/Note.md", "# Note\n\n![[used.png]] [[spare.pdf]] ![[gone.png]]\n")
        let scan = try vault.vault.scan()
        let problems = Attachments(vault: vault.vault).problems(in: scan.notes).map(\.description)
        #expect(problems == ["Docs/Note.md:3:29: warning: missing attachment: no file is 'gone.png'"], "\(problems)")
    }
}
