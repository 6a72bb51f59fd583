import Foundation
import Testing
@testable import VaultKit

/// Renames keep links working (docs/links.md): only a link's target text changes, in its own
/// style, and links that still lead to the right note are left alone.
@Suite struct LinkRewriterTests {
    static let notes = ["Home.md", "Work/Plan.md", "Work/Other.md", "Personal/Trips/Note.md", "Plan Old.md", "Archive/Keep.md"]

    /// `text`, the note at `path`, with its links rewritten for `moves`.
    func rewritten(_ text: String, at path: String = "Home.md", _ moves: [LinkRewriter.Move], files: Set<String> = []) -> String {
        let rewriter = LinkRewriter(paths: Self.notes, moves: moves) { files.contains($0) }
        let bytes = Array(text.utf8)
        let splices = rewriter.splices(in: bytes, of: path)
        return String(decoding: ByteSplice.apply(splices, to: bytes) ?? [], as: UTF8.self)
    }

    static let rename = [LinkRewriter.Move(from: "Work/Plan.md", to: "Work/Plan B.md")]

    @Test(arguments: [
        ("[[Plan]]", "[[Plan B]]"),
        ("[[plan|shown text]]", "[[Plan B|shown text]]"),
        ("[[Plan#Goals|g]] and [[ Plan ]]", "[[Plan B#Goals|g]] and [[ Plan B ]]"),
        ("![[Plan]]", "![[Plan B]]"),
        ("[[Work/Plan]]", "[[Work/Plan B]]"),
        ("[[Work/Plan.md|x]]", "[[Work/Plan B.md|x]]"),
        ("[[/Work/Plan]]", "[[/Work/Plan B]]"),
        ("[t](Work/Plan.md)", "[t](Work/Plan%20B.md)"),
        ("[t](Work/Plan.md#Goals \"title\")", "[t](Work/Plan%20B.md#Goals \"title\")"),
        ("[t](<Work/Plan.md>)", "[t](<Work/Plan B.md>)"),
        ("[t](./Work/Plan)", "[t](./Work/Plan%20B)"),
        ("`[[Plan]]` and [[Other]] and [[Plan Old]] and [[#Plan]]", "`[[Plan]]` and [[Other]] and [[Plan Old]] and [[#Plan]]"),
        ("```\n[[Plan]]\n```\n[[Plan]]\n", "```\n[[Plan]]\n```\n[[Plan B]]\n"),
        ("\\[[Plan]] and [x](https://example.com/Plan.md)", "\\[[Plan]] and [x](https://example.com/Plan.md)"),
    ])
    func aRenameChangesOnlyTargets(_ text: String, _ expected: String) {
        #expect(rewritten(text, Self.rename) == expected)
    }

