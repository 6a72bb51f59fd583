import Foundation
import Testing
@testable import VaultKit

/// The three-way merge of notes that `vault merge-driver` runs for git (docs/sync.md).
@Suite struct NoteMergeTests {
    static let base = """
        ---
        id: n1
        tags: [work, plan]
        modified: 2026-11-01T10:00:00+00:00
        ---
        # Plan

        First paragraph.

        Second paragraph.

        Third paragraph.

        """

    func merge(_ base: String, _ ours: String, _ theirs: String) -> (String, String?) {
        let result = NoteMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), timeZone: TimeZone(identifier: "UTC")!)
        return (String(decoding: result.bytes, as: UTF8.self), result.conflict.map { String(decoding: $0, as: UTF8.self) })
    }

    func edited(_ text: String, _ replacements: [(String, String)]) -> String {
        replacements.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    @Test func aNoteChangedOnOneSideIsThatSideByteForByte() {
        let theirs = edited(Self.base, [("First", "First, edited")]) + "no final newline"
        #expect(merge(Self.base, Self.base, theirs).0 == theirs)
        #expect(merge(Self.base, theirs, Self.base).0 == theirs)
    }

    /// git pairs a conflict copy (or a copy made by `vault cp` and its original's delete)
    /// with the note it came from, as a rename: merged as one note, the original took the
    /// copy's id and two notes shared it (found by the whole-product simulation). The
    /// sides are two notes: ours stays, theirs becomes a conflict copy, a note of its own.
    @Test(arguments: [("n1", "n2"), ("n2", "n1")])
    func sidesWithDifferentIdsAreTwoNotes(ourID: String, theirID: String) {
        let ours = edited(Self.base, [("id: n1", "id: " + ourID), ("First paragraph.", "First paragraph, ours.")])
        let theirs = edited(Self.base, [("id: n1", "id: " + theirID), ("# Plan", "# Plan (conflict 2026-11-26)")])
        let (merged, conflict) = merge(Self.base, ours, theirs)
        #expect(merged == ours)
        #expect(conflict == theirs)
        // Ours untouched since the base: still ours, never their id.
        let (unchanged, copy) = merge(Self.base, Self.base, edited(Self.base, [("id: n1", "id: n2")]))
        #expect(unchanged == Self.base)
        #expect(copy == edited(Self.base, [("id: n1", "id: n2")]))
    }

    @Test func tagsMergeAsSets() {
        let ours = edited(Self.base, [("[work, plan]", "[work, plan, ours]")])
        let theirs = edited(Self.base, [("[work, plan]", "[plan, theirs]")])
        let (merged, conflict) = merge(Self.base, ours, theirs)
        #expect(merged == edited(Self.base, [("[work, plan]", "[plan, ours, theirs]")]), "\(merged)")
        #expect(conflict == nil)
    }

    /// A tag renamed on one side (`vault tag rename plan project` writes it where `plan`
    /// stood) while the other side edited the note keeps its place: it was appended at the
    /// end, so the sync changed a line neither side had changed that way.
    @Test func aTagRenamedOnOneSideKeepsItsPlace() {
        let base = edited(Self.base, [("[work, plan]", "[work, plan, home]")])
        let ours = edited(base, [("First paragraph.", "First paragraph, ours."), ("10:00:00", "11:00:00")])
        let theirs = edited(base, [("[work, plan, home]", "[work, project, home]")])
        #expect(merge(base, ours, theirs).0 == edited(ours, [("[work, plan, home]", "[work, project, home]")]))
        #expect(merge(base, theirs, ours).0 == edited(ours, [("[work, plan, home]", "[work, project, home]")]))
        // A block list, the first item renamed, and a tag ours added stays where ours put it.
        let blockBase = edited(Self.base, [("tags: [work, plan]", "tags:\n  - work\n  - plan")])
        let blockOurs = edited(blockBase, [("  - plan", "  - plan\n  - later"), ("Third paragraph.", "Third, ours.")])
        let blockTheirs = edited(blockBase, [("  - work", "  - office")])
        #expect(merge(blockBase, blockOurs, blockTheirs).0 == edited(blockOurs, [("  - work", "  - office")]))
    }

    @Test func keysChangedOnDifferentSidesBothApply() {
        let ours = edited(Self.base, [("id: n1\n", "id: n1\npinned: true\n")])
        let theirs = edited(Self.base, [("modified: 2026-11-01T10:00:00+00:00\n", "modified: 2026-11-01T10:00:00+00:00\ntitle: \"New: title\"\n")])
        let (merged, _) = merge(Self.base, ours, theirs)
        #expect(merged == edited(Self.base, [("id: n1\n", "id: n1\npinned: true\n"),
                                             ("modified: 2026-11-01T10:00:00+00:00\n", "modified: 2026-11-01T10:00:00+00:00\ntitle: \"New: title\"\n")]), "\(merged)")
    }

    @Test func aKeyChangedOnBothSidesTakesTheLaterEdit() {
        let ours = edited(Self.base, [("modified: 2026-11-01T10:00:00+00:00", "modified: 2026-11-03T10:00:00+00:00\ntitle: Ours")])
        let theirs = edited(Self.base, [("modified: 2026-11-01T10:00:00+00:00", "modified: 2026-11-05T10:00:00+00:00\ntitle: Theirs")])
        let (merged, _) = merge(Self.base, ours, theirs)
        #expect(merged.contains("title: Theirs\n") && merged.contains("modified: 2026-11-05T10:00:00+00:00\n") && !merged.contains("Ours"), "\(merged)")
        // The same edit the other way round: ours is later, ours stays.
        let (reversed, _) = merge(Self.base, theirs.replacingOccurrences(of: "11-05", with: "11-02"), ours)
        #expect(reversed.contains("title: Ours\n"), "\(reversed)")
    }

    @Test func pinAgainstUnpinWithTheSameModifiedKeepsOurs() {
        let ours = edited(Self.base, [("id: n1\n", "id: n1\npinned: true\n")])
        let theirs = edited(Self.base, [("id: n1\n", "id: n1\npinned: false\n")])
        #expect(merge(Self.base, ours, theirs).0 == ours)
    }

    @Test func bodiesEditedInDifferentPlacesMerge() {
        let ours = edited(Self.base, [("First paragraph.", "First paragraph, ours.")])
        let theirs = edited(Self.base, [("Third paragraph.", "Third paragraph, theirs."), ("[work, plan]", "[work]")])
        let (merged, conflict) = merge(Self.base, ours, theirs)
        #expect(merged == edited(Self.base, [("First paragraph.", "First paragraph, ours."), ("Third paragraph.", "Third paragraph, theirs."), ("[work, plan]", "[work]")]), "\(merged)")
        #expect(conflict == nil)
    }

    @Test func theSameLinesChangedOnBothSidesKeepOursAndHandBackTheirs() {
        let ours = edited(Self.base, [("Second paragraph.", "Second, ours."), ("[work, plan]", "[work, plan, a]")])
        let theirs = edited(Self.base, [("Second paragraph.", "Second, theirs.")])
        let (merged, conflict) = merge(Self.base, ours, theirs)
        #expect(merged == ours, "no conflict marker, our body: \(merged)")
        #expect(conflict == theirs)
        #expect(!merged.contains("<<<<<<<"))
    }

    @Test func crlfNotesKeepTheirLineEndings() {
        let base = Self.base.replacingOccurrences(of: "\n", with: "\r\n")
        let ours = edited(base, [("First paragraph.", "First, ours.")])
        let theirs = edited(base, [("id: n1\r\n", "id: n1\r\npinned: true\r\n"), ("Third paragraph.", "Third, theirs.")])
        let (merged, _) = merge(base, ours, theirs)
        #expect(merged == edited(base, [("First paragraph.", "First, ours."), ("id: n1\r\n", "id: n1\r\npinned: true\r\n"), ("Third paragraph.", "Third, theirs.")]), "\(merged)")
    }

    @Test func frontMatterAddedOnOneSideAndTheBodyEditedOnTheOther() {
        let base = "# Plan\n\nText.\n"
        let ours = "# Plan\n\nText, ours.\n"
        let theirs = "---\ntags: [x]\n---\n# Plan\n\nText.\n"
        #expect(merge(base, ours, theirs).0 == "---\ntags: [x]\n---\n# Plan\n\nText, ours.\n")
        #expect(merge(base, theirs, ours).0 == "---\ntags: [x]\n---\n# Plan\n\nText, ours.\n")
    }

    @Test func keysAddedOnBothSidesFromNoFrontMatter() {
        let base = "Text.\n"
        let ours = "---\ntags: [a]\n---\nText.\n"
        let theirs = "---\ntags: [b]\npinned: true\n---\nText.\n"
        #expect(merge(base, ours, theirs).0 == "---\ntags: [a, b]\npinned: true\n---\nText.\n")
    }

    @Test func aKeyRemovedOnOneSideAndUnchangedOnTheOtherGoes() {
        let ours = edited(Self.base, [("id: n1\n", "")])
        let theirs = edited(Self.base, [("Third paragraph.", "Third, theirs.")])
        #expect(merge(Self.base, ours, theirs).0 == edited(Self.base, [("id: n1\n", ""), ("Third paragraph.", "Third, theirs.")]))
    }

    @Test func unreadableFrontMatterFallsBackToLinesAndNeverMarkers() {
        let base = "---\ntags: [a\n---\nOne.\n\nTwo.\n"
        let ours = "---\ntags: [a\n---\nOne, ours.\n\nTwo.\n"
        let theirs = "---\ntags: [a\n---\nOne.\n\nTwo, theirs.\n"
        #expect(merge(base, ours, theirs).0 == "---\ntags: [a\n---\nOne, ours.\n\nTwo, theirs.\n")
        let clash = "---\ntags: [a\n---\nOne, clash.\n\nTwo.\n"
        let (kept, conflict) = merge(base, ours, clash)
        #expect(kept == ours && conflict == clash)
    }

    @Test func theConfigMergesKeyByKey() {
        let base = "trashDays: 30\nlist:\n  snippet: true\n"
        let ours = "trashDays: 10\nlist:\n  snippet: true\n"
        let theirs = "trashDays: 30\nlist:\n  snippet: false\n"
        let merged = NoteMerge.mergeYAML(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
        #expect(merged.map { String(decoding: $0, as: UTF8.self) } == "trashDays: 10\nlist:\n  snippet: false\n")
    }
}
