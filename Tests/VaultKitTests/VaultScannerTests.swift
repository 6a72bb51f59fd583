import Foundation
import Testing
@testable import VaultKit

@Suite struct VaultScannerTests {
    @Test func readsNotesAndSkipsWhatIsNotANote() throws {
        let vault = try TemporaryVault()
        try vault.write("Root.md", "# Root\n")
        try vault.write("Work/a.md", "---\ntags: [work, project/alpha]\npinned: true\n---\n# A\n")
        try vault.write("Work/Projects/b.md", "---\ntags: [project/beta, Work]\n---\n# B\n")
        try vault.write("Work/Projects/Deep/Deeper/c.md", "# C\n")
        try vault.write("Work/image.png", "not a note")
        try vault.write(".obsidian/x.md", "# hidden\n")
        try vault.write(".trash/old.md", "# trashed\n")
        try vault.write("Work/.a.md.swp", "swap")
        try vault.write("Personal/binary.md", bytes: [0x23, 0x20, 0x00, 0x01])
        try FileManager.default.createDirectory(atPath: vault.path + "/Empty", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/etc", withDestinationPath: "/etc")

        let scan = try vault.vault.scan()
        #expect(Set(scan.notes.map(\.path)) == ["Root.md", "Work/a.md", "Work/Projects/b.md", "Work/Projects/Deep/Deeper/c.md"])
        #expect(scan.issues.contains(ScanIssue(path: "Personal/binary.md", kind: .binary)))
        #expect(scan.issues.contains(ScanIssue(path: "etc", kind: .symbolicLink)))

        let index = VaultIndex(scan)
        #expect(index.pinnedCount == 1)
        #expect(index.unsortedCount == 1)
        #expect(index.folders.map(\.name) == ["Empty", "Personal", "Work"])
        let work = try #require(index.folders.first { $0.name == "Work" })
        #expect(work.count == 3)
        #expect(work.children.map { "\($0.name) \($0.count)" } == ["Projects 2"])
        #expect(index.tags.map { "\($0.path) \($0.count)" } == ["project 2", "Work 2"])  // a tie goes to the first spelling in code-point order
        #expect(index.tags[0].children.map { "\($0.path) \($0.count)" } == ["project/alpha 1", "project/beta 1"])
    }

    /// A scan tells the progress it was given (not the environment) how many notes it has
    /// read, in order, ending with all of them; through the cache and without one.
    @Test func aScanReportsItsProgressThroughTheHookItIsGiven() throws {
        let vault = try TemporaryVault()
        for number in 0..<250 { try vault.write("Folder \(number % 7)/Note \(number).md", "# Note \(number)\n") }
        try vault.write("image.png", "not a note")
        for usesCache in [false, true, true] {
            let reports = ReportedProgress()
            var opened = vault.vault
            opened.usesCache = usesCache
            opened.scanProgress = ScanProgress(every: 10) { read, total in reports.add(read, total) }
            #expect(try opened.scan().notes.count == 250)
            let seen = reports.all
            #expect(seen.count >= 25 && seen.allSatisfy { $0.total == 250 }, "\(seen)")
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.read < $1.read }, "\(seen)")
            #expect(seen.last?.read == 250)
        }
    }

    @Test func filterSeesTheBody() throws {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\ntitle: zebra\n---\nfind me\n")
        try vault.write("b.md", "---\ntitle: find me\n---\nnothing\n")
        let filter = ScanFilter(decide: { _ in nil }, matches: { _, body in
            String(decoding: body, as: UTF8.self).contains("find me")
        })
        let scan = try vault.vault.scan(filter: filter)
        #expect(scan.notes.map(\.path) == ["a.md"])
    }

    @Test func tagsUseTheSpellingMostNotesUse() throws {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\ntags: [Work]\n---\n")
        try vault.write("b.md", "---\ntags: [work]\n---\n")
        try vault.write("c.md", "---\ntags: [work]\n---\n")
        let index = VaultIndex(try vault.vault.scan())
        #expect(index.tags.map { "\($0.name) \($0.count)" } == ["work 3"])
    }
}

/// What a scan reported, from whichever thread.
private final class ReportedProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [(read: Int, total: Int)] = []

    func add(_ read: Int, _ total: Int) {
        lock.withLock { reports.append((read, total)) }
    }

    var all: [(read: Int, total: Int)] { lock.withLock { reports } }
}
