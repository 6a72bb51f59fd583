import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

/// The main page's counts are gathered by the scanner's workers while it reads; they must
/// equal the counts worked out afterwards from the notes themselves.
@Suite struct VaultIndexTests {
    private func describe(_ index: VaultIndex) -> [String] {
        func folders(_ nodes: [FolderNode], _ depth: Int) -> [String] {
            nodes.flatMap { ["\(depth) \($0.path) \($0.count)"] + folders($0.children, depth + 1) }
        }
        func tags(_ nodes: [TagNode], _ depth: Int) -> [String] {
            nodes.flatMap { ["\(depth) #\($0.path) \($0.count)"] + tags($0.children, depth + 1) }
        }
        return ["pinned \(index.pinnedCount)", "unsorted \(index.unsortedCount)"] + folders(index.folders, 0) + tags(index.tags, 0)
    }

    private func makeVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        let spellings = ["work", "Work", "project/alpha", "Project/Beta", "caf\u{E9}", "cafe\u{301}", "a/b/c", "A/b"]
        // Enough notes for several scan chunks per worker, in folders three levels deep.
        for number in 0..<700 {
            let folder = ["", "Work/", "Work/Projects/", "Work/Projects/Deep/", "Personal/", "Personal/Recipes/"][number % 6]
            let tags = (0..<(number % 4)).map { spellings[(number + $0 * 3) % spellings.count] }
            let pinned = number % 9 == 0 ? "pinned: true\n" : ""
            try vault.write("\(folder)n\(number).md", "---\ntags: [\(tags.joined(separator: ", "))]\n\(pinned)---\n# Note \(number)\n")
        }
        try FileManager.default.createDirectory(atPath: vault.path + "/Empty/Inner", withIntermediateDirectories: true)
        return vault
    }

    @Test func countsGatheredWhileScanningEqualCountsFromTheNotes() throws {
        let vault = try makeVault()
        var plain = vault.vault
        plain.usesCache = false
        for scan in [try plain.scan(), try vault.vault.scan(), try vault.vault.scan()] {
            #expect(scan.tally != nil)
            let fromNotes = VaultIndex(notes: scan.notes, directories: scan.folders)
            #expect(describe(VaultIndex(scan)) == describe(fromNotes))
        }
        let scan = try vault.vault.scan()
        let index = VaultIndex(scan)
        #expect(describe(index).prefix(2) == ["pinned 78", "unsorted 117"])
        // Against brute force over the notes: a folder counts the notes below it, a tag the
        // notes tagged with it or a tag below it.
        func everyFolder(_ nodes: [FolderNode]) -> [FolderNode] { nodes.flatMap { [$0] + everyFolder($0.children) } }
        func everyTag(_ nodes: [TagNode]) -> [TagNode] { nodes.flatMap { [$0] + everyTag($0.children) } }
        for folder in everyFolder(index.folders) {
            #expect(folder.count == scan.notes.count { $0.path.hasPrefix(folder.path + "/") }, "\(folder.path)")
        }
        for tag in everyTag(index.tags) {
            let key = TagName.key(tag.path)
            #expect(tag.count == scan.notes.count { $0.tags.contains { TagName.isSelfOrDescendant(TagName.key($0), of: key) } }, "\(tag.path)")
        }
        #expect(everyTag(index.tags).map { TagName.key($0.path) }.sorted() == ["a", "a/b", "a/b/c", "caf\u{E9}", "project", "project/alpha", "project/beta", "work"])
        // NFC and NFD spellings are one spelling; the most used spelling names the tag.
        #expect(index.tags.map(\.path).contains("caf\u{E9}"))
        #expect(index.tags.count(where: { $0.path == "caf\u{E9}" }) == 1)
    }

    @Test func countsOfAFilteredScanAreThoseOfTheNotesKept() throws {
        let vault = try makeVault()
        let filter = ScanFilter(decide: { $0.tags.contains("Work") }, matches: { _, _ in false })
        let scan = try vault.vault.scan(filter: filter)
        #expect(!scan.notes.isEmpty && scan.notes.count < scan.allNotes.count)
        #expect(describe(VaultIndex(scan)) == describe(VaultIndex(notes: scan.notes, directories: scan.folders)))
    }

    /// `vault list --limit N` keeps the best N without sorting every note: the same notes,
    /// in the same order, as the first N of the sorted list, ties (same date, same title)
    /// included.
    @Test func theFirstNotesAreThoseOfTheSortedList() throws {
        let vault = try makeVault()
        for number in 0..<300 {
            let day = 1 + number % 28
            let title = number % 5 == 0 ? "Same" : "T\(number % 37)"
            let pinned = number % 41 == 0 ? "pinned: true\n" : ""
            try vault.write("m\(number).md", "---\nmodified: 2026-03-\(day < 10 ? "0" : "")\(day)T10:00:00Z\n\(pinned)---\n# \(title)\n")
        }
        let notes = try vault.vault.scan().notes
        let sorted = VaultIndex.sorted(notes).map(\.path)
        for count in [0, 1, 7, 50, 249, notes.count, notes.count + 5] {
            #expect(VaultIndex.first(count, of: notes).map(\.path) == Array(sorted.prefix(count)), "first \(count)")
        }
    }

    @Test func byteTableFindsWhatWasInsertedAndNothingElse() {
        var table = ByteTable()
        let words = (0..<500).map { "tag/\($0)" } + ["caf\u{E9}", "", "Work"]
        for (number, word) in words.enumerated() { table.insert(word, index: number) }
        for (number, word) in words.enumerated() { #expect(table.index(of: word) == number) }
        #expect(table.index(of: "work") == nil)
        #expect(table.index(of: "cafe\u{301}") == nil)  // bytes, not canonical equivalence
        #expect(table.index(of: "tag/500") == nil)
    }

    @Test func parallelFormattingHandsPiecesOverInOrder() {
        var pieces: [Range<Int>] = []
        ParallelChunks.run(count: 10_000, chunk: 7) { $0 } emit: { pieces.append($0) }
        #expect(pieces.first?.lowerBound == 0)
        #expect(pieces.last?.upperBound == 10_000)
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        var none = 0
        ParallelChunks.run(count: 0) { _ in 1 } emit: { none += $0 }
        #expect(none == 0)
    }
}
