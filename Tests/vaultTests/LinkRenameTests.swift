import Foundation
import Testing

/// Renames keep links working, and every move can be taken back (docs/links.md, docs/history.md).
@Suite("renames keep links, and undo")
struct LinkRenameTests {
    /// A vault where 50 notes link to Work/Plan.md in every form, from three folders.
    private func vault() throws -> (TestVault, [String: String]) {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        try vault.createDirectory("Personal")
        try vault.createDirectory("Personal/Trips")
        try vault.write("Work/Plan.md", "---\nid: plan\n---\n# Plan\n\nSee [[Other]] and [home](../Home.md).\n")
        try vault.write("Work/Other.md", "# Other\n")
        let forms = [
            ("", "[[Plan]] [[plan|the plan]] ![[Plan#Goals]] [[Work/Plan.md]] [p](Work/Plan.md) [q](<Work/Plan.md#x>) `[[Plan]]`"),
            ("Work/", "[[Plan]] [[Work/Plan|p]] [p](Plan.md) [q](./Plan)"),
            ("Personal/Trips/", "[[Plan]] [p](../../Work/Plan.md \"t\")"),
        ]
        var texts: [String: String] = [:]
        for number in 0..<50 {
            let (folder, links) = forms[number % 3]
            let crlf = number % 4 == 0
            let bom = number % 5 == 0 ? "\u{FEFF}" : ""
            var text = "\(bom)---\nid: n\(number)\ntags: [t]\n---\n# Note \(number)\n\n\(links)\nend\n"
            if crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            let path = "\(folder)Linker \(number).md"
            try vault.write(path, text)
            texts[path] = text
        }
        try vault.write("Home.md", "[[Other]] is not renamed.\n")
        return (vault, texts)
    }

