import Foundation
import Testing
@testable import VaultKit

/// Every link form of docs/links.md, and things that look like links but are not.
@Suite struct LinkParserTests {
    func links(_ text: String) -> [NoteLink] {
        Array(text.utf8).withUnsafeBytes { LinkParser.links(in: $0) }
    }

    /// `kind target#heading @line:column`, and the target's bytes as written.
    func described(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return links(text).map { link in
            "\(link.kind.rawValue) \(link.target)\(link.heading.map { "#" + $0 } ?? "") @\(link.line):\(link.column) '\(String(decoding: bytes[link.targetRange], as: UTF8.self))'"
        }
    }

    @Test(arguments: [
        ("[[Title]]", ["wiki Title @1:1 'Title'"]),
        ("see [[path/to/Note]].", ["wiki path/to/Note @1:5 'path/to/Note'"]),
        ("[[Note|shown text]]", ["wiki Note @1:1 'Note'"]),
        ("[[Note#Heading|x]]", ["wiki Note#Heading @1:1 'Note'"]),
        ("[[#Heading]]", ["wiki #Heading @1:1 ''"]),
        ("![[photo.png]]", ["embed photo.png @1:1 'photo.png'"]),
        ("é [[Café]]", ["wiki Café @1:3 'Café'"]),
        ("[text](../Work/Plan%20B.md)", ["markdown ../Work/Plan B.md @1:1 '../Work/Plan%20B.md'"]),
        ("[text](<../Work/Plan B.md>)", ["markdown ../Work/Plan B.md @1:1 '../Work/Plan B.md'"]),
        ("[text](Plan.md#Goals \"title\")", ["markdown Plan.md#Goals @1:1 'Plan.md'"]),
        ("![alt](img/a.png)", ["markdown img/a.png @1:1 'img/a.png'"]),
        ("[a [nested] b](x.md)", ["markdown x.md @1:1 'x.md'"]),
        ("[[A]] and [[B]]", ["wiki A @1:1 'A'", "wiki B @1:11 'B'"]),
    ])
    func linkForms(_ text: String, _ expected: [String]) {
        #expect(described(text) == expected, "\(text)")
    }

    @Test(arguments: [
        "`[[code span]]`", "``a `[[x]]` b``", "\\[[escaped]]", "[web](https://example.com/a.md)", "[mail](mailto:a@b.c)",
        "[anchor](#heading)", "[[unclosed", "[text] (space.md)", "[]()", "[x](//host/a.md)",
    ])
    func notLinks(_ text: String) {
        #expect(links(text).isEmpty, "\(text)")
    }

    /// Code inside a callout ends with the callout, fenced or not closed; an indented line
    /// after a fence is not code without a blank line before it; a reference definition
    /// is a link, a footnote is not.
    @Test func codeEndsWithItsQuoteAndDefinitionsAreLinks() {
        #expect(described("> ```\n> [[In]]\nafter [[Out]]\n") == ["wiki Out @3:7 'Out'"])
        #expect(described("```\nx\n```\n    [[Item]]\n") == ["wiki Item @4:5 'Item'"])
        #expect(described("[r]: Note.md \"t\"\n[^1]: [[Foot]]\n") == ["markdown Note.md @1:1 'Note.md'", "wiki Foot @2:7 'Foot'"])
        #expect(described("| [[A\\|b]] |\n") == ["wiki A @1:3 'A'"])
    }

    @Test func notInFrontMatterOrCodeBlocksAndLinesCountFromTheTop() {
        // A quoted wiki link in the front matter is a property link (Obsidian 1.4+).
        let text = "---\ntitle: \"[[Prop]]\"\n---\n```\n[[Code]]\n```\n~~~md\n[[Tilde]]\n~~~\r\n[[Yes]]\r\n"
        #expect(described(text) == ["wiki Prop @2:9 'Prop'", "wiki Yes @10:1 'Yes'"])
    }

