import Foundation
import Testing

/// Pointing vault at the vault you already have (an Obsidian one above all): init says what
/// it found and changes no note, completion finds names as they are typed, and an edit
/// keeps a date written as a day.
@Suite("adopting a vault")
struct AdoptingTests {
    @Test func initInAFolderOfNotesSaysWhatItFoundAndChangesNothing() throws {
        let place = try TestVault.emptyDirectory()
        try place.createDirectory("Tech")
        try place.write("Tech/Node.js.md", "A runtime. #js\n\nSee [[TLS 1.3]] and [[Gone]].\n")
        try place.write("TLS 1.3.md", "---\ntags: [security]\n---\n![[diagram.png]] ![[missing.png]]\n")
        try place.write("Tech/diagram.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        try place.write("Broken.md", "---\ntags: [a\n---\ntext\n")
        let before = try place.snapshot()
        let result = try CLI.vault(["init"], in: place.root)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == """
            initialised a vault in \(place.root.path); no note was changed
            found 3 notes in 1 folder, 2 tags, 4 links (1 broken), 1 attachment (1 missing)
            not read as written: 1 note whose front matter does not read (listed by their text; not rewritten)
            vault check lists each problem with its place

            """, "\(result)")
        #expect(try place.snapshot().differences(from: before).allSatisfy { $0.hasPrefix("added: .vault") }, "no note changed")
    }

    /// `[[Download MigApp.xml]]` names the note `Download MigApp.xml.md`: not a missing
    /// attachment (17 false warnings in one vault).
    @Test func aNoteNamedLikeAFileIsNoMissingAttachment() throws {
        let vault = try TestVault()
        try vault.write("Download MigApp.xml.md", "# Download\n")
        try vault.write("Home.md", "See [[Download MigApp.xml]] and ![[gone.png]].\n")
        let check = try vault.run("check")
        #expect(check.stdout == "Home.md:1:33: warning: missing attachment: no file is 'gone.png'\n", "\(check)")
        #expect(try vault.run("backlinks", "Download MigApp.xml").stdoutLines.count == 1)
    }

    /// Templates keep an id that is a placeholder, filled in when a note is made from them
    /// (Templater's `<% tp.system.uuid() %>`, a core template's `{{…}}`): every template has
    /// the same one. It names no note, so it is not an id two notes share.
    static let templaterID = "<% tp.system.uuid() %>"

    static func template(_ heading: String, id: String = templaterID) -> String {
        "---\nid: \(id)\ntags: [template]\n---\n# \(heading)\n\n<% tp.file.title %>\n"
    }

    @Test func templatesWithOnePlaceholderIDAreNotNotesSharingAnID() throws {
        let vault = try TestVault()
        try vault.createDirectory("Templates")
        try vault.write("Templates/Meeting.md", Self.template("Meeting"))
        try vault.write("Templates/Daily.md", Self.template("Daily"))
        try vault.write("Templates/Weekly.md", Self.template("Weekly", id: "{{uuid}}"))
        try vault.write("Templates/Monthly.md", Self.template("Monthly", id: "{{uuid}}"))
        let check = try vault.run("check")
        #expect(!check.stdout.contains("is used by"), "\(check)")
    }

    /// Two machines each add a template with the same placeholder id: after both sync, each
    /// template is there, byte for byte. The placeholder joined them as one note moved to two
    /// places, and one template was removed.
    @Test func templatesAddedOnTwoMachinesBothSurviveTheSync() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        try first.write("Meeting template.md", Self.template("Meeting"))
        try second.write("Daily template.md", Self.template("Daily"))
        try AcknowledgedWriteTests.meet(first, second)
        for clone in [first, second] {
            #expect(try clone.text("Meeting template.md") == Self.template("Meeting"))
            #expect(try clone.text("Daily template.md") == Self.template("Daily"))
            try AcknowledgedWriteTests.expectSettled(clone)
        }
    }

    @Test func completionFindsANameTypedInQuotesOrWithEscapesAndBareFileNames() throws {
        let vault = try TestVault()
        try vault.createDirectory("Lists")
        try vault.write("Lists/Shopping list.md", "# Shopping list\n\neggs\n")
        func complete(_ word: String) throws -> [String] {
            try vault.run("---completion", "show", "--", "positional@0", "2", "\(word.count)", "vault", "show", word).stdoutLines
        }
        #expect(try complete("\"Shopping l") == ["Shopping list"])
        #expect(try complete("Shopping\\ l") == ["Shopping list"])
        #expect(try complete("'shop") == ["Shopping list"])
        #expect(try complete("Lists/Sh") == ["Lists/Shopping list"])
    }

    @Test func aSaveKeepsADateWrittenAsADay() throws {
        let vault = try TestVault()
        try vault.write("Day.md", "---\nmodified: 2024-03-30\ncreated: 2024-03-01T10:00:00+01:00\n---\n# Day\n")
        let outside = try TestVault.emptyDirectory()
        try outside.write("photo.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        // An attach changes the text, so `modified` moves: to a day, as it was written.
        let attach = try vault.run("attach", "Day", outside.root.appendingPathComponent("photo.png").path)
        #expect(attach.status == 0, "\(attach)")
        let text = try vault.text("Day.md")
        #expect(!text.contains("modified: 2024-03-30\n"), "modified moved: \(text)")
        let modified = try #require(text.split(separator: "\n").first { $0.hasPrefix("modified: ") })
        #expect(modified.count == "modified: 2024-03-30".count, "\(text)")
        #expect(text.contains("created: 2024-03-01T10:00:00+01:00\n"))
    }
}
