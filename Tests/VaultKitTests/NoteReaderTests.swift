import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

@Suite struct NoteReaderTests {
    func read(_ text: String, path: String = "Work/Plan.md") -> Note {
        let status = FileStatus(size: 0, inode: 0, mode: 0, modified: FileTime(seconds: 1_790_000_000, nanoseconds: 0),
                                changed: FileTime(seconds: 0, nanoseconds: 0), born: FileTime(seconds: 1_790_000_100, nanoseconds: 0))
        return Array(text.utf8).withUnsafeBytes { NoteReader.read($0, path: path, status: status) }
    }

    @Test func titleFromHeadingAndSnippetFromTheNextLines() {
        let note = read("---\ntags: [a]\n---\n\n# Standup notes #\n\n- [ ] send the **budget**\n> see [the plan](http://x)\nthird line\n")
        #expect(note.title == "Standup notes")
        #expect(note.snippet == "send the budget see the plan")
        #expect(note.folder == "Work")
    }

    @Test func frontMatterTitleWinsAndIsNotRepeatedInTheSnippet() {
        let note = read("---\ntitle: Plan\n---\n# Plan\nfirst\n")
        #expect(note.title == "Plan")
        #expect(note.snippet == "first")
    }

    @Test func fileNameIsTheLastResort() {
        let note = read("   \n\n", path: "Empty one.md")
        #expect(note.title == "Empty one")
        #expect(note.snippet == "")
        #expect(note.isUnsorted)
    }

    @Test func snippetIsCutOnAWordBoundary() {
        let words = Array(repeating: "word", count: 40).joined(separator: " ")
        let note = read("# T\n\(words)\n")
        #expect(note.snippet.hasSuffix("word…"))
        #expect(note.snippet.count <= NoteText.snippetLength + 1)
    }

    @Test func datesFallBackToTheFileSystem() {
        let note = read("no front matter")
        // Birth time is later than mtime (a checkout): the earlier wins.
        #expect(note.created == Date(timeIntervalSince1970: 1_790_000_000))
        #expect(note.modified == Date(timeIntervalSince1970: 1_790_000_000))
        #expect(note.sortDate == note.created)
        #expect(!note.hasFrontMatter)
    }

    /// tmpfs, btrfs and ZFS keep any 64-bit time a `touch -d` or a tar archive gives: a
    /// note dated past what a date can be shown as is read, dated a day in from the end (or
    /// start) of year 9999 (or 1), which every time zone shows with four digits, instead of
    /// stopping every command.
    @Test(arguments: [
        (Int64(2_000_000_000_000_000_000), "UTC", "9999-12-30T23:59:59+00:00"),
        (Int64.max, "Pacific/Kiritimati", "9999-12-31T13:59:59+14:00"),
        (Int64(300_000_000_000), "Asia/Tokyo", "9999-12-31T08:59:59+09:00"),
        (Int64(-2_000_000_000_000_000_000), "UTC", "0001-01-02T00:00:00+00:00"),
        (Int64.min, "Etc/GMT+12", "0001-01-01T12:00:00-12:00"),
    ])
    func aFileTimeNoDateCanShowIsHeldToTheYearsThatCan(seconds: Int64, zone: String, shown: String) throws {
        let time = FileTime(seconds: seconds, nanoseconds: 0)
        let status = FileStatus(size: 0, inode: 0, mode: 0, modified: time, changed: time, born: time)
        let note = Array("no front matter".utf8).withUnsafeBytes { NoteReader.read($0, path: "n.md", status: status) }
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(NoteDate.format(note.modified, timeZone: timeZone) == shown)
        #expect(NoteDate.format(note.created, timeZone: timeZone) == shown)
    }

    @Test func brokenFrontMatterKeepsTheNoteListed() {
        let note = read("---\ntags: [a\n---\n# Title\n")
        #expect(note.frontMatterError != nil)
        #expect(note.tags.isEmpty)
        #expect(note.title == "Title")
    }

