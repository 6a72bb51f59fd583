import Foundation
import Testing
@testable import VaultKit

/// Google Keep's Takeout export: the real fixtures, and a Takeout zip built here.
@Suite struct KeepReaderTests {
    static func items(_ path: String) throws -> [ImportItem] { try KeepReader().items(path) }

    static func byTitle(_ items: [ImportItem]) -> [String: ImportedNote] {
        var notes: [String: ImportedNote] = [:]
        for case .note(let note) in items { notes[note.title] = note }
        return notes
    }


    @Test(.enabled(if: ImportFixtures.directory != nil)) func readsEveryNoteOfTheExport() throws {
        let items = try Self.items(ImportFixtures.path("keep/notes"))
        let notes = Self.byTitle(items)
        #expect(items.count == 12)
        #expect(notes.count == 12)
        #expect(notes.keys.sorted() == [
            "2023-08-01T14_29_43.842+10_00", "Archived note", "Background colour note", "Checklist note", "Deleted note",
            "Drawings (multiple) note", "Image, label, and body text note",
            "Invalid title characters note !@#$%^&*()_+~`{}[]\\|;:'<>',./?/*-+", "Labelled note",
            "Multiline title note Second line", "Pinned text note", "Voice recording",
        ])

        let pinned = try #require(notes["Pinned text note"])
        #expect(pinned.pinned)
        #expect(pinned.place == .notes)
        #expect(pinned.sourceID == "Pinned text note.json")
        #expect(pinned.body == "This note is just a plain simple text note that is pinned.\n")
        #expect(seconds(pinned.created) == seconds("2023-07-27T02:45:09Z"))
        #expect(seconds(pinned.modified) == seconds("2023-08-01T04:42:07Z"))
        #expect(notes["Archived note"]?.place == .archive)
        #expect(notes["Deleted note"]?.place == .trash)
        #expect(notes["Background colour note"]?.properties == [ImportedProperty("color", "red")])
        #expect(notes["Pinned text note"]?.properties == [])

        #expect(notes["Checklist note"]?.body == """
            - [ ] First item
            - [ ] Second item and #hashtag
            - [ ] First sub-item
            - [ ] Second sub-item and #labelWith!'@:$"Symbols
            - [ ] Third item

            """)
        #expect(notes["Labelled note"]?.tags == [
            "label-with-!'@:$\"-Symbols", "Underscored_Label", "hyphenated-label", "label-with-spaces", "label", "camelCaseLabel",
        ])

        let drawings = try #require(notes["Drawings (multiple) note"])
        #expect(drawings.attachments == [
            ImportedAttachment(name: "1690514342456.1074605235.png", bytes: nil),
            ImportedAttachment(name: "1690514400167.1149307624.png", bytes: nil),
        ])
        #expect(drawings.body == "This is the body text.\n\n![[1690514342456.1074605235.png]]\n![[1690514400167.1149307624.png]]\n")
        #expect(notes["Voice recording"]?.body.hasSuffix("\n\n[[1690859067849.259766.1353747803.3gp]]\n") == true)
        let untitled = try #require(notes["2023-08-01T14_29_43.842+10_00"])
        #expect(untitled.sourceID == "2023-08-01T14_29_43.842+10_00.json")
        #expect(untitled.body.hasPrefix("This note has a drawing but no title\n"))
    }

    @Test(.enabled(if: ImportFixtures.directory != nil)) func skipsBrokenJSONAndFallsBackForMissingDates() throws {
        let items = try Self.items(ImportFixtures.path("keep/malformed"))
        #expect(items.count == 2)
        guard case .skipped(let skip) = items.first else {
            Issue.record("expected a skip, got \(String(describing: items.first))")
            return
        }
        #expect(skip.name == "broken-json-note.json")
        guard case .unreadable(let reason) = skip.reason else {
            Issue.record("expected unreadable, got \(skip.reason)")
            return
        }
        #expect(reason == "broken-json-note.json:8:5: not valid JSON (invalid value)")
        let note = try #require(Self.byTitle(items)["_Text note"])
        #expect(seconds(note.created) == seconds("2023-07-27T02:51:47Z"))
        #expect(note.modified == note.created)
    }

    @Test func readsATakeoutZipWithItsAttachments() throws {
        var zip = ZipBuilder()
        zip.add("Takeout/archive_browser.html", "<html></html>")
        zip.add("Takeout/Keep/Shopping.json", """
            {"title":"Shopping","listContent":[{"text":"milk","isChecked":true},{"text":"eggs","isChecked":false}],
            "labels":[{"name":"home"},{"name":"Home"}],"attachments":[{"filePath":"photo.png","mimetype":"image/png"},
            {"filePath":"../escape.png","mimetype":"image/png"}],"isPinned":false,"createdTimestampUsec":1700000000123456}
            """, deflated: true)
        zip.add("Takeout/Keep/Shopping.html", "<html>copy</html>")
        zip.add("Takeout/Keep/photo.png", "PNGDATA")
        zip.add("Takeout/Keep/Blank.json", #"{"title":"","textContent":"  ","userEditedTimestampUsec":1}"#)
        let items = try withTemporaryFile(zip.bytes) { try Self.items($0) }
        #expect(items == [
            .skipped(ImportSkip(name: "Takeout/Keep/Blank.json", reason: .empty)),
            .note(ImportedNote(sourceID: "Shopping.json", title: "Shopping", body: "- [x] milk\n- [ ] eggs\n\n![[photo.png]]\n",
                               created: Date(timeIntervalSince1970: 1_700_000_000.123456),
                               modified: Date(timeIntervalSince1970: 1_700_000_000.123456),
                               tags: ["home"], attachments: [ImportedAttachment(name: "photo.png", bytes: Array("PNGDATA".utf8))])),
        ])
    }

    /// Keep's web links (`annotations`) close the note as a list, those its text already
    /// holds left out; `textContentHtml` is read when there is no `textContent`.
    @Test func readsWebLinksAndTheHTMLTextWhenThereIsNoPlainText() throws {
        let note = #"""
            {"title":"Trip","textContentHtml":"<p dir=\"ltr\" style=\"x\">Pack <b>boots </b>&amp; <i>maps</i><br>see <a href=\"https://example.com/a?b=1&amp;c=2\">the guide</a></p><p><span>caf&#233; &lt;3&#33; &#x263A;</span></p>",
             "annotations":[{"description":"","source":"WEBLINK","title":"Guide","url":"https://example.com/a?b=1&c=2"},
             {"source":"WEBLINK","title":"","url":"https://other.example/p"},{"source":"WEBLINK","url":"https://other.example/p"},
             {"source":"WEBLINK","title":"The [best] docs","url":"https://docs.example/a b"},{"source":"SHEETS","url":""}],
             "createdTimestampUsec":1700000000000000}
            """#
        let items = try withTemporaryFile(Array(note.utf8), name: "Trip.json") { try Self.items($0) }
        let trip = try #require(items.notes.first)
        #expect(trip.body == """
            Pack **boots** & *maps*
            see [the guide](https://example.com/a?b=1&c=2)
            café <3! ☺

            - <https://other.example/p>
            - [The \\[best\\] docs](https://docs.example/a%20b)

            """)
    }

    /// One note's `.json`, named by itself, is an export of one note; its attachments are
    /// read from beside it.
    @Test func readsOneNoteFileWithTheFilesBesideIt() throws {
        let files = [
            "Cat.json": #"{"title":"Cat","textContent":"mine","attachments":[{"filePath":"cat.jpg","mimetype":"image/jpeg"},{"filePath":"gone.png","mimetype":"image/png"}]}"#,
            "cat.jpg": "JPEG",
            "Other.json": "{}",
        ]
        let items = try withTemporaryFolder(files) { try Self.items($0 + "/Cat.json") }
        #expect(items == [.note(ImportedNote(sourceID: "Cat.json", title: "Cat", body: "mine\n\n![[cat.jpg]]\n![[gone.png]]\n",
                                             attachments: [ImportedAttachment(name: "cat.jpg", bytes: Array("JPEG".utf8)),
                                                           ImportedAttachment(name: "gone.png", bytes: nil)]))])
    }
}
