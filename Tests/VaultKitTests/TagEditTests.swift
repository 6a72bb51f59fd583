import Foundation
import Testing
@testable import VaultKit

@Suite struct TagEditTests {
    func edit(_ text: String, _ body: (inout FrontMatterEditor) throws -> Void) throws -> String {
        var editor = try FrontMatterEditor(bytes: Array(text.utf8))
        try body(&editor)
        return String(decoding: editor.bytes, as: UTF8.self)
    }

    let merge: (String) -> String? = { ["a": "c", "b": "c"][$0] ?? $0 }

    @Test(arguments: [
        ("---\ntags: [a, work]\n---\n", "---\ntags: [c, work]\n---\n"),
        ("---\ntags: [work, a, b]\n---\n", "---\ntags: [work, c]\n---\n"),
        ("---\ntags: [b, c, a]\n---\n", "---\ntags: [c]\n---\n"),
        ("---\ntags: [\"a\", 'work']\n---\n", "---\ntags: [\"c\", 'work']\n---\n"),
        ("---\ntags: [\"#a\"]\n---\n", "---\ntags: [\"#c\"]\n---\n"),
        ("---\ntags:\n  - a   # first\n  - b\n  - work\n---\n", "---\ntags:\n  - c   # first\n  - work\n---\n"),
        ("---\r\ntags:\r\n- b\r\n---\r\n", "---\r\ntags:\r\n- c\r\n---\r\n"),
        // One string is one tag; a string that is none (as Obsidian reads it) stays.
        ("---\ntags: a\n---\n", "---\ntags: c\n---\n"),
        ("---\ntags: '#b'  # old\n---\n", "---\ntags: '#c'  # old\n---\n"),
        ("---\ntags: a, b, work\n---\n", "---\ntags: a, b, work\n---\n"),
        ("---\ntags: \"a b\"\n---\n", "---\ntags: \"a b\"\n---\n"),
        ("---\ntags: [work]\n---\n", "---\ntags: [work]\n---\n"),
        // Only changed items change: spaces inside the brackets and odd separators stay.
        ("---\ntags: [ \"#a\", \"#work\" ]\n---\n", "---\ntags: [ \"#c\", \"#work\" ]\n---\n"),
        // `Tags` is not `tags` (Obsidian reads only the latter).
        ("---\nTags: [a]\n---\n", "---\nTags: [a]\n---\n"),
        ("---\ntags: [ work ,a,  b ]\n---\n", "---\ntags: [ work ,c ]\n---\n"),
        ("---\ntags: [ a ,work,  b, x ]\n---\n", "---\ntags: [ c ,work,  x ]\n---\n"),
        ("---\ntags: [ a, b ]\n---\n", "---\ntags: [ c ]\n---\n"),
        ("---\ntags: [\n  a,   # first\n  work\n]\n---\n", "---\ntags: [\n  c,   # first\n  work\n]\n---\n"),
    ])
    func mergeRewritesInPlace(before: String, after: String) throws {
        #expect(try edit(before) { try $0.renameTags(merge) } == after)
    }

    /// A rename changes the renamed items and nothing else: a tag the user wrote twice
    /// stays twice (real corpora have such notes), and a string list keeps its spacing.
    @Test(arguments: [
        ("---\ntags:\n- other\n- other\n- a\n---\n", "---\ntags:\n- other\n- other\n- z\n---\n"),
        ("---\ntags: [other, other, a]\n---\n", "---\ntags: [other, other, z]\n---\n"),
        ("---\ntags:   \"a\"   # one\n---\n", "---\ntags:   \"z\"   # one\n---\n"),
    ])
    func aRenameLeavesEveryOtherItemAsWritten(before: String, after: String) throws {
        #expect(try edit(before) { try $0.renameTags { $0 == "a" ? "z" : $0 } } == after)
    }

    @Test func removingTheLastBlockItemLeavesAnEmptyList() throws {
        #expect(try edit("---\ntags:\n  - a\nx: 1\n---\n") { try $0.renameTags { _ in nil } } == "---\ntags: []\nx: 1\n---\n")
    }

    @Test func aFlowListRenameEditsOnlyItsItems() throws {
        let before = "---\ntags: [ \"#Type/Checklist\", \"#Type/List\" ]\n---\n"
        let rename = TagOperations.renaming(oldKey: "type", to: "typ")
        #expect(try edit(before) { try $0.renameTags(rename) } == "---\ntags: [ \"#typ/Checklist\", \"#typ/List\" ]\n---\n")
        #expect(try edit("---\ntags: [ a, b ]\n---\n") { try $0.renameTags { _ in nil } } == "---\ntags: []\n---\n")
    }

    @Test func caseOnlyRename() throws {
        #expect(try edit("---\ntags: [Work, home]\n---\n") { try $0.renameTags { $0 == "Work" ? "work" : $0 } } == "---\ntags: [work, home]\n---\n")
    }

    @Test(arguments: [
        ("---\ntags: [c, work]\n---\n", ["a", "work"], "---\ntags: [a, work]\n---\n"),
        ("---\ntags: [work, c]\n---\n", ["work", "a", "b"], "---\ntags: [work, a, b]\n---\n"),
        ("---\ntags: [c]\n---\n", ["b", "c", "a"], "---\ntags: [b, c, a]\n---\n"),
        ("---\ntags:\n  - c\n  - work\n---\n", ["a", "b", "work"], "---\ntags:\n  - a\n  - b\n  - work\n---\n"),
        // A blank line or a comment between items stays between the same places.
        ("---\ntags:\n  - z\n\n  - y\n---\n", ["a", "y"], "---\ntags:\n  - a\n\n  - y\n---\n"),
        ("---\ntags:\n  - z\n  # mine\n  - y\n---\n", ["a", "b", "y"], "---\ntags:\n  - a\n  # mine\n  - b\n  - y\n---\n"),
        ("---\ntags:\n  - z\n\n  # mine\n  - y\n---\n", ["a"], "---\ntags:\n  - a\n\n  # mine\n---\n"),
    ])
    func setTagsRestoresTheOrder(before: String, names: [String], after: String) throws {
        #expect(try edit(before) { try $0.setTags(names) } == after)
    }
}
