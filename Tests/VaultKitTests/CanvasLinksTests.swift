import Foundation
import Testing
@testable import VaultKit

/// Obsidian canvases (`.canvas`, JSON Canvas) name files by path in their file cards; when
/// vault moves those files, the cards follow, as they do when Obsidian moves them.
@Suite struct CanvasLinksTests {
    /// A canvas as Obsidian writes it: tab-indented JSON, a file card, a text card whose
    /// Markdown names the note, a card for another file, and an edge.
    static func board(_ plan: String) -> String {
        """
        {
        \t"nodes":[
        \t\t{"id":"a1","type":"file","file":"\(plan)","x":0,"y":0,"width":400,"height":400},
        \t\t{"id":"b2","type":"text","text":"see [[Plan]] and {\\"file\\":\\"Plan.md\\"}","x":500,"y":0,"width":250,"height":60},
        \t\t{"id":"c3","type":"file","file":"Other.md","subpath":"#Top","x":0,"y":500,"width":400,"height":400}
        \t],
        \t"edges":[
        \t\t{"id":"e1","fromNode":"a1","fromSide":"right","toNode":"b2","toSide":"left"}
        \t]
        }
        """
    }

    private func makeVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("Plan.md", "# Plan\n")
        try vault.write("Other.md", "# Other\n\n## Top\n")
        try vault.write("Work/Notes.md", "# Notes\n")
        try vault.write("Board.canvas", Self.board("Plan.md"))
        return vault
    }

    @Test func aFileCardFollowsAMovedNoteAndUndoTakesItBack() throws {
        let vault = try makeVault()
        let session = VaultSession(vault: vault.vault)
        let notes = try session.scan().notes
        let report = try Relocation(vault: vault.vault, notes: notes).move(notes.filter { $0.path == "Plan.md" }, to: "Work")
        #expect(report.failed.isEmpty)
        #expect(vault.read("Work/Plan.md") == "# Plan\n")
        // Only the card's path changed: the text card, the other card, the layout are as written.
        #expect(vault.read("Board.canvas") == Self.board("Work/Plan.md"))
        #expect(report.links.map(\.path) == ["Board.canvas"])
        #expect(report.links.map(\.before) == ["Plan.md"])
        #expect(report.links.map(\.after) == ["Work/Plan.md"])
        #expect(report.links.map(\.line) == [3])
        #expect(report.linkedCanvases == ["Board.canvas"])
        #expect(report.linkedNotes.isEmpty)
        let id = try #require(report.recordID)
        _ = try session.write { try UndoOperation(id).run(in: $0) }
        #expect(vault.read("Board.canvas") == Self.board("Plan.md"))
        #expect(vault.read("Plan.md") == "# Plan\n")
    }

    @Test func aDryRunSaysWhatWouldChangeAndChangesNothing() throws {
        let vault = try makeVault()
        let notes = try VaultSession(vault: vault.vault).scan().notes
        let report = try Relocation(vault: vault.vault, notes: notes).move(notes.filter { $0.path == "Plan.md" }, to: "Work", dryRun: true)
        #expect(report.links.map(\.after) == ["Work/Plan.md"])
        #expect(vault.read("Board.canvas") == Self.board("Plan.md"))
    }

    @Test func aRenamedFolderCarriesTheCardsOfEverythingBelowIt() throws {
        let vault = try TemporaryVault()
        try vault.write("Work/Plan.md", "# Plan\n")
        try vault.write("Work/diagram.png", "png")
        let canvas = #"{"nodes":[{"id":"1","type":"file","file":"Work/Plan.md"},{"id":"2","type":"file","file":"Work/diagram.png"},{"id":"3","type":"file","file":"Workshop.md"}],"edges":[]}"#
        try vault.write("Board.canvas", canvas)
        try vault.write("Work/Inside.canvas", canvas)
        let notes = try VaultSession(vault: vault.vault).scan().notes
        let report = try Relocation(vault: vault.vault, notes: notes).renameFolder("Work", to: "Projects")
        #expect(report.failed.isEmpty)
        let moved = #"{"nodes":[{"id":"1","type":"file","file":"Projects/Plan.md"},{"id":"2","type":"file","file":"Projects/diagram.png"},{"id":"3","type":"file","file":"Workshop.md"}],"edges":[]}"#
        #expect(vault.read("Board.canvas") == moved)
        #expect(vault.read("Projects/Inside.canvas") == moved)
        #expect(report.linkedCanvases.sorted() == ["Board.canvas", "Work/Inside.canvas"])
    }

    /// A note gone between the scan and the move does not move: its card is set back to
    /// where the file is, the moved note's card stays moved.
    @Test func theCardOfAMoveThatFailedLeadsWhereTheFileIs() throws {
        let vault = try TemporaryVault()
        try vault.write("B.md", "# B\n")
        try vault.write("C.md", "# C\n")
        try vault.write("Work/W.md", "# W\n")
        try vault.write("Board.canvas", #"{"nodes":[{"type":"file","file":"B.md"},{"type":"file","file":"C.md"}]}"#)
        let notes = try VaultSession(vault: vault.vault).scan().notes
        try FileManager.default.removeItem(atPath: vault.path + "/C.md")
        let report = try Relocation(vault: vault.vault, notes: notes).move(notes.filter { $0.path == "B.md" || $0.path == "C.md" }, to: "Work")
        #expect(report.failed.count == 1)
        #expect(vault.read("Board.canvas") == #"{"nodes":[{"type":"file","file":"Work/B.md"},{"type":"file","file":"C.md"}]}"#)
        #expect(report.links.map(\.after) == ["Work/B.md"])
    }

    @Test func withoutLinksACanvasIsLeftAsItIs() throws {
        let vault = try makeVault()
        let notes = try VaultSession(vault: vault.vault).scan().notes
        _ = try Relocation(vault: vault.vault, notes: notes, rewritesLinks: false).move(notes.filter { $0.path == "Plan.md" }, to: "Work")
        #expect(vault.read("Work/Plan.md") == "# Plan\n")
        #expect(vault.read("Board.canvas") == Self.board("Plan.md"))
    }

    /// Anything that is not JSON Canvas is left byte for byte as it is, and the move goes on.
    @Test(arguments: [
        #"{"nodes":[{"type":"file","file":"Plan.md"}]} trailing"#,
        #"{"nodes":[{"type":"file","file":"Plan.md"}"#,
        #"{"nodes":[{"type":"file","file":"Plan.md\x"}]}"#,
        #"{"nodes":[{"type":"file","file":"\uD800.md"}]}"#,
        #"["nodes",{"type":"file","file":"Plan.md"}]"#,
        String(repeating: "[", count: 100_000) + #"{"type":"file","file":"Plan.md"}"#,
        #"{"nodes":[{"type":"file","file":"Plan.md"}],"deep":"# + String(repeating: "[", count: 100_000),
    ])
    func aFileThatIsNotACanvasIsLeftAlone(text: String) throws {
        let vault = try makeVault()
        try vault.write("Board.canvas", text)
        try vault.write("Bytes.canvas", bytes: Array(#"{"nodes":[{"type":"file","file":"Plan.md","x":""#.utf8) + [0xFF, 0xFE] + Array(#""}]}"#.utf8))
        let notes = try VaultSession(vault: vault.vault).scan().notes
        let report = try Relocation(vault: vault.vault, notes: notes).move(notes.filter { $0.path == "Plan.md" }, to: "Work")
        #expect(report.failed.isEmpty)
        #expect(vault.read("Work/Plan.md") == "# Plan\n")
        #expect(vault.read("Board.canvas") == text)
        #expect(FileManager.default.contents(atPath: vault.path + "/Bytes.canvas").map(Array.init)?.suffix(6) == [0xFF, 0xFE] + Array(#""}]}"#.utf8))
    }

    /// A canvas that is a symbolic link is not the vault's: neither read nor written.
    @Test func aLinkedCanvasOutsideTheVaultIsNotWritten() throws {
        let vault = try makeVault()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("canvas-\(UUID().uuidString).canvas").path
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try Data(Self.board("Plan.md").utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.removeItem(atPath: vault.path + "/Board.canvas")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Board.canvas", withDestinationPath: outside)
        let notes = try VaultSession(vault: vault.vault).scan().notes
        let report = try Relocation(vault: vault.vault, notes: notes).move(notes.filter { $0.path == "Plan.md" }, to: "Work")
        #expect(report.linkedCanvases.isEmpty)
        #expect(String(decoding: FileManager.default.contents(atPath: outside) ?? Data(), as: UTF8.self) == Self.board("Plan.md"))
    }

    /// Paths are JSON strings: escapes are read as what they stand for, and a path written
    /// back is escaped as JSON needs (`"` and `\`), nothing else.
    @Test func pathsAreReadAndWrittenAsJSONStrings() throws {
        let canvas = Array(#"{"nodes":[{"file":"A\/B \u00e9.md","type":"file"},{"type":"file","file":"C.md"}]}"#.utf8)
        let links = try #require(CanvasFileLinks(canvas))
        #expect(links.paths == ["A/B é.md", "C.md"])
        let splices = links.splices { $0 == "A/B é.md" ? #"New "quoted" \ é.md"# : nil }
        #expect(String(decoding: try #require(ByteSplice.apply(splices, to: canvas)), as: UTF8.self)
            == #"{"nodes":[{"file":"New \"quoted\" \\ é.md","type":"file"},{"type":"file","file":"C.md"}]}"#)
    }

    /// A rename changes the title heading with the name (`# Plan` becomes `# Plan B`); a
    /// card showing that heading follows it, as `[[Plan#Plan]]` does. Another heading's
    /// card keeps its subpath.
    @Test func aCardShowingTheTitleHeadingFollowsARename() throws {
        let vault = try TemporaryVault()
        try vault.write("Plan.md", "# Plan\n\n## Goals\n")
        try vault.write("Board.canvas", ##"{"nodes":[{"subpath":"#Plan","type":"file","file":"Plan.md"},{"type":"file","file":"Plan.md","subpath":"#Goals"}]}"##)
        let notes = try VaultSession(vault: vault.vault).scan().notes
        let plan = try #require(notes.first { $0.path == "Plan.md" })
        let report = try Relocation(vault: vault.vault, notes: notes).rename(plan, to: "Plan B")
        #expect(report.failed.isEmpty)
        #expect(vault.read("Board.canvas") == ##"{"nodes":[{"subpath":"#Plan B","type":"file","file":"Plan B.md"},{"type":"file","file":"Plan B.md","subpath":"#Goals"}]}"##)
        #expect(report.links.map(\.after) == ["#Plan B", "Plan B.md", "Plan B.md"])
    }

    /// An assistant given one folder is told of the canvases it can see, no others.
    @Test func anAssistantIsToldOnlyOfTheCanvasesInItsFolders() throws {
        let vault = try TemporaryVault()
        try vault.write("Public/Plan.md", "# Plan\n")
        let card = #"{"nodes":[{"type":"file","file":"Public/Plan.md"}]}"#
        try vault.write("Private/Secret.canvas", card)
        try vault.write("Public/Board.canvas", card)
        let notes = try VaultSession(vault: vault.vault).scan().notes
        let report = try Relocation(vault: vault.vault, notes: notes).move(notes.filter { $0.path == "Public/Plan.md" }, to: "Private")
        #expect(report.linkedCanvases == ["Private/Secret.canvas", "Public/Board.canvas"])
        let visible = report.visible(to: AssistantScope(folders: ["Public"]), among: notes)
        #expect(visible.linkedCanvases == ["Public/Board.canvas"])
        #expect(visible.links.map(\.path) == ["Public/Board.canvas"])
    }

    /// Canvases in hidden folders (Obsidian's `.trash/`, its settings) are not the vault's notes'.
    @Test func aCanvasInAHiddenFolderIsLeftAlone() throws {
        let vault = try makeVault()
        try vault.write(".trash/Old.canvas", Self.board("Plan.md"))
        try vault.write(".obsidian/Board.canvas", Self.board("Plan.md"))
        let notes = try VaultSession(vault: vault.vault).scan().notes
        let report = try Relocation(vault: vault.vault, notes: notes).move(notes.filter { $0.path == "Plan.md" }, to: "Work")
        #expect(report.linkedCanvases == ["Board.canvas"])
        #expect(vault.read(".trash/Old.canvas") == Self.board("Plan.md"))
        #expect(vault.read(".obsidian/Board.canvas") == Self.board("Plan.md"))
    }

    /// JSON as a browser's `JSON.parse` reads it: a byte order mark is passed over, half a
    /// surrogate pair is a character, a key given twice counts as its last; what JSON does
    /// not allow (a leading zero) is no canvas.
    @Test func theCanvasIsReadAsObsidianReadsIt() throws {
        func paths(_ text: String, bom: Bool = false) -> [String]? {
            CanvasFileLinks((bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8))?.paths
        }
        #expect(paths(#"{"nodes":[{"type":"file","file":"A.md"}]}"#, bom: true) == ["A.md"])
        #expect(paths(#"{"nodes":[{"type":"file","file":"A.md","text":"\ud83d and \ud83d\u0041"}]}"#) == ["A.md"])
        #expect(paths(#"{"nodes":[{"type":"file","file":"A.md","file":"B.md"}]}"#) == ["B.md"])
        #expect(paths(#"{"nodes":[{"type":"file","type":null,"file":"A.md"}]}"#) == [])
        #expect(paths(#"{"nodes":[{"type":"file","file":"A.md"}],"nodes":[]}"#) == [])
        #expect(paths(#"{"nodes":[{"type":"file","file":"A.md","x":-0.5e+3,"y":0}]}"#) == ["A.md"])
        #expect(paths(#"{"nodes":[{"type":"file","file":"A.md","x":01}]}"#) == nil)
        #expect(paths(#"{"nodes":[{"type":"file","file":"A.md","x":-}]}"#) == nil)
    }
}