    @Test func hashtagAtLineStartIsNotAHeading() {
        // Not a heading, so not the title (DESIGN 1.2): the file names the note.
        #expect(read("#idea for later\n").title == "Plan")
        #expect(read("#idea for later\n").snippet == "#idea for later")
    }
}

/// DESIGN 1.2: the `title` key, else a first line that is a heading, else the file name
/// (as Obsidian names notes), for the vaults written elsewhere.
@Suite struct TitleRuleTests {
    let reader = NoteReaderTests()

    @Test func aParagraphIsNotATitle() {
        let note = reader.read("A Secure Protocol operating at [[Layer 2]] for wireless networks.\n", path: "Net/WI-FI Protected Access.md")
        #expect(note.title == "WI-FI Protected Access")
        #expect(note.snippet == "A Secure Protocol operating at [[Layer 2]] for wireless networks.")
    }

    @Test func anImageOrALinkIsNotATitle() {
        #expect(reader.read("![[Access Control Vestibule-20240725211815898.webp|456]]\ntext\n", path: "Vestibule.md").title == "Vestibule")
        #expect(reader.read("[[Windows]] is an OS\n", path: "Windows 11.md").title == "Windows 11")
    }

    @Test func aFirstHeadingIsTheTitle() {
        let note = reader.read("\n## Windows\nThe OS.\n", path: "Windows (OS).md")
        #expect(note.title == "Windows")
        #expect(note.snippet == "The OS.")
    }

    @Test func aHeadingAfterAParagraphIsNotTheTitle() {
        #expect(reader.read("Intro line\n# Heading\n", path: "Topic.md").title == "Topic")
    }

    @Test func aFirstLineThatNamedTheFileIsNotRepeated() {
        // How `vault new` names a note from a first line that is not a heading.
        let note = reader.read("Buy milk\nand eggs\n", path: "Buy milk.md")
        #expect(note.title == "Buy milk")
        #expect(note.snippet == "and eggs")
    }

    /// A closing run of `#` is one only after a space (a vault of 13,526 notes had `# C#`).
    @Test func aHashAtTheEndOfAWordIsPartOfTheTitle() {
        #expect(reader.read("# C#\n", path: "tags/C#.md").title == "C#")
        #expect(reader.read("# Use F# ##\n", path: "x.md").title == "Use F#")
        #expect(reader.read("## Plan ##\n", path: "x.md").title == "Plan")
    }

    /// A note that begins with code has no heading for a title: a `#` line in a fence, or
    /// indented four spaces or a tab, is code (CommonMark 4.4, 4.5); up to three spaces
    /// before a heading are allowed.
    @Test(arguments: [
        ("```\n# not a heading\n```\n\n# After code\n", "Code.md", "Code"),
        ("~~~~\n```\n# inside\n~~~~\n", "Code.md", "Code"),
        ("    # indented code\n", "Code.md", "Code"),
        ("\t# tabbed code\n", "Code.md", "Code"),
        ("   # Three spaces\n", "x.md", "Three spaces"),
    ])
    func codeIsNeverATitle(text: String, path: String, title: String) {
        #expect(reader.read(text, path: path).title == title)
    }

    /// The tags and block id that end a heading mark it and are no part of the title.
    @Test func tagsAndABlockIDAfterAHeadingAreNotItsTitle() {
        #expect(reader.read("# Project Alpha #active #q3 ^h1\nbody\n", path: "x.md").title == "Project Alpha")
        #expect(reader.read("# Project Alpha #active\nbody\n", path: "x.md").snippet == "body")
        #expect(reader.read("# Year #1984\n", path: "x.md").title == "Year #1984")
        #expect(reader.read("# #active\n", path: "x.md").title == "#active")
    }

    /// A `#` alone is an empty heading: the file names the note, not a blank title.
    @Test func anEmptyHeadingIsNoTitle() {
        #expect(reader.read("#\ntext\n", path: "Sketch.md").title == "Sketch")
        #expect(reader.read("## ##\ntext\n", path: "Sketch.md").title == "Sketch")
    }

    @Test func theTitleKeyStillWins() {
        #expect(reader.read("---\ntitle: Plan B\n---\nSome text\n", path: "x.md").title == "Plan B")
    }
}
