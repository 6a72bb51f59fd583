import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

/// Inline `#tags` in a note's body, read as Obsidian reads them (docs/file-format.md).
@Suite struct InlineTagTests {
    func names(_ body: String) -> [String] {
        Array(body.utf8).withUnsafeBytes { InlineTags.occurrences(in: $0).map(\.name) }
    }

    func read(_ text: String, inlineTags: Bool = true) -> Note {
        let status = FileStatus(size: 0, inode: 0, mode: 0, modified: FileTime(seconds: 1_790_000_000, nanoseconds: 0),
                                changed: FileTime(seconds: 0, nanoseconds: 0), born: FileTime(seconds: 1_790_000_100, nanoseconds: 0))
        return Array(text.utf8).withUnsafeBytes { NoteReader.read($0, path: "n.md", status: status, inlineTags: inlineTags) }
    }

    @Test(arguments: [
        ("#tag", ["tag"]),
        ("text #tag more", ["tag"]),
        ("- [ ] task #work/home", ["work/home"]),
        ("tab\t#a and #b", ["a", "b"]),
        ("#a,#b", ["a"]),
        ("ends with #dot.", ["dot"]),
        ("(#paren) #ok)", ["ok"]),
        ("#snake_case #kebab-case #camelCase", ["snake_case", "kebab-case", "camelCase"]),
        ("#café #日本語 #Ünïcödé", ["café", "日本語", "Ünïcödé"]),
        ("#y1984 #1984 #2024-01", ["y1984", "2024-01"]),
        ("#🚀launch", ["🚀launch"]),
        ("#a/b/ trailing slash", ["a/b"]),
        ("#a//b", []),
    ])
    func readsTagsAsObsidianDoes(body: String, expected: [String]) {
        #expect(names(body) == expected)
    }

    @Test(arguments: [
        "# Heading",
        "## Heading two",
        "word#notatag",
        "\\#escaped",
        "http://example.com/page#frag",
        "see [[Note#Heading]] and [[Other #x]]",
        "a [link](page.md#section) here",
        "a [link](<page one.md #x>) here",
        "inline `code #x` span",
        "double ``code `#x` more`` span",
        "#",
        "# ",
        "#123",
    ])
    func notATag(body: String) {
        #expect(names(body) == [], "\(body)")
    }

    @Test func codeBlocksHoldNoTags() {
        let body = "```\n#fenced\n```\n~~~~\n#tilde\n~~~\n#stillcode\n~~~~\n\n    #indented\n\n#after\n> ```\n> #quoted\n> ```\n"
        #expect(names(body) == ["after"])
    }

    @Test func aTagInAHeadingsTextIsATag() {
        #expect(names("# Title #topic\n") == ["topic"])
    }

    @Test func rangesCoverTheHashAndTheName() {
        let body = "x #ab y\n#c"
        let found = Array(body.utf8).withUnsafeBytes { InlineTags.occurrences(in: $0) }
        #expect(found.map(\.range) == [2..<5, 8..<10])
    }

    /// Bytes that are not UTF-8 end a tag: its range is its bytes, so a rename replaces
    /// exactly them (an overlong `C1 81` once made the range four bytes too long).
    @Test func aTagEndsWhereTheBytesStopBeingUTF8() {
        let body: [UInt8] = Array("x #proj/".utf8) + [0xC1, 0x81] + Array(" and more".utf8)
        let found = body.withUnsafeBytes { InlineTags.occurrences(in: $0) }
        #expect(found.map(\.name) == ["proj"])
        #expect(found.map(\.range) == [2..<7])
        let overlong: [UInt8] = Array("#a".utf8) + [0xE0, 0x80, 0x80] + Array(" b".utf8)
        #expect(overlong.withUnsafeBytes { InlineTags.occurrences(in: $0) }.map(\.range) == [0..<2])
    }

    /// What a rename may write where an inline tag stands: `#v1.0` reads as `v1`.
    @Test func aNameReadsBackOnlyWhenItIsAllTagCharacters() {
        #expect(InlineTags.readsBack("work/alpha"))
        #expect(InlineTags.readsBack("café"))
        #expect(!InlineTags.readsBack("v1.0"))
        #expect(!InlineTags.readsBack("2024"))
        #expect(!InlineTags.readsBack("c++"))
    }