    @Test func relativeLinksFromSubfoldersStayRelative() {
        let text = "[a](../../Work/Plan.md) [b](<../../Work/Plan.md>) [c](../../Work/Caf%C3%A9.md)"
        #expect(rewritten(text, at: "Personal/Trips/Note.md", Self.rename)
            == "[a](../../Work/Plan%20B.md) [b](<../../Work/Plan B.md>) [c](../../Work/Caf%C3%A9.md)")
    }

    @Test func crlfAndBOMKeepEveryOtherByte() {
        let text = "\u{FEFF}---\r\ntags: [a]\r\n---\r\nSee [[Plan]].\r\n[x](Work/Plan.md)\r\n"
        #expect(rewritten(text, Self.rename) == "\u{FEFF}---\r\ntags: [a]\r\n---\r\nSee [[Plan B]].\r\n[x](Work/Plan%20B.md)\r\n")
    }

    @Test func aMovedNoteKeepsItsOwnRelativeLinksRight() {
        let move = [LinkRewriter.Move(from: "Work/Plan.md", to: "Plan.md")]
        // `[o](Other.md)` still finds Work/Other.md by its name wherever it is written from.
        let text = "[h](../Home.md) [o](Other.md) [[Other]] [[Work/Other]] [s](./Other.md#x) [[Plan]]"
        #expect(rewritten(text, at: "Work/Plan.md", move) == "[h](Home.md) [o](Other.md) [[Other]] [[Work/Other]] [s](./Work/Other.md#x) [[Plan]]")
        // A move to a folder of the same depth changes nothing.
        let sideways = [LinkRewriter.Move(from: "Work/Plan.md", to: "Archive/Plan.md")]
        #expect(rewritten(text, at: "Work/Plan.md", sideways) == "[h](../Home.md) [o](Other.md) [[Other]] [[Work/Other]] [s](../Work/Other.md#x) [[Plan]]")
        // A name that no longer finds its note becomes a path.
        let written = "[o](Plan%20Old.md)"
        let renamed = [LinkRewriter.Move(from: "Work/Other.md", to: "Work/Plan Old.md"), LinkRewriter.Move(from: "Plan Old.md", to: "Archive/Deep/Plan Old.md")]
        #expect(rewritten(written, at: "Home.md", renamed) == "[o](Archive/Deep/Plan%20Old.md)")
    }

    @Test func aNameThatNoLongerFindsTheNoteBecomesAPath() {
        // A name finds the note with the shortest path: renamed to "Keep" deeper than
        // Archive/Keep.md, the renamed note is named by its path.
        let move = [LinkRewriter.Move(from: "Plan Old.md", to: "Personal/Trips/Keep.md")]
        #expect(rewritten("[[Plan Old]] [[Keep]]", move) == "[[Personal/Trips/Keep]] [[Keep]]")
        // Renamed to "Keep" at the top, it takes the name: links that meant the other note
        // now name it by its path.
        let toRoot = [LinkRewriter.Move(from: "Work/Other.md", to: "Keep.md")]
        #expect(rewritten("[[Other]] [[Keep]]", toRoot) == "[[Keep]] [[Archive/Keep]]")
    }

    @Test func aFolderRenameCarriesPathsAndAttachments() {
        let move = [LinkRewriter.Move(from: "Work", to: "Job", isFolder: true)]
        let text = "[[Work/Plan|p]] [[Plan]] ![](Work/img.png) ![[Work/img.png]] ![](Work/gone.png) [o](Work/Other.md)"
        #expect(rewritten(text, move, files: ["Work/img.png"]) == "[[Job/Plan|p]] [[Plan]] ![](Job/img.png) ![[Job/img.png]] ![](Work/gone.png) [o](Job/Other.md)")
        // From inside the folder, relative links to its own notes stay as they are.
        #expect(rewritten("[o](Other.md) [h](../Home.md)", at: "Work/Plan.md", move) == "[o](Other.md) [h](../Home.md)")
    }

    @Test func undoSplicesPutBackTheBytes() {
        let before = Array("a [[Plan]] b [[Plan]] é".utf8)
        let rewriter = LinkRewriter(paths: Self.notes, moves: Self.rename) { _ in false }
        let splices = rewriter.splices(in: before, of: "Home.md")
        let after = ByteSplice.apply(splices, to: before) ?? []
        #expect(ByteSplice.apply(ByteSplice.inverted(splices), to: after) == before)
        #expect(ByteSplice.apply(splices, to: after) == nil, "a splice applies only where its bytes are")
        let changed = Array("a [[Plan]] b [[Plan]] è".utf8)
        let one = ByteSplice.between(before, changed)
        #expect(one.count == 1 && one[0].removed == Array("é".utf8) && one[0].inserted == Array("è".utf8), "whole characters: \(one)")
    }

    @Test func aRecordReadsBackAsWritten() throws {
        let record = OperationRecord(id: "abc12345", kind: .rename, time: Date(timeIntervalSince1970: 1_800_000_000), summary: "a → b \"q\"",
                                     steps: [.edit(path: "Home.md", before: 1, after: .max, splices: [ByteSplice(offset: 3, removed: Array("x\r\n\"é".utf8), inserted: [])]),
                                             .move(from: "a.md", to: "b: c.md"), .edit(path: "n.md", before: 2, after: 3, splices: [])])
        let text = record.text(timeZone: TimeZone(identifier: "UTC")!)
        let read = Array(text.utf8).withUnsafeBytes { OperationRecord(bytes: $0, timeZone: TimeZone(identifier: "UTC")!) }
        #expect(read == record, "\(text)")
        #expect(record.steps.map(\.inverse).map(\.inverse) == record.steps)
    }

    /// Bytes YAML would read as line breaks (NEL, U+2028), not at all (C1 controls, a BOM
    /// inside), or that are not UTF-8: a record keeps them exactly.
    @Test func aRecordKeepsEveryByteOfItsSplices() throws {
        let awkward: [[UInt8]] = [
            Array("a\u{85}b".utf8), Array("\u{2028}\u{2029}".utf8), Array("\u{9B}x\u{FEFF}".utf8), [0x00, 0x7F, 0x1B],
            [0xFF, 0xFE, 0x80, 0x41], Array("tab\tend ".utf8), [],
        ]
        let splices = awkward.enumerated().map { ByteSplice(offset: $0.offset, removed: $0.element, inserted: awkward[(awkward.count - 1) - $0.offset]) }
        let record = OperationRecord(id: "abc12345", kind: .rename, time: Date(timeIntervalSince1970: 1_800_000_000), summary: "s\u{85}",
                                     steps: [.edit(path: "a.md", before: 1, after: 2, splices: splices)])
        let text = record.text(timeZone: TimeZone(identifier: "UTC")!)
        #expect(String(validating: Array(text.utf8), as: UTF8.self) != nil)
        let read = Array(text.utf8).withUnsafeBytes { OperationRecord(bytes: $0, timeZone: TimeZone(identifier: "UTC")!) }
        #expect(read == record, "\(text)")
    }
}

