import Foundation
import Testing
@testable import VaultKit

/// Notion's Markdown & CSV export: the real fixtures, and small exports built here.
@Suite struct NotionReaderTests {
    static func items(_ path: String) throws -> [ImportItem] { try NotionReader().items(path) }

    @Test(.enabled(if: ImportFixtures.directory != nil)) func readsAMarkdownAndCSVExport() throws {
        let items = try Self.items(ImportFixtures.path("notion/Notion.Test.Export.zip"))
        let notes = items.notes
        #expect(items.count == 278)
        #expect(notes.count == 278)
        let byTitle = Dictionary(notes.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
        let top = notes.filter { $0.folder == nil }.map(\.title).sorted()
        #expect(top == ["Getting Started on Mobile", "Home", "Journal", "Project Planner", "Weekly To-do List"])
        #expect(notes.filter { $0.folder == "Home" }.map(\.title).sorted() == ["Home views", "My tasks"])
        #expect(notes.filter { $0.folder == "Getting Started on Mobile" }.map(\.title) == ["Example sub page"])
        #expect(notes.filter { $0.folder == "Habit Tracker" }.count == 270)

        let home = try #require(byTitle["Home"])
        #expect(home.sourceID == "2a889dba369b48709ec62508d5020d93")
        // The databases Home links to are not in the export: the links stay as written.
        #expect(home.body.hasPrefix("[Untitled](Home%202a889dba369b48709ec62508d5020d93/Untitled%20ba969b930dec4f26b1d82ab1f6306d94.csv)\n"))
        let mobile = try #require(byTitle["Getting Started on Mobile"])
        #expect(mobile.body.contains("\n    [[Example sub page]]\n"))
        #expect(!mobile.body.contains("%20"))
        #expect(mobile.body.hasPrefix("👋 Welcome to Notion!\n"))
        #expect(byTitle["Project Planner"]?.body.contains("- [x]  Research publishing options") == true)

        let row = try #require(byTitle["@June 8, 2025"])
        #expect(row.sourceID == "20cbb52ee2b581fc83a7eedcf3229272")
        #expect(row.body == "")
        #expect(row.properties == [
            ImportedProperty("Full date", "June 8, 2025 6:10 AM"), ImportedProperty("Ran today", "No"),
            ImportedProperty("Meditated", "No"), ImportedProperty("Practiced guitar", "No"),
        ])
    }

    @Test(.enabled(if: ImportFixtures.directory != nil)) func refusesTheHTMLExport() {
        let path = ImportFixtures.path("notion/notion-testspace.zip")
        #expect(throws: VaultError.unreadableExport(path: path, entry: nil,
                                                    reason: "this is Notion's HTML export; export the workspace again as Markdown & CSV")) {
            try Self.items(path)
        }
    }

    @Test func flattensDeepPagesAndLinksFilesAndPages() throws {
        var part = ZipBuilder()
        let id = { (n: Int) in String(repeating: String(n), count: 32) }
        part.add("Top \(id(1)).md", "# Top\n\nSee [Deep](Top%20\(id(1))/Middle%20\(id(2))/Deep%20\(id(3)).md) and [gone](Gone%20\(id(9)).md)\n")
        part.add("Top \(id(1))/Middle \(id(2)).md", "# Middle\n\n![](Middle%20\(id(2))/photo%201.png)\n[back](../Top%20\(id(1)).md)\n")
        part.add("Top \(id(1))/Middle \(id(2))/photo 1.png", "PNG")
        part.add("Top \(id(1))/Middle \(id(2))/Deep \(id(3)).md", "# Deep\n\n[web](https://example.com/a%20b.md)\n", deflated: true)
        var outer = ZipBuilder()
        outer.add(ZipBuilder.Entry(name: Array("Export-abc-Part-1.zip".utf8), data: part.bytes))
        let notes = try withTemporaryFile(outer.bytes) { try Self.items($0) }.notes
        #expect(notes.map(\.title) == ["Top", "Middle", "Deep"])
        #expect(notes.map(\.folder) == [nil, "Top", "Top"])
        #expect(notes.map(\.sourceID) == [id(1), id(2), id(3)])
        #expect(notes[0].body == "See [[Deep]] and [gone](Gone%20\(id(9)).md)\n")
        #expect(notes[1].body == "![[photo 1.png]]\n[[Top]]\n")
        #expect(notes[1].attachments == [ImportedAttachment(name: "photo 1.png", bytes: Array("PNG".utf8))])
        #expect(notes[2].body == "[web](https://example.com/a%20b.md)\n")
    }

    @Test func takesARowsPropertiesFromItsDatabase() throws {
        var part = ZipBuilder()
        let id = String(repeating: "a", count: 32)
        let row = String(repeating: "b", count: 32)
        let other = String(repeating: "c", count: 32)
        part.add("Tasks \(id).csv", "\u{FEFF}Name,Status,Notes,Next\n\"Call, mom\",Done,\"said \"\"hi\"\"\nlater\"\n")
        part.add("Tasks \(id)/Call, mom \(row).md",
                 "# Call, mom\n\nStatus: Done\nNext: [Buy milk](Buy%20milk%20\(other).md)\n\nReal text: stays\n")
        part.add("Tasks \(id)/Buy milk \(other).md", "# Buy milk\n")
        let notes = try withTemporaryFile(part.bytes) { try Self.items($0) }.notes
        #expect(notes == [
            ImportedNote(sourceID: other, title: "Buy milk", body: "", folder: "Tasks"),
            ImportedNote(sourceID: row, title: "Call, mom", body: "Real text: stays\n", folder: "Tasks",
                         properties: [ImportedProperty("Status", "Done"), ImportedProperty("Next", "[[Buy milk]]"),
                                      ImportedProperty("Notes", "said \"hi\"\nlater")]),
        ])
    }

    @Test func refusesAHostileInnerArchive() throws {
        var part = ZipBuilder()
        part.add("../escape.md", "# x\n")
        var outer = ZipBuilder()
        outer.add(ZipBuilder.Entry(name: Array("Export-abc-Part-1.zip".utf8), data: part.bytes))
        try withTemporaryFile(outer.bytes) { path in
            #expect(throws: VaultError.unreadableExport(path: path + "/Export-abc-Part-1.zip", entry: "../escape.md",
                                                        reason: "its name leads outside the archive")) {
                try Self.items(path)
            }
        }
    }
}
