import Foundation
import Testing
@testable import VaultKit

/// Bringing a scan up to date from the paths a watcher reports must give what a full
/// rescan gives, or say that it cannot.
@Suite struct ScanUpdateTests {
    private func vaultWithNotes() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("Root.md", "# Root\n")
        try vault.write("Work/a.md", "---\ntags: [work]\npinned: true\n---\n# A\n")
        try vault.write("Work/b.md", "---\ntags: [work/alpha]\n---\n# B\n")
        try vault.write("Personal/c.md", "# C\n")
        return vault
    }

    private func rescanned(_ vault: TemporaryVault, _ scan: ScanResult, _ paths: [String]) -> ScanUpdate? {
        ScanUpdate(scan, paths: paths, root: vault.root, timeZone: vault.vault.timeZone)
    }

    /// The counts of folders, tags and pinned notes are brought up to date note by note
    /// (a save at a million notes does not count every note again), and are what counting
    /// the notes afresh gives, update after update.
    @Test func countsFollowEachUpdateWithoutCountingEveryNote() throws {
        let vault = try vaultWithNotes()
        var scan = try vault.vault.scan()
        #expect(scan.tally != nil)
        let steps: [(write: [(String, String)], remove: [String])] = [
            ([("Work/a.md", "---\ntags: [work/beta, Later]\n---\n# A\n")], []),
            ([("Personal/d.md", "---\ntags: [later, home]\npinned: true\n---\n# D\n")], ["Work/b.md"]),
            ([("Root2.md", "# Root 2\n"), ("Work/a.md", "# A untagged\n")], ["Personal/d.md"]),
        ]
        for (number, step) in steps.enumerated() {
            for (path, text) in step.write { try vault.write(path, text) }
            for path in step.remove { try FileManager.default.removeItem(atPath: vault.path + "/" + path) }
            let update = try #require(rescanned(vault, scan, step.write.map(\.0) + step.remove))
            scan = update.scan
            #expect(scan.tally != nil, "step \(number)")
            let counted = VaultIndex(scan), afresh = VaultIndex(notes: scan.notes, directories: scan.folders)
            #expect(counted.tags == afresh.tags, "step \(number)")
            #expect(counted.folders == afresh.folders, "step \(number)")
            #expect(counted.pinnedCount == afresh.pinnedCount, "step \(number)")
            #expect(counted.unsortedCount == afresh.unsortedCount, "step \(number)")
        }
    }

    @Test func notesWrittenCreatedAndRemovedAreWhatARescanFinds() throws {
        let vault = try vaultWithNotes()
        let scan = try vault.vault.scan()
        try vault.write("Work/a.md", "---\ntags: [work, later]\npinned: true\n---\n# A again\n")
        try vault.write("Personal/d.md", "# D\n")
        try FileManager.default.removeItem(atPath: vault.path + "/Root.md")
        try vault.write("Work/image.png", "not a note")
        try vault.write(".trash/x.md", "# trashed\n")
        let update = try #require(rescanned(vault, scan, ["Work/a.md", "Personal/d.md", "Root.md", "Work/image.png", ".trash/x.md", "Work/b.md", "Work/b.md"]))
        #expect(update.changed == ["Work/a.md"])
        #expect(update.added == ["Personal/d.md"])
        #expect(update.removed == ["Root.md"])
        #expect(Set(update.reread.map(\.path)) == ["Work/a.md", "Personal/d.md", "Work/b.md"])
        let rescan = try vault.vault.scan()
        #expect(update.scan.notes.map(\.path).sorted() == rescan.notes.map(\.path).sorted())
        #expect(update.scan.notes.first { $0.path == "Work/a.md" }?.title == "A again")
        #expect(VaultIndex(update.scan).tags.map(\.path) == VaultIndex(rescan).tags.map(\.path))
        #expect(VaultIndex(update.scan).unsortedCount == 0)
    }

    /// The scan listed a file that was gone before it could be opened (a burst of changes
    /// while it ran): the warning it gave goes when the watcher reports the file gone
    /// (the server answered `vault list` with it long after; seen once in CI).
    @Test func aFileGoneBeforeItWasReadTakesItsWarningWithIt() throws {
        let vault = try vaultWithNotes()
        var scan = try vault.vault.scan()
        scan.issues.append(ScanIssue(path: "Work/gone.md", kind: .unreadable("Work/gone.md: cannot open: no such file or directory")))
        let update = try #require(rescanned(vault, scan, ["Work/gone.md"]))
        #expect(update.scan.issues.isEmpty)
        #expect(update.removed == [])
    }

    @Test func whatOneNoteCannotDescribeAsksForARescan() throws {
        let vault = try vaultWithNotes()
        let scan = try vault.vault.scan()
        try FileManager.default.createDirectory(atPath: vault.path + "/Later", withIntermediateDirectories: false)
        #expect(rescanned(vault, scan, ["Later"]) == nil)
        try vault.write("Later/e.md", "# E\n")
        #expect(rescanned(vault, scan, ["Later/e.md"]) == nil, "a note in a folder the scan does not know")
        try FileManager.default.removeItem(atPath: vault.path + "/Personal/c.md")
        try FileManager.default.removeItem(atPath: vault.path + "/Personal")
        #expect(rescanned(vault, scan, ["Personal"]) == nil, "a folder gone")
        try vault.write("Work/binary.md", bytes: [0x23, 0x00, 0x01])
        #expect(rescanned(vault, scan, ["Work/binary.md"]) == nil, "the scan reports binary files")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/link.md", withDestinationPath: "/etc/hostname")
        #expect(rescanned(vault, scan, ["Work/link.md"]) == nil, "the scan reports symbolic links")
        #expect(rescanned(vault, scan, ["Work/a\u{FFFD}.md"]) == nil, "a name that is not UTF-8")
    }

    @Test func nothingChangedIsEmpty() throws {
        let vault = try vaultWithNotes()
        let scan = try vault.vault.scan()
        let update = try #require(rescanned(vault, scan, ["Work/a.md", ".git/index", "Work/.a.md.swp", "gone.md"]))
        #expect(update.isEmpty)
        #expect(update.scan.notes.count == scan.notes.count)
    }

    @Test func aSortedListKeepsItsOrderAsNotesChange() throws {
        let vault = try vaultWithNotes()
        for index in 0..<30 {
            try vault.write("Work/n\(index).md", "---\nmodified: 2026-01-\(10 + index % 15)T10:00:00Z\npinned: \(index % 7 == 0)\n---\n# N\(index % 4)\n")
        }
        let scan = try vault.vault.scan()
        let sorted = VaultIndex.sorted(scan.notes)
        try vault.write("Work/n3.md", "---\nmodified: 2026-02-01T10:00:00Z\n---\n# Newest\n")
        try vault.write("Work/n31.md", "---\nmodified: 2026-01-12T10:00:00Z\n---\n# N1\n")
        try FileManager.default.removeItem(atPath: vault.path + "/Work/n8.md")
        let update = try #require(rescanned(vault, scan, ["Work/n3.md", "Work/n31.md", "Work/n8.md"]))
        let resorted = VaultIndex.sorted(sorted, removing: update.removed + update.reread.map(\.path), inserting: update.reread)
        #expect(resorted.map(\.path) == VaultIndex.sorted(update.scan.notes).map(\.path))
    }

    @Test func linksResolveAsNotesComeAndGo() {
        var links = WikiLinkResolver(paths: ["Work/Deep/Plan.md", "Plan.md", "Work/Other.md"])
        #expect(links.resolve("plan") == "Plan.md")
        #expect(links.resolve("Work/Deep/Plan") == "Work/Deep/Plan.md")
        links.remove("Plan.md")
        #expect(links.resolve("Plan") == "Work/Deep/Plan.md", "the shortest path left")
        links.add("Personal/Plan.md")
        #expect(links.resolve("Plan") == "Personal/Plan.md")
        links.remove("Work/Other.md")
        #expect(links.resolve("Other") == nil)
        #expect(links.resolve("work/other") == nil)
    }
}