/// Backlinks passes over most notes without resolving their links: it must find exactly
/// what resolving every link of every note finds.
@Suite struct BacklinksTests {
    @Test(arguments: 1...5 as ClosedRange<UInt64>)
    func backlinksEqualResolvingEveryLink(seed: UInt64) throws {
        let vault = try TemporaryVault()
        let paths = ["Plan.md", "Work/Plan.md", "Work/Sub/plan.md", "Other.md", "Work/Other.md", "PLAN B.md", "Café.md", "Work/café.md"]
        var random = QueryRandom(seed: seed)
        let forms = ["[[Plan]]", "[[plan|x]]", "[[Work/Plan]]", "[[Work/Sub/plan.md]]", "![[Plan#h]]", "[m](Plan.md)", "[m](../Plan.md)",
                     "[m](Sub/plan.md)", "[m](<../Work/Plan.md>)", "[[Other]]", "[[Work/Other]]", "[[PLAN B]]", "[[plan b.md]]",
                     "[[Café]]", "[[CAFÉ]]", "[m](Caf%C3%A9.md)", "[[Nothing]]", "[[#Plan]]", "`[[Plan]]`"]
        for path in paths {
            let links = (0..<6).map { _ in random.element(of: forms) }
            try vault.write(path, "# \(path)\n\n" + links.joined(separator: " ") + "\n")
        }
        let session = VaultSession(vault: vault.vault)
        let notes = try session.scan().notes
        let everything = LinkTargets(paths: notes.map(\.path))
        for target in paths {
            let fast = session.backlinks(to: target, in: notes).map { "\($0.note.path):\($0.link.column)" }.sorted()
            let slow = notes.filter { $0.path != target }.flatMap { note in
                note.links.filter { everything.resolve($0, from: note.path) == .note(target) }.map { "\(note.path):\($0.column)" }
            }.sorted()
            #expect(fast == slow, "\(target)")
        }
    }
}

/// Links written as Obsidian users write them resolve and follow renames: a Markdown link
/// by name, a name with a dot.
@Suite struct ObsidianLinkRenameTests {
    static let notes = ["Home.md", "Work/Plan.md", "Tech/Node.js.md", "Tech/TLS 1.3.md"]

    func rewritten(_ text: String, _ moves: [LinkRewriter.Move]) -> String {
        let rewriter = LinkRewriter(paths: Self.notes, moves: moves) { _ in false }
        let bytes = Array(text.utf8)
        return String(decoding: ByteSplice.apply(rewriter.splices(in: bytes, of: "Home.md"), to: bytes) ?? [], as: UTF8.self)
    }

