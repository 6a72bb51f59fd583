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

    @Test func brokenFrontMatterKeepsTheNoteListed() {
        let note = read("---\ntags: [a\n---\n# Title\n")
        #expect(note.frontMatterError != nil)
        #expect(note.tags.isEmpty)
        #expect(note.title == "Title")
    }

    @Test func hashtagAtLineStartIsNotAHeading() {
        #expect(read("#idea for later\n").title == "#idea for later")
    }
}
