import Foundation
import Testing
@testable import VaultKit

/// Every edit must change only the lines of the key it sets, byte for byte.
@Suite struct FrontMatterEditorTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    func edit(_ text: String, _ body: (inout FrontMatterEditor) throws -> Void) throws -> String {
        var editor = try FrontMatterEditor(bytes: Array(text.utf8), timeZone: paris)
        try body(&editor)
        return String(decoding: editor.bytes, as: UTF8.self)
    }

    @Test func setsAnExistingScalarInPlace() throws {
        let note = "---\ntitle: Plan   # keep me\npinned: false\n---\nbody\n"
        #expect(try edit(note) { try $0.set("pinned", to: .bool(true)) } == "---\ntitle: Plan   # keep me\npinned: true\n---\nbody\n")
    }

    /// Found by the front-matter fuzzer: a block scalar's range ends after its line break.
    @Test func replacesABlockScalarKeepingTheLineBreak() throws {
        let note = "---\ntitle: |\n  multi\n  line\ntags: >-\n  a\n---\nbody\n"
        #expect(try edit(note) { try $0.set("title", to: .string("One")) } == "---\ntitle: One\ntags: >-\n  a\n---\nbody\n")
        let crlf = "---\r\ntitle: >\r\n  folded\r\n\r\npinned: no\r\n---\r\n"
        #expect(try edit(crlf) { try $0.set("title", to: .string("One")) } == "---\r\ntitle: One\r\n\r\npinned: no\r\n---\r\n")
        let nested = "---\ntitle:\n  a: b\npinned: no\n---\n"
        #expect(try edit(nested) { try $0.set("title", to: .string("One")) } == "---\ntitle:\n  One\npinned: no\n---\n")
        let null = "---\n~\n# comment\n---\n"
        #expect(try edit(null) { try $0.set("title", to: .string("One")) } == "---\ntitle: One\n# comment\n---\n")
        let unindented = "---\ntitle:\n|\n  text\n---\n"
        #expect(try edit(unindented) { try $0.set("title", to: .string("One")) } == "---\ntitle: One\n---\n")
    }

    /// Found by the fuzzer: a flow mapping may end in a comma.
    @Test func appendsToAFlowMappingWithATrailingComma() throws {
        #expect(try edit("---\n{a: 1,}\n---\n") { try $0.set("pinned", to: .bool(true)) } == "---\n{a: 1, pinned: true}\n---\n")
        #expect(try edit("---\n{}\n---\n") { try $0.set("pinned", to: .bool(true)) } == "---\n{pinned: true}\n---\n")
    }

    /// Found by the fuzzer: an item below its `-` would be split by a line-based edit.
    @Test func refusesAListItemBelowItsDash() throws {
        #expect(throws: FrontMatterError(message: "vault cannot edit a list item that does not start on its '-' line", line: 4, column: 2)) {
            var editor = try FrontMatterEditor(bytes: Array("---\ntags:\n-  # why\n a\n---\n".utf8))
            try editor.updateTags(removing: [], adding: ["b"])
        }
        #expect(try edit("---\ntags:\n-\n- a\n---\n") { try $0.updateTags(removing: [], adding: ["b"]) } == "---\ntags:\n-\n- a\n- b\n---\n")
    }

    /// Found by the fuzzer: libyaml breaks lines at a lone CR, the editor's lines do not.
    @Test func refusesFrontMatterWithALoneCarriageReturn() {
        #expect(throws: FrontMatterError(message: "front matter has a carriage return without a line feed, which vault cannot edit safely", line: 3, column: 2)) {
            _ = try FrontMatterEditor(bytes: Array("---\ntags:\n-\r- a\n---\n".utf8))
        }
    }

    @Test func keepsTheSpellingFamilyOfBooleans() throws {
        #expect(try edit("---\npinned: yes\n---\n") { try $0.set("pinned", to: .bool(false)) } == "---\npinned: no\n---\n")
    }

    @Test func addsAMissingKeyAtTheEndOfTheBlock() throws {
        let note = "---\n# comment\ntags: [a]\n---\n\nText"
        #expect(try edit(note) { try $0.set("pinned", to: .bool(true)) } == "---\n# comment\ntags: [a]\npinned: true\n---\n\nText")
    }

    @Test func matchesKeysCaseInsensitively() throws {
        #expect(try edit("---\nPinned: false\n---\n") { try $0.set("pinned", to: .bool(true)) } == "---\nPinned: true\n---\n")
    }

    @Test func createsABlockOnlyWhenNeededAndKeepsBOMAndCRLF() throws {
        #expect(try edit("# Title\nbody") { try $0.set("pinned", to: .bool(true)) } == "---\npinned: true\n---\n# Title\nbody")
        let crlf = "\u{FEFF}# Title\r\nbody\r\n"
        #expect(try edit(crlf) { try $0.set("pinned", to: .bool(true)) } == "\u{FEFF}---\r\npinned: true\r\n---\r\n# Title\r\nbody\r\n")
    }

    @Test func keepsCRLFInsideTheBlock() throws {
        let note = "---\r\ntags: [a]\r\n---\r\nbody\r\n"
        #expect(try edit(note) { try $0.set("pinned", to: .bool(true)) } == "---\r\ntags: [a]\r\npinned: true\r\n---\r\nbody\r\n")
    }

    @Test func keepsQuotingStyleOfAReplacedString() throws {
        #expect(try edit("---\ntitle: 'Old'\n---\n") { try $0.set("title", to: .string("It's new")) } == "---\ntitle: 'It''s new'\n---\n")
        #expect(try edit("---\ntitle: \"Old\"\n---\n") { try $0.set("title", to: .string("New")) } == "---\ntitle: \"New\"\n---\n")
        #expect(try edit("---\ntitle: Old\n---\n") { try $0.set("title", to: .string("a: b")) } == "---\ntitle: \"a: b\"\n---\n")
    }

    @Test func fillsAnEmptyValue() throws {
        #expect(try edit("---\npinned:\ntags: [a]\n---\n") { try $0.set("pinned", to: .bool(true)) } == "---\npinned: true\ntags: [a]\n---\n")
    }

    @Test func flowListKeepsItsItemsAndSpacing() throws {
        let note = "---\ntags: [work, \"project/alpha\", home]  # mine\n---\n"
        let result = try edit(note) { try $0.updateTags(removing: ["home"], adding: ["done"]) }
        #expect(result == "---\ntags: [work, \"project/alpha\", done]  # mine\n---\n")
        #expect(try edit("---\ntags: [a,b]\n---\n") { try $0.updateTags(removing: ["a"], adding: ["c"]) } == "---\ntags: [b,c]\n---\n")
    }

    @Test func blockListKeepsLinesOfKeptItemsAndComments() throws {
        let note = "---\ntags:\n    - work   # main\n    # a comment\n    - home\nother: 1\n---\nbody\n"
        let result = try edit(note) { try $0.updateTags(removing: ["home"], adding: ["project/x"]) }
        #expect(result == "---\ntags:\n    - work   # main\n    # a comment\n    - project/x\nother: 1\n---\nbody\n")
    }

    @Test func blockListAtTheEndOfCRLFBlock() throws {
        let note = "---\r\ntags:\r\n  - a\r\n---\r\n"
        #expect(try edit(note) { try $0.updateTags(removing: [], adding: ["b"]) } == "---\r\ntags:\r\n  - a\r\n  - b\r\n---\r\n")
    }

    @Test func emptiedBlockListBecomesAnEmptyFlowList() throws {
        #expect(try edit("---\ntags:\n  - a\ntitle: x\n---\n") { try $0.updateTags(removing: ["a"], adding: []) } == "---\ntags: []\ntitle: x\n---\n")
    }

    /// One string is one tag: a second one makes it a flow list (a string `a, b` would be
    /// no tag at all), the string kept as written; a string that is no tag is refused.
    @Test func aStringTagBecomesAFlowList() throws {
        #expect(try edit("---\ntags: travel\n---\n") { try $0.updateTags(removing: [], adding: ["work"]) } == "---\ntags: [travel, work]\n---\n")
        #expect(try edit("---\ntags: \"#travel\"  # mine\n---\n") { try $0.updateTags(removing: [], adding: ["work"]) } == "---\ntags: [\"#travel\", work]  # mine\n---\n")
        #expect(try edit("---\ntags: travel\n---\n") { try $0.updateTags(removing: ["travel"], adding: []) } == "---\ntags: []\n---\n")
        #expect(throws: FrontMatterError.self) { try edit("---\ntags: health, running\n---\n") { try $0.updateTags(removing: [], adding: ["sleep"]) } }
    }

    @Test func tagsCompareCaseInsensitivelyAndIgnoreHash() throws {
        #expect(try edit("---\ntags: [\"#Work\", home]\n---\n") { try $0.updateTags(removing: ["work"], adding: ["HOME"]) } == "---\ntags: [home]\n---\n")
    }

    @Test func unchangedTagsWriteNothing() throws {
        let note = "---\ntags: [ a ,  b ]\n---\n"
        #expect(try edit(note) { try $0.updateTags(removing: [], adding: ["A"]) } == note)
    }

    @Test func addsToJSONStyleFrontMatter() throws {
        let note = "---\n{\"title\": \"x\", \"tags\": [\"a\"]}\n---\nbody\n"
        #expect(try edit(note) { try $0.set("pinned", to: .bool(true)) } == "---\n{\"title\": \"x\", \"tags\": [\"a\"], pinned: true}\n---\nbody\n")
        #expect(try edit(note) { try $0.updateTags(removing: [], adding: ["b"]) } == "---\n{\"title\": \"x\", \"tags\": [\"a\", \"b\"]}\n---\nbody\n")
    }

    @Test func keepsMultibyteTextAroundTheEdit() throws {
        let note = "---\ntitle: Café crème\npinned: false\nnote: naïve\n---\nZürich\n"
        #expect(try edit(note) { try $0.set("pinned", to: .bool(true)) } == "---\ntitle: Café crème\npinned: true\nnote: naïve\n---\nZürich\n")
    }

    @Test func removesAKeyWithItsLines() throws {
        #expect(try edit("---\na: 1\ntags:\n  - x\n  - y\nb: 2\n---\n") { try $0.remove("tags") } == "---\na: 1\nb: 2\n---\n")
    }

    @Test func writesDatesWithSecondsAndLocalOffset() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(try edit("---\nmodified: 2020-01-01T08:00\n---\n") { try $0.set("modified", to: .date(date)) } == "---\nmodified: 2026-11-18T12:06:40+01:00\n---\n")
        #expect(try edit("---\nx: 1\n---\n") { try $0.set("modified", to: .date(date)) } == "---\nx: 1\nmodified: 2026-11-18T12:06:40+01:00\n---\n")
        // A date written as a day stays a day (as Obsidian's date property writes it).
        #expect(try edit("---\nmodified: 2020-01-01\n---\n") { try $0.set("modified", to: .date(date)) } == "---\nmodified: 2026-11-18\n---\n")
    }

    @Test func refusesBrokenFrontMatterWithItsPlace() throws {
        #expect(throws: FrontMatterError(message: "did not find expected ',' or ']' while parsing a flow sequence started at 2:7", line: 3, column: 2)) {
            _ = try FrontMatterEditor(bytes: Array("---\ntags: [a, b\nx: 1\n---\n".utf8))
        }
    }

    @Test func refusesDuplicateKeys() throws {
        var editor = try FrontMatterEditor(bytes: Array("---\npinned: true\nPinned: false\n---\n".utf8))
        #expect(throws: FrontMatterError.self) { try editor.set("pinned", to: .bool(true)) }
        #expect(editor.bytes == Array("---\npinned: true\nPinned: false\n---\n".utf8))
    }

    @Test func refusesUnterminatedFrontMatter() {
        #expect(throws: FrontMatterError(message: "front matter is not closed: no line '---' follows the opening '---'", line: 1, column: 1)) {
            _ = try FrontMatterEditor(bytes: Array("---\ntitle: x\nbody\n".utf8))
        }
    }

    @Test func everyEditReparsesToTheNewValue() throws {
        let styles = [
            "---\ntags: [a, b]\n---\n", "---\ntags:\n- a\n- b\n---\n", "---\ntags: a\n---\n",
            "---\ntags:\n---\n", "---\n---\n", "body only\n", "---\r\ntags: [a]\r\n---\r\n",
        ]
        for style in styles {
            let result = try edit(style) { try $0.updateTags(removing: ["a"], adding: ["c/d"]) }
            var reread = try FrontMatterEditor(bytes: Array(result.utf8))
            let tags = reread.fields.tags
            #expect(tags.contains("c/d"), "\(style.debugDescription) → \(result.debugDescription)")
            #expect(!tags.contains("a"), "\(style.debugDescription) → \(result.debugDescription)")
            try reread.set("pinned", to: .bool(true))
        }
    }
}