    @Test func aMarkdownLinkByNameFindsTheNoteAnywhere() {
        let targets = LinkTargets(paths: Self.notes)
        let link = NoteLink(kind: .markdown, target: "Plan.md", line: 1, column: 1, targetRange: 0..<7)
        #expect(targets.resolve(link, from: "Home.md") == .note("Work/Plan.md"))
        #expect(targets.resolve(NoteLink(kind: .markdown, target: "./Plan.md", line: 1, column: 1, targetRange: 0..<9), from: "Home.md") == .broken)
        #expect(targets.resolve(NoteLink(kind: .wiki, target: "Node.js", line: 1, column: 1, targetRange: 0..<7), from: "Home.md") == .note("Tech/Node.js.md"))
    }

    @Test func aMarkdownLinkByNameStaysANameOnRename() {
        #expect(rewritten("[t](Plan.md)", [.init(from: "Work/Plan.md", to: "Work/Plan B.md")]) == "[t](Plan%20B.md)")
        #expect(rewritten("[t](Plan.md)", [.init(from: "Work/Plan.md", to: "Archive/Plan.md")]) == "[t](Plan.md)")
    }

    /// A name that ends like a file names a note when one has it (`Passwords in
    /// unattend.xml.md`), as Obsidian finds it; with none, it stays an attachment.
    @Test func aNoteNamedLikeAFileIsANote() {
        let targets = LinkTargets(paths: ["Tags/Passwords in unattend.xml.md"])
        let link = NoteLink(kind: .wiki, target: "Passwords in unattend.xml", line: 1, column: 1, targetRange: 0..<1)
        #expect(targets.resolve(link, from: "Home.md") == .note("Tags/Passwords in unattend.xml.md"))
        #expect(targets.resolve(NoteLink(kind: .wiki, target: "config.xml", line: 1, column: 1, targetRange: 0..<1), from: "Home.md") == .attachment)
        let rewriter = LinkRewriter(paths: ["Home.md", "Tags/Passwords in unattend.xml.md"],
                                    moves: [.init(from: "Tags/Passwords in unattend.xml.md", to: "Tags/Unattend passwords.md")]) { _ in false }
        let bytes = Array("[[Passwords in unattend.xml]]".utf8)
        #expect(String(decoding: ByteSplice.apply(rewriter.splices(in: bytes, of: "Home.md"), to: bytes) ?? [], as: UTF8.self) == "[[Unattend passwords]]")
    }

    /// A new title that would end the link or its heading (`|`, `#`, `]`), or a quoted
    /// property's string (`"`), leaves the heading as it was.
    @Test func aHeadingThatCannotBeWrittenIsLeft() {
        var rewriter = LinkRewriter(paths: Self.notes, moves: [.init(from: "Work/Plan.md", to: "Work/Q3 Plan.md")]) { _ in false }
        rewriter.headingRenames = ["Work/Q3 Plan.md": .init(from: "Plan", to: "Q3 | Plan")]
        let bytes = Array("[[Plan#Plan]]".utf8)
        #expect(String(decoding: ByteSplice.apply(rewriter.splices(in: bytes, of: "Home.md"), to: bytes) ?? [], as: UTF8.self) == "[[Q3 Plan#Plan]]")
        rewriter.headingRenames = ["Work/Q3 Plan.md": .init(from: "Plan", to: "Q3 \"Plan\"")]
        let property = Array("---\nup: \"[[Plan#Plan]]\"\n---\n[[Plan#Plan]]\n".utf8)
        #expect(String(decoding: ByteSplice.apply(rewriter.splices(in: property, of: "Home.md"), to: property) ?? [], as: UTF8.self)
            == "---\nup: \"[[Q3 Plan#Plan]]\"\n---\n[[Q3 Plan#Q3 \"Plan\"]]\n")
    }

    @Test func aNameWithADotFollowsItsNote() {
        #expect(rewritten("[[Node.js]] and [[TLS 1.3|tls]]", [.init(from: "Tech/Node.js.md", to: "Tech/Nodejs.md"), .init(from: "Tech/TLS 1.3.md", to: "Tech/TLS 1.4.md")])
            == "[[Nodejs]] and [[TLS 1.4|tls]]")
    }
}
