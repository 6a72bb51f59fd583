import Foundation
import Testing
@testable import VaultKit

/// Bear's backups: the real fixtures, a folder of TextBundles, and the title rules.
@Suite struct BearReaderTests {
    static func items(_ path: String) throws -> [ImportItem] { try BearReader().items(path) }

    @Test(.enabled(if: ImportFixtures.directory != nil)) func readsABackup() throws {
        let items = try Self.items(ImportFixtures.path("bear/backup.bear2bk"))
        #expect(items.count == 6)
        #expect(items.skips == [ImportSkip(name: "Encrypted File", reason: .encrypted)])
        let notes = items.notes
        #expect(notes.map(\.title) == [
            "Has no file heading, only content in the body of the file", "Archived File", "File with asset, content, and a tag",
            "File with heading only, no content", "Trashed file",
        ])
        #expect(notes.map(\.place) == [.notes, .notes, .notes, .notes, .trash])
        #expect(notes.map(\.body) == [
            "Has no file heading, only content in the body of the file\n", "Should be archived\n",
            "This is a test with a tag\n#Test-Tag\n\n![[acorn.jpeg]]\n", "", "Should be deleted\n",
        ])
        let first = notes[0]
        #expect(first.sourceID == "A15C57B8-C6F1-4B96-AE52-4A4D127BF37E")
        #expect(seconds(first.created) == seconds("2023-10-11T08:07:06Z"))
        #expect(seconds(first.modified) == seconds("2023-10-11T08:11:02Z"))
        #expect(!first.pinned)
        let asset = notes[2]
        #expect(asset.tags == ["Test-Tag"])
        #expect(asset.attachments.map(\.name) == ["acorn.jpeg"])
        #expect(asset.attachments.first?.bytes?.count == 62171)
        #expect(notes.filter { $0 != asset }.allSatisfy { $0.tags.isEmpty && $0.attachments.isEmpty })
    }

    @Test(.enabled(if: ImportFixtures.directory != nil)) func readsTagsInEveryScriptAndForm() throws {
        let notes = try Self.items(ImportFixtures.path("bear/tags.bear2bk")).notes
        #expect(notes.map(\.title) == ["Tag forms Bear writes", "Tags in other scripts"])
        #expect(notes.first?.tags == ["two-words", "项目-计划", "中文", "bad"])
        #expect(notes.first?.body.contains("#two-words #项目-计划\n") == true)
        #expect(notes.first?.body.contains("#中文，标签 #bad!tag\n") == true)
        #expect(notes.last?.tags == ["中文", "标签/子标签", "仕事", "일정", "Ελλάδα", "русский"])
        #expect(notes.last?.body.contains("#中文 #标签/子标签 #仕事 #일정 #Ελλάδα #русский\n") == true)
    }

    @Test func readsAFolderOfTextBundles() throws {
        let files = [
            "Plan.textbundle/text.md": "# Plan\n\nSee ![shot](assets/my%20shot.png) and [doc](assets/doc.pdf), [web](https://x.y/assets/z)\n",
            "Plan.textbundle/info.json": #"{"net.shinyfrog.bear":{"uniqueIdentifier":"P1","pinned":1,"archived":1}}"#,
            "Plan.textbundle/assets/my shot.png": "PNG",
            "Plan.textbundle/assets/doc.pdf": "PDF",
            "Blank.textbundle/text.md": "\n\n",
            "notes.txt": "not a bundle",
            "__MACOSX/Plan.textbundle/._text.md": "resource fork",
            ".DS_Store": "finder",
        ]
        let items = try withTemporaryFolder(files) { root in
            try FileManager.default.createSymbolicLink(atPath: root + "/Link.textbundle", withDestinationPath: root + "/Plan.textbundle")
            return try Self.items(root)
        }
        #expect(items == [
            .skipped(ImportSkip(name: "Blank", reason: .empty)),
            .note(ImportedNote(sourceID: "P1", title: "Plan", body: "See ![[my shot.png]] and [[doc.pdf]], [web](https://x.y/assets/z)\n",
                               pinned: true, place: .archive,
                               attachments: [ImportedAttachment(name: "doc.pdf", bytes: Array("PDF".utf8)),
                                             ImportedAttachment(name: "my shot.png", bytes: Array("PNG".utf8))])),
        ])
    }

    @Test func rewritesClosedTagsOutsideCodeOnly() {
        #expect(BearTags.rewritingClosedTags("a #two words# b\n```\n#not a tag#\n```\n#x y#, end\n")
            == "a #two-words b\n```\n#not a tag#\n```\n#x-y, end\n")
        #expect(BearTags.rewritingClosedTags("## Heading #\n#solo# #a b #c\n") == "## Heading #\n#solo #a b #c\n")
    }

    @Test(arguments: [
        ("# Title\n\nBody\n", "Title", "Body\n"),
        ("# \nNext line\nmore\n", "Next line", "Next line\nmore\n"),
        ("Plain first line\nrest", "Plain first line", "rest\n"),
        ("# Only heading", "Only heading", ""),
    ])
    func takesTheTitleFromTheFirstLine(text: String, title: String, body: String) {
        let split = BearBundle.titleAndBody(text)
        #expect(split.title == title)
        #expect(split.body == body)
    }
}
