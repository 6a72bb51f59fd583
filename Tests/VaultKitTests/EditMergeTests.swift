import Foundation
import Testing
@testable import VaultKit

/// The merge an editor's save makes with a change on disk (issue 52: every change on disk
/// while editing became a conflict, and "Keep mine" dropped the other program's line).
@Suite struct EditMergeTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let base = "---\nid: n1\nmodified: 2026-11-01T10:00:00+00:00\n---\n# Plan\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n"

    func merge(_ mine: String, _ disk: String) -> String? {
        EditMerge.merge(base: Array(Self.base.utf8), mine: Array(mine.utf8), disk: Array(disk.utf8), timeZone: Self.utc)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aChangeOnAnotherLineIsKeptOnBothSides() {
        let mine = Self.base.replacingOccurrences(of: "Third paragraph.", with: "Third paragraph, typed in the page.")
        let disk = Self.base.replacingOccurrences(of: "First paragraph.", with: "First paragraph, written by a script.")
        let merged = merge(mine, disk)
        #expect(merged == Self.base.replacingOccurrences(of: "Third paragraph.", with: "Third paragraph, typed in the page.")
            .replacingOccurrences(of: "First paragraph.", with: "First paragraph, written by a script."))
    }

    @Test func theSameLineChangedOnBothSidesIsAConflict() {
        let mine = Self.base.replacingOccurrences(of: "Second paragraph.", with: "Second, mine.")
        let disk = Self.base.replacingOccurrences(of: "Second paragraph.", with: "Second, theirs.")
        #expect(merge(mine, disk) == nil)
    }

    @Test func oneSideUnchangedGivesTheOther() {
        let disk = Self.base + "\nAppended.\n"
        #expect(merge(Self.base, disk) == disk)
        #expect(merge(disk, Self.base) == disk)
    }

    // MARK: - The file following the title

    func title(_ before: String, _ after: String, path: String, config: VaultConfig = VaultConfig()) -> String? {
        FollowTitle.title(before: Array(before.utf8), after: Array(after.utf8), path: path, config: config, timeZone: Self.utc)
    }

    @Test func aHeadingThatNamedTheFileIsFollowed() {
        #expect(title("# Trip plan\n\nx\n", "# Lisbon trip\n\nx\n", path: "Personal/Trip plan.md") == "Lisbon trip")
        #expect(title("---\nid: 1\n---\n# Trip plan\n", "---\nid: 1\n---\n# Lisbon trip\n", path: "Trip plan.md") == "Lisbon trip")
    }

    @Test func aFileNamedOtherwiseKeepsItsName() {
        // Obsidian's way: the file is the name; the first line, heading or not, is text.
        #expect(title("# Trip plan\n", "# Lisbon trip\n", path: "Travel.md") == nil)
        #expect(title("Some thought\nmore\n", "Another thought\nmore\n", path: "Quick thought.md") == nil)
        // A title key is the title: the first line is text.
        #expect(title("---\ntitle: Trip plan\n---\n# Trip plan\n", "---\ntitle: Trip plan\n---\n# Lisbon\n", path: "Trip plan.md") == nil)
        // Nothing changed, or only what the file name cannot hold.
        #expect(title("# Trip plan\n", "# Trip plan\n", path: "Trip plan.md") == nil)
        #expect(title("# Trip plan\n", "# Trip plan#\n", path: "Trip plan.md") == nil)
    }

    /// A tag added to the title heading in the app marks the heading: the title, and the
    /// file named after it, stay (it was renamed `Alpha active.md`); a new name is followed
    /// without the tag.
    @Test func theTagsThatEndAHeadingAreNoPartOfTheNameFollowed() {
        #expect(title("# Alpha\n", "# Alpha #active\n", path: "Alpha.md") == nil)
        #expect(title("# Project Alpha #active\n", "# Project Beta #active\n", path: "Project Alpha.md") == "Project Beta")
    }

    @Test func aFirstLineThatNamedTheFileIsFollowed() {
        // A note the app named from its first line (a paragraph) follows it.
        #expect(title("Call Bob\n\nabout it\n", "Call Bobby\n\nabout it\n", path: "Call Bob.md") == "Call Bobby")
    }

    @Test func aDailyNoteKeepsItsName() {
        #expect(title("# 2026-11-29\n", "# Sunday\n", path: "Daily/2026-11-29.md") == nil)
        #expect(title("# 2026-11-29\n", "# Sunday\n", path: "2026-11-29.md") == nil)
        #expect(title("# Plan\n", "# Plans\n", path: "Daily/Plan.md") == nil)
    }
}

extension EditMergeTests {
    @Test func keepingMineKeepsTheirLinesElsewhere() {
        let mine = Self.base.replacingOccurrences(of: "Second paragraph.", with: "Second, mine.")
        let disk = Self.base.replacingOccurrences(of: "Second paragraph.", with: "Second, theirs.")
            .replacingOccurrences(of: "Third paragraph.", with: "Third, written elsewhere.")
        let kept = EditMerge.keepingMine(base: Array(Self.base.utf8), mine: Array(mine.utf8), disk: Array(disk.utf8), timeZone: Self.utc)
            .map { String(decoding: $0, as: UTF8.self) }
        #expect(kept == Self.base.replacingOccurrences(of: "Second paragraph.", with: "Second, mine.")
            .replacingOccurrences(of: "Third paragraph.", with: "Third, written elsewhere."))
    }
}
