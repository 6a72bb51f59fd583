import Testing
@testable import VaultKit

/// Evernote's ENML as Markdown, one family of the import fixtures at a time.
@Suite("ENML to Markdown")
struct ENMLConverterTests {
    private func markdown(_ body: String, resources: [ENMLConverter.Resource] = []) throws -> String {
        try ENMLConverter.convert("<!DOCTYPE en-note SYSTEM \"http://xml.evernote.com/pub/enml2.dtd\"><en-note>" + body + "</en-note>",
                                  resources: resources, file: "n.enex").markdown
    }

    @Test func linesFromEveryLineBreak() throws {
        let body = "Line 1<br></br>\nLine 2<br>\nLine 3<br/>\n<p>Line 4</p><div>Line 5<br /></div><div><br /></div><div>Line 6</div>"
        #expect(try markdown(body) == "Line 1\nLine 2\nLine 3\nLine 4\nLine 5\n\nLine 6\n")
    }

    @Test func headingsAndEmphasis() throws {
        let body = "<h1>One</h1><h2>Two</h2><div>a <b>bold</b>, <i>it </i>and <s>gone</s> <span style=\"background-color: rgb(255, 250, 165);\">lit</span> <span style=\"font-weight: bold;\"></span>end</div>"
        #expect(try markdown(body) == "# One\n## Two\na **bold**, *it* and ~~gone~~ ==lit== end\n")
    }

    @Test func nestedListsInEveryForm() throws {
        // `<ul>` inside `<li>`, `<ul>` inside `<ul>`, and text straight inside `<li>`.
        let valid = "<ul><li>a<ul><li>a.1</li></ul></li><li>b</li></ul>"
        #expect(try markdown(valid) == "- a\n    - a.1\n- b\n")
        let inList = "<ul><li>a</li><ul><li>a.1</li></ul><li>b</li></ul>"
        #expect(try markdown(inList) == "- a\n    - a.1\n- b\n")
        let ordered = "<ol><li>one</li><li>two<ol><li>inner</li></ol></li></ol>"
        #expect(try markdown(ordered) == "1. one\n2. two\n    1. inner\n")
    }

    @Test func checklistsAreTasks() throws {
        let ten = "<ul style=\"--en-todo:true;\"><li style=\"--en-checked:false;\"><div> open</div></li><li style=\"--en-checked:true;\"><div>done</div></li></ul>"
        #expect(try markdown(ten) == "- [ ] open\n- [x] done\n")
        let old = "<ul><li><i><b><en-todo checked=\"true\"/></b></i>first</li><li><en-todo/>second</li></ul><div><en-todo/>loose</div>"
        #expect(try markdown(old) == "- [x] first\n- [ ] second\n- [ ] loose\n")
    }

    @Test func tablesWithAHeaderRow() throws {
        let table = "<table><tbody><tr><td><div>c1r1</div></td><td>c2|r1</td></tr><tr><td>c1r2</td><td><b>c2r2</b></td></tr></tbody></table>"
        #expect(try markdown(table) == "| c1r1 | c2\\|r1 |\n| --- | --- |\n| c1r2 | **c2r2** |\n")
    }

    @Test func codeBlocksAndMonospaceLines() throws {
        let block = "<div>before</div><div style=\"font-family: Monaco, monospace;-en-codeblock:true;\"><div># *not* a heading</div><div>    indented</div></div><div>after</div>"
        #expect(try markdown(block) == "before\n```\n# *not* a heading\n    indented\n```\nafter\n")
        let courier = "<div><font face=\"Courier New\">foo</font></div><div><font face=\"Courier New\">bar</font></div>text"
        #expect(try markdown(courier) == "```\nfoo\nbar\n```\ntext\n")
    }

    @Test func linksOfEveryKind() throws {
        let body = "<div><a href=\"evernote:///view/1/s1/abc/abc/\">NoteA</a> <a href=\"https://x.org/a?b=1&amp;c=2\">site</a> <a href=\"https://x.org\"></a> <a href=\"https://y.org\">https://y.org</a></div>"
        #expect(try markdown(body) == "[[NoteA]] [site](https://x.org/a?b=1&c=2) <https://x.org> <https://y.org>\n")
    }

    @Test func mediaByHashAndDataImages() throws {
        let pdf = ENMLConverter.Resource(hash: MD5.hex([1, 2, 3]), name: "sample.pdf", bytes: [1, 2, 3])
        let unplaced = ENMLConverter.Resource(hash: MD5.hex([4]), name: "photo.png", bytes: [4])
        let result = try ENMLConverter.convert("<en-note><div>see <en-media hash=\"\(MD5.hex([1, 2, 3]))\" type=\"application/pdf\"/></div><img src=\"data:image/png;base64,AQID\"/></en-note>",
                                               resources: [pdf, unplaced], file: "n.enex")
        #expect(result.markdown == "see [[sample.pdf]]\n![[image.png]]\n\n![[photo.png]]\n")
        #expect(result.attachments.map(\.name) == ["sample.pdf", "photo.png", "image.png"])
        #expect(result.attachments.last?.bytes == [1, 2, 3])
    }

    @Test func encryptedBlocksLeaveAPlaceholder() throws {
        let mixed = try ENMLConverter.convert("<en-note><div>plain</div><en-crypt hint=\"h\" cipher=\"AES\">QUJD</en-crypt></en-note>", resources: [], file: "n.enex")
        #expect(mixed.markdown == "plain\n\(ENMLConverter.encryptedPlaceholder)\n")
        #expect(!mixed.encryptedOnly)
        let only = try ENMLConverter.convert("<en-note><en-crypt>QUJD</en-crypt></en-note>", resources: [], file: "n.enex")
        #expect(only.encryptedOnly)
    }

    @Test func datesBefore1970() {
        #expect(EnexReader.date("19691231T235959Z")?.timeIntervalSince1970 == -1)
        #expect(EnexReader.date("20240108T214113Z")?.timeIntervalSince1970 == 1_704_750_073)
        #expect(EnexReader.date("2024-01-08") == nil)
    }

    @Test func tagsAVaultCannotHoldAreMadeOnes() {
        #expect(ImportTag.clean(["two words", "a,b", "#hash", "a//b/", "ok/é\"@+"]) == ["two_words", "a_b", "hash", "a/b", "ok/é\"@+"])
        #expect(ImportTag.clean(["   "]) == [])
    }
}