    /// Links in code are text, whatever holds the code (a callout, an indentation); links
    /// written from the note's folder, in a table cell (`\|`) or as a reference definition
    /// lead to the note and follow it.
    @Test func aRenameRewritesEveryFormOfLinkAndNoCode() throws {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        try vault.write("Work/Plan.md", "# Plan\n")
        let code = "Text.\n\n    [[Plan]] in an indented block\n\n> [!note]\n> ```\n> [[Plan]] in a callout's fence\n> ```\n\n- item\n\n    [[Plan]] continues the item\n"
        try vault.write("Work/Code.md", code)
        let links = "[[./Plan]] [[./Plan.md|p]]\n\n| a | b |\n|---|---|\n| x | [[Plan\\|the plan]] |\n\nSee [the plan][r].\n\n[r]: Plan.md \"title\"\n  [s]: <./Plan.md>\n"
        try vault.write("Work/Links.md", links)
        let result = try vault.run("rename", "Plan", "Plan B")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("Work/Code.md") == code.replacingOccurrences(of: "[[Plan]] continues", with: "[[Plan B]] continues"))
        #expect(try vault.text("Work/Links.md") == "[[./Plan B]] [[./Plan B.md|p]]\n\n| a | b |\n|---|---|\n| x | [[Plan B\\|the plan]] |\n\nSee [the plan][r].\n\n[r]: Plan%20B.md \"title\"\n  [s]: <./Plan B.md>\n")
    }

    private static let renamed: [String: String] = [
        "[[Plan]] [[plan|the plan]] ![[Plan#Goals]] [[Work/Plan.md]] [p](Work/Plan.md) [q](<Work/Plan.md#x>) `[[Plan]]`":
            "[[Plan B]] [[Plan B|the plan]] ![[Plan B#Goals]] [[Work/Plan B.md]] [p](Work/Plan%20B.md) [q](<Work/Plan B.md#x>) `[[Plan]]`",
        "[[Plan]] [[Work/Plan|p]] [p](Plan.md) [q](./Plan)": "[[Plan B]] [[Work/Plan B|p]] [p](Plan%20B.md) [q](./Plan%20B)",
        "[[Plan]] [p](../../Work/Plan.md \"t\")": "[[Plan B]] [p](../../Work/Plan%20B.md \"t\")",
    ]

    @Test func aRenameRewritesEveryLinkAndUndoTakesItAllBack() throws {
        let (vault, texts) = try vault()
        let before = try vault.snapshot()
        let id = try renamePlan(in: vault, saying: "updated 202 links in 50 notes")
        // Each linking note: only the targets changed, byte for byte.
        for (path, text) in texts {
            var expected = text
            for (old, new) in Self.renamed { expected = expected.replacingOccurrences(of: old, with: new) }
            expectBytes(try vault.bytes(path), Array(expected.utf8), path)
        }
        #expect(try vault.text("Work/Plan B.md") == "---\nid: plan\n---\n# Plan B\n\nSee [[Other]] and [home](../Home.md).\n")
        #expect(try vault.run("check").stdout.contains("broken link") == false)

        try expectUndone(id, in: vault, back: before)
        // The undo is recorded, and undoing it renames again.
        let history = try vault.run("history").stdoutLines
        #expect(history.count == 2 && history[1].contains("  undo  undo \(id): Work/Plan.md → Work/Plan B.md"), "\(history)")
        let redoID = String(history[1].prefix(8))
        #expect(try vault.run("undo", id).stderr.contains("was undone by \(redoID)"))
        #expect(try vault.run("undo", redoID).status == 0)
        #expect(vault.exists("Work/Plan B.md") && !vault.exists("Work/Plan.md"))
        #expect(try vault.text("Work/Linker 1.md").contains("[[Work/Plan B|p]]"))
    }

    @Test func undoLeavesAFileChangedSinceAndReportsIt() throws {
        let (vault, texts) = try vault()
        let result = try vault.run("rename", "Plan", "Plan B")
        let id = String(result.stdoutLines.last?.split(separator: " ").last ?? "")
        let edited = try vault.text("Linker 3.md") + "a later edit\n"
        try vault.write("Linker 3.md", edited)
        // All or nothing: the undo changes nothing, and says how to take back the rest.
        let before = try vault.snapshot()
        let refused = try vault.run("undo", id)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr == "Linker 3.md: error: left as it is: it changed since\n"
            + "vault: nothing was undone: a file of \(id) changed since; put it back as \(id) left it, or take back the rest with --partial\n", "\(refused)")
        #expect(try vault.snapshot().differences(from: before) == [])
        let undo = try vault.run("undo", id, "--partial")
        #expect(undo.status == 1, "\(undo)")
        #expect(undo.stderr == "Linker 3.md: error: left as it is: it changed since\n", "\(undo)")
        #expect(try vault.text("Linker 3.md") == edited)
        #expect(try vault.text("Linker 6.md") == texts["Linker 6.md"])
        #expect(vault.exists("Work/Plan.md"))
    }

    @Test func dryRunAndNoLinks() throws {
        let (vault, _) = try vault()
        let before = try vault.snapshot()
        let dry = try vault.run("mv", "Plan", "Personal", "--dry-run")
        #expect(dry.status == 0, "\(dry)")
        // Names still find the note; paths change, relative ones from each note's folder.
        #expect(Array(dry.stdoutLines.prefix(4)) == [
            "would move Work/Plan.md → Personal/Plan.md",
            "would change Linker 0.md:7:46: Work/Plan.md → Personal/Plan.md",
            "would change Linker 0.md:7:65: Work/Plan.md → Personal/Plan.md",
            "would change Linker 0.md:7:84: Work/Plan.md → Personal/Plan.md",
        ], "\(dry)")
        #expect(dry.stdoutLines.contains("would change Personal/Trips/Linker 2.md:7:14: ../../Work/Plan.md → ../Plan.md"))
        // `[p](Plan.md)` in Work/ still finds the note by its name (DESIGN 13.1).
        #expect(dry.stdoutLines.suffix(4) == [
            "would change Work/Linker 49.md:7:43: ./Plan → ../Personal/Plan",
            "would change Work/Linker 7.md:7:12: Work/Plan → Personal/Plan",
            "would change Work/Linker 7.md:7:43: ./Plan → ../Personal/Plan",
            "would update 101 links in 50 notes",
        ])
        #expect(try vault.snapshot().differences(from: before) == [])

        let plain = try vault.run("mv", "Plan", "Personal", "--no-links")
        #expect(plain.stdout == "Work/Plan.md → Personal/Plan.md\n", "\(plain)")
        #expect(try vault.snapshot().differences(from: before).filter { !$0.hasPrefix("added: .vault/history") }
            == ["added: Personal/Plan.md", "removed: Work/Plan.md"])
    }

    @Test func aFolderRenameRewritesPathsAndIsUndone() throws {
        let (vault, texts) = try vault()
        let before = try vault.snapshot()
        let result = try vault.run("folder", "rename", "Work", "Job")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first == "Work → Job")
        let root = try vault.text("Linker 0.md")
        #expect(root.contains("[[Plan]] [[plan|the plan]] ![[Plan#Goals]] [[Job/Plan.md]] [p](Job/Plan.md) [q](<Job/Plan.md#x>)"), "\(root)")
        #expect(try vault.text("Job/Linker 1.md") == texts["Work/Linker 1.md"]?.replacingOccurrences(of: "[[Work/Plan|p]]", with: "[[Job/Plan|p]]"))
        let id = String(result.stdoutLines.last?.split(separator: " ").last ?? "")
        #expect(try vault.run("undo", id).status == 0)
        #expect(try vault.snapshot().differences(from: before).filter { !$0.hasPrefix("added: .vault/history") } == [])
    }

    /// A Markdown image written from the vault's top (as Obsidian reads it, and its help
    /// vault writes it) follows a folder rename, still from the top; one found by name
    /// needs no change, and one from the note's folder stays so.
    @Test func aFolderRenameCarriesImagesWrittenFromTheTop() throws {
        let vault = try TestVault()
        try vault.write("Attachments/icons/cog.svg", "<svg/>")
        try vault.write("Docs/Note.md", "# Note\n\n![a](Attachments/icons/cog.svg) ![[cog.svg]] ![b](../Attachments/icons/cog.svg) [c](<Attachments/icons/cog.svg>)\n")
        let result = try vault.run("folder", "rename", "Attachments", "Media")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("Docs/Note.md") == "# Note\n\n![a](Media/icons/cog.svg) ![[cog.svg]] ![b](../Media/icons/cog.svg) [c](<Media/icons/cog.svg>)\n")
        let check = try vault.run("check")
        #expect(!check.stdout.contains("missing attachment"), "\(check)")
    }

    @Test func aRecordIsReadableAndNamesEveryStep() throws {
        let (vault, _) = try vault()
        try vault.run("rename", "Other", "Another")
        let names = try vault.names(in: ".vault/history")
        #expect(names.count == 1 && names[0].hasSuffix(".yaml") && names[0].contains("-note-rename-"))
        let record = try vault.text(".vault/history/" + names[0])
        #expect(record.contains("summary: \"Work/Other.md → Work/Another.md\"\nstate: done\nsteps:\n  - edit: \"Home.md\"\n"), "\(record)")
        #expect(record.contains("      - [2, \"Other\", \"Another\"]\n"), "\(record)")
        #expect(record.contains("  - move: \"Work/Other.md\"\n    to: \"Work/Another.md\"\n"), "\(record)")
    }

    /// An Obsidian canvas's file card follows the note it shows, as in Obsidian; its text
    /// cards and layout stay byte for byte, and undo takes the card back with the note.
    @Test func aCanvasCardFollowsTheNoteAndUndoTakesItBack() throws {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        try vault.write("Work/Plan.md", "# Plan\n")
        let canvas = "{\n\t\"nodes\":[\n\t\t{\"id\":\"a\",\"type\":\"file\",\"file\":\"Work/Plan.md\",\"x\":0,\"y\":0,\"width\":400,\"height\":400},\n"
            + "\t\t{\"id\":\"b\",\"type\":\"text\",\"text\":\"[[Plan]] Work/Plan.md\",\"x\":500,\"y\":0,\"width\":250,\"height\":60}\n\t],\n\t\"edges\":[]\n}"
        try vault.write("Board.canvas", canvas)
        let before = try vault.snapshot()
        let id = try renamePlan(in: vault, saying: "updated 1 link in 1 canvas")
        expectBytes(try vault.bytes("Board.canvas"), Array(canvas.replacingOccurrences(of: "\"file\":\"Work/Plan.md\"", with: "\"file\":\"Work/Plan B.md\"").utf8), "Board.canvas")
        try expectUndone(id, in: vault, back: before)
    }

    /// Renames Work/Plan.md to Plan B, expecting the move and `summary` of its links; the
    /// record's id, from the summary's undo hint.
    private func renamePlan(in vault: TestVault, saying summary: String) throws -> String {
        let result = try vault.run("rename", "Plan", "Plan B")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first == "Work/Plan.md → Work/Plan B.md")
        let last = try #require(result.stdoutLines.last)
        #expect(last.hasPrefix(summary + "; undo with: vault undo "), "\(result)")
        return String(last.split(separator: " ").last ?? "")
    }

    /// Undoes the record `id`, expecting the vault as it was (`before`) but for the history.
    private func expectUndone(_ id: String, in vault: TestVault, back before: Snapshot) throws {
        let undo = try vault.run("undo", id)
        #expect(undo.status == 0, "\(undo)")
        let differences = try vault.snapshot().differences(from: before)
        #expect(differences.filter { !$0.hasPrefix("added: .vault/history") } == [], "\(differences)")
    }
}