    @Test func aBodyWithoutHashIsSkipped() {
        #expect(names(String(repeating: "plain text ", count: 1000)) == [])
    }

    @Test func aNotesTagsAreItsFrontMatterTagsAndItsInlineTags() {
        let note = read("---\ntags: [Work]\n---\n# T\nabout #work and #home, #Home/x\n")
        #expect(note.tags == ["Work", "home", "Home/x"])
    }

    @Test func inlineTagsCanBeTurnedOff() {
        let note = read("---\ntags: [a]\n---\ntext #b\n", inlineTags: false)
        #expect(note.tags == ["a"])
    }

    @Test func aNoteWithoutFrontMatterHasItsInlineTags() {
        #expect(read("just #idea\n").tags == ["idea"])
    }

    @Test func frontMatterIsNotReadForInlineTags() {
        #expect(read("---\ntitle: \"#nope\"\n---\nbody\n").tags == [])
    }

    // MARK: - Front matter as Obsidian reads it (issues D2, D3)

    /// Obsidian (1.9 on) reads `tags` as a list; a single string is one tag, and a string
    /// with a comma or a space is no tag at all.
    @Test(arguments: [
        ("---\ntags: a\n---\n", ["a"]),
        ("---\ntags: \"#a\"\n---\n", ["a"]),
        ("---\ntags: a, b\n---\n", []),
        ("---\ntags: a b\n---\n", []),
        ("---\ntags: [a, b]\n---\n", ["a", "b"]),
    ])
    func aTagsStringIsOneTag(text: String, expected: [String]) {
        #expect(read(text).tags == expected)
    }

    @Test func aCommaStringIsReported() {
        #expect(!read("---\ntags: a, b\n---\n").problems.isEmpty)
    }

    /// Obsidian reads the key `tags` as written: `Tags` and `TAGS` are other properties,
    /// and `tag` was dropped in Obsidian 1.9.
    @Test(arguments: ["Tags", "TAGS", "tag"])
    func onlyTheKeyTagsHoldsTags(key: String) {
        #expect(read("---\n\(key): [a]\n---\nx\n").tags == [])
    }

    // MARK: - The config key (tags.inline)

    @Test func theConfigTurnsInlineTagsOffAndTheCacheFollows() throws {
        let vault = try TemporaryVault()
        try vault.write("n.md", "---\ntags: [a]\n---\ntext #b\n")
        try vault.write("old.md", "---\nmodified: 2020-01-01T00:00:00+00:00\n---\n#c\n")
        var uncached = vault.vault
        uncached.usesCache = false
        let on = try uncached.scan()
        #expect(Set(on.notes.flatMap(\.tags)) == ["a", "b", "c"])
        // A cache written as if well after the files changed, so that it is trusted.
        NoteCache.write(on.notes, root: vault.root, timeZone: vault.vault.timeZone, inlineTags: true, startedAt: Date(timeIntervalSinceNow: 10))
        #expect(try vault.vault.scan().cacheHits == 2, "the cache serves a scan with the same setting")
        try vault.write(".vault/config.yaml", "tags:\n  inline: false\n")
        #expect(!vault.vault.config.inlineTags)
        let off = try vault.vault.scan()
        #expect(Set(off.notes.flatMap(\.tags)) == ["a"], "a cache read with inline tags is not used")
        try vault.write(".vault/config.yaml", "tags: {inline: true}\n")
        #expect(Set(try vault.vault.scan().notes.flatMap(\.tags)) == ["a", "b", "c"])
    }

    @Test func aBadInlineSettingIsReported() {
        let config = Array("tags:\n  inline: maybe\n".utf8).withUnsafeBytes { VaultConfig.parse($0, path: "config.yaml") }
        #expect(config.inlineTags)
        #expect(config.problems.map(\.message) == ["'tags.inline' should be true or false"])
    }
}