    @Test func resolvingAsObsidianDoes() {
        let targets = LinkTargets(paths: ["Work/Plan.md", "Archive/Plan.md", "Archive/Old/Plan.md", "Home.md", "Work/Projects/Alpha.md"])
        func resolve(_ text: String, from path: String) -> LinkTargets.Resolution {
            targets.resolve(links(text)[0], from: path)
        }
        #expect(resolve("[[plan]]", from: "Home.md") == .note("Work/Plan.md"), "the shortest path among notes of that name")
        #expect(resolve("[[Archive/Plan]]", from: "Home.md") == .note("Archive/Plan.md"))
        #expect(resolve("[[Nope]]", from: "Home.md") == .broken)
        #expect(resolve("[[#Top]]", from: "Home.md") == .sameNote)
        #expect(resolve("![[a.png]]", from: "Home.md") == .attachment)
        #expect(resolve("[x](Projects/Alpha.md)", from: "Work/Plan.md") == .note("Work/Projects/Alpha.md"))
        #expect(resolve("[x](../Home.md)", from: "Work/Plan.md") == .note("Home.md"))
        #expect(resolve("[x](../../Home.md)", from: "Work/Plan.md") == .broken, "out of the vault")
        #expect(resolve("[x](Alpha.md)", from: "Work/Plan.md") == .note("Work/Projects/Alpha.md"), "a bare name finds its note as a wiki link does (DESIGN 13.1)")
        #expect(resolve("[x](./Alpha.md)", from: "Work/Plan.md") == .broken, "a path from the note's folder, not a name")
    }
}

/// Text CommonMark and Obsidian do not read as a link is not one (issue: 865 false
/// warnings in one Obsidian vault), and a name with a dot names a note.
@Suite struct ObsidianLinkTextTests {
    let parser = LinkParserTests()

    @Test(arguments: [
        "[System.Reflection.Assembly]::Load($bytes)",
        "[git repo](github repo for the theme)",
        "<!-- [[Hidden]] -->",
        "<!--\n[[Hidden]]\n[x](Hidden.md)\n-->",
        "%% [[Hidden]] %%",
        "%%\n[[Hidden]]\n%%",
        "$$\n[[Hidden]]\n$$",
        "[[<% tp.file.creation_date() %>]]",
        "[[{{date}}]]",
    ])
    func notLinks(_ text: String) {
        #expect(parser.links(text).isEmpty, "\(text)")
    }

    /// A comment or math opener inside a code span is code (`kill $$`): it hid every link
    /// after it.
    @Test func anOpenerInACodeSpanHidesNothing() {
        #expect(parser.described("Run `kill $$` then [[Link]]\n`%%` and `<!--` [[Two]]\n") == ["wiki Link @1:20 'Link'", "wiki Two @2:17 'Two'"])
    }

    /// A definition cannot interrupt a paragraph, but may follow a heading or a fence.
    @Test func aDefinitionAfterAHeadingIsALink() {
        #expect(parser.described("## Links\n[1]: Plan.md\n") == ["markdown Plan.md @2:1 'Plan.md'"])
        #expect(parser.described("text\n[1]: Plan.md\n") == [])
    }

    @Test func textAroundACommentStillLinks() {
        #expect(parser.described("a <!-- [[No]] --> [[Yes]]\n") == ["wiki Yes @1:19 'Yes'"])
        #expect(parser.described("<!--\nx\n-->\n[[After]]\n") == ["wiki After @4:1 'After'"])
        #expect(parser.described("[t](Plan.md \"title\") [u](Plan.md 'x')") == ["markdown Plan.md @1:1 'Plan.md'", "markdown Plan.md @1:22 'Plan.md'"])
    }

    @Test(arguments: ["Node.js", "G.I. Joe fallacy", "TLS 1.3", "M.2", "v1.2.3 notes", "Notes.md"])
    func aNameWithADotNamesANote(_ target: String) {
        #expect(NoteLink(kind: .wiki, target: target, line: 1, column: 1, targetRange: 0..<1).namesNote, "\(target)")
    }

    @Test(arguments: ["photo.png", "Scan.PDF", "a/b/clip.mp4", "deck.pptx", "Board.canvas", "data.csv"])
    func aFileTypeNamesAnAttachment(_ target: String) {
        #expect(!NoteLink(kind: .wiki, target: target, line: 1, column: 1, targetRange: 0..<1).namesNote, "\(target)")
    }
}

/// Links in properties, as Obsidian 1.4+ reads them: a wiki link in a quoted value, alone or
/// in a list; not an unquoted `[[x]]` (a YAML list), not a comment.
@Suite struct PropertyLinkTests {
    let parser = LinkParserTests()

    @Test func quotedWikiLinksInTheFrontMatterAreLinks() {
        let text = "---\nrelated: \"[[Plan]]\"\nup: [\"[[Roadmap#Q1|q]]\", 'x [[Café]]']\nlist:\n  - \"[[Item]]\"\nno: [[Nested]]\n# \"[[Comment]]\"\nurl: \"https://x\" # '[[After]]'\n---\nbody [[Body]]\n"
        #expect(parser.described(text) == [
            "wiki Plan @2:11 'Plan'", "wiki Roadmap#Q1 @3:7 'Roadmap'", "wiki Café @3:29 'Café'", "wiki Item @5:6 'Item'", "wiki Body @10:6 'Body'",
        ])
    }
}
