import Testing
@testable import VaultKit

/// The rule by which `vault log` takes a note git saw added for one of the same `id`
/// removed (docs/history.md), and the checks a cache read from disk must pass.
@Suite("note id index")
struct NoteIDIndexTests {
    private let c1 = String(repeating: "1", count: 40)
    private let c2 = String(repeating: "2", count: 40)
    private let c3 = String(repeating: "3", count: 40)

    private func event(_ commit: String, _ path: String, _ id: String, added: Bool) -> NoteIDIndex.Event {
        NoteIDIndex.Event(commit: commit, path: path, id: id, added: added)
    }

    @Test func inTheSameCommitTheRemovedNoteWithTheSameNameElseTheFirstByPath() {
        let index = NoteIDIndex(head: c3, prefix: "", events: [
            event(c3, "B/x.md", "n", added: false),
            event(c3, "A/y.md", "n", added: false),
            event(c3, "A/x.md", "other", added: false),
            event(c3, "New/x.md", "n", added: true),
            event(c3, "New/z.md", "n", added: true),
        ])
        #expect(index.origins(ofNoteAddedAt: "New/x.md", in: c3).sameCommit?.path == "B/x.md")
        #expect(index.origins(ofNoteAddedAt: "New/z.md", in: c3).sameCommit?.path == "A/y.md")
        let unknown = index.origins(ofNoteAddedAt: "Elsewhere.md", in: c3)
        #expect(unknown.sameCommit == nil && unknown.older.isEmpty, "a note the index has no add of")
    }

    @Test func elseTheOlderEventsOfItsIDNewestFirst() {
        let index = NoteIDIndex(head: c3, prefix: "", events: [
            event(c3, "Back.md", "n", added: true),
            event(c2, "Copy.md", "n", added: true),
            event(c2, "Other.md", "m", added: false),
            event(c1, "Old.md", "n", added: false),
        ])
        let origins = index.origins(ofNoteAddedAt: "Back.md", in: c3)
        #expect(origins.sameCommit == nil)
        #expect(origins.older.map(\.path) == ["Copy.md", "Old.md"], "the walk stops at the copy added since")
        #expect(index.origins(ofNoteAddedAt: "Old.md", in: c1).older.isEmpty, "a removal is no add")
    }

    @Test func aCacheWithAnOptionForACommitOrAPathOutsideTheVaultIsNotTrusted() {
        func trusted(_ commit: String, _ path: String) -> Bool {
            NoteIDIndex(head: c3, prefix: "", events: [event(commit, path, "n", added: false)]).isTrustworthy
        }
        #expect(trusted(c1, "Work/Plan.md") && trusted(c1, ".trash/Plan.md"))
        #expect(!trusted("--output=/tmp/x", "Plan.md"))
        #expect(!trusted(c1 + "^", "Plan.md") && !trusted("HEAD", "Plan.md") && !trusted(String(repeating: "A", count: 40), "Plan.md"))
        #expect(!trusted(c1, "../Plan.md") && !trusted(c1, "/etc/passwd.md") && !trusted(c1, "Work/../../Plan.md"))
        #expect(!trusted(c1, ".vault/config.md") && !trusted(c1, ".git/x.md") && !trusted(c1, "Plan.txt") && !trusted(c1, "a\nb.md"))
        #expect(!NoteIDIndex(head: "--all", prefix: "", events: []).isTrustworthy)
    }
}
