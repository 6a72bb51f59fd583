import Foundation
import Testing

/// `vault search` keeps the notes' words in `.vault/cache/` and answers from them, and
/// a word index file someone damaged or replaced changes no answer: it is ignored and
/// written again (docs/cache.md).
@Suite("vault search and its word index file")
struct WordIndexFileTests {
    private static let index = ".vault/cache/words-v1.bin"

    private func vault() throws -> TestVault {
        let vault = try TestVault()
        try vault.write("Plan.md", "# Plan\n\nThe budget review is on Monday.\n")
        try vault.write("Work/Other.md", "# Other\n\nA budget-free note.\n")
        try vault.write("Third.md", "# Third\n\nReview the plan.\n")
        return vault
    }

    @Test func aWordSearchWritesTheIndexAndAnswersTheSameAfterChanges() throws {
        let vault = try vault()
        let first = try vault.run("search", "budget", "--paths")
        #expect(first.stdoutLines.sorted() == ["Plan.md", "Work/Other.md"])
        #expect(first.status == 0)
        #expect(vault.exists(Self.index))
        // Notes changed, added and removed since the file was written.
        try vault.write("Third.md", "# Third\n\nThe budget, after all.\n")
        try vault.write("New.md", "# New\n\nno money words\n")
        try FileManager.default.removeItem(at: vault.url("Plan.md"))
        let second = try vault.run("search", "budget", "--paths")
        #expect(second.stdoutLines.sorted() == ["Third.md", "Work/Other.md"])
        #expect(second.stderr == "")
        let phrase = try vault.run("search", "\"the budget\"", "--paths")
        #expect(phrase.stdout == "Third.md\n")
    }

    /// A note dated past 2262 (nanoseconds since 1970 no longer fit in 64 bits): the
    /// second search, reading the file's record of it, trapped on the overflow.
    @Test func aNoteDatedPast2262IsSearchedAgain() throws {
        let vault = try vault()
        let year2300 = Date(timeIntervalSince1970: 10_413_792_000)
        try FileManager.default.setAttributes([.modificationDate: year2300], ofItemAtPath: vault.url("Plan.md").path)
        for _ in 0..<2 {
            let search = try vault.run("search", "budget", "--paths")
            #expect(search.status == 0, "\(search)")
            #expect(search.stdoutLines.sorted() == ["Plan.md", "Work/Other.md"])
        }
    }

    @Test(arguments: ["garbage", "flipped", "truncated"])
    func aDamagedIndexFileIsIgnoredAndWrittenAgain(damage: String) throws {
        let vault = try vault()
        try vault.run("search", "budget", "--paths")
        var bytes = try vault.bytes(Self.index)
        switch damage {
        case "garbage": bytes = Array(repeating: 0x41, count: bytes.count)
        case "flipped": for index in stride(from: 100, to: bytes.count, by: 7) { bytes[index] ^= 0xFF }
        default: bytes.removeLast(bytes.count / 2)
        }
        try vault.write(Self.index, bytes: bytes)
        let result = try vault.run("search", "budget", "--paths")
        #expect(result.stdoutLines.sorted() == ["Plan.md", "Work/Other.md"], "\(damage)")
        #expect(result.stderr == "", "\(damage)")
        #expect(result.status == 0)
        #expect(try vault.bytes(Self.index) != bytes, "\(damage): written again")
        #expect(try vault.run("search", "\"budget review\"", "--paths").stdout == "Plan.md\n")
    }

    /// A write killed before its rename leaves its temporary file in `.vault/cache/` (a
    /// million notes' note cache is 700 MB); nothing removed it. The next cache write does,
    /// once its writer is gone.
    @Test func whatAKilledCacheWriteLeftIsRemovedByTheNextOne() throws {
        let vault = try vault()
        // What a writer killed before its rename leaves, and one of a writer still running.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = ".vault/cache/.notes-v9.bin.vault-\(finished.processIdentifier)-42.tmp"
        let live = ".vault/cache/.words-v1.bin.vault-\(ProcessInfo.processInfo.processIdentifier)-7.tmp"
        try vault.write(dead, "half a cache")
        try vault.write(live, "being written")
        let search = try vault.run("search", "budget", "--paths")
        #expect(search.stdoutLines.sorted() == ["Plan.md", "Work/Other.md"])
        #expect(!vault.exists(dead))
        #expect(vault.exists(live))
    }

    /// A search killed as it writes the recent cache files (which are not flushed, and
    /// may be cut short: `AtomicFile.Durability.checked`) leaves a vault whose next
    /// searches answer as reading every note does.
    @Test func aSearchKilledWritingTheRecentFilesLeavesAnswersAsAScan() throws {
        let vault = try vault()
        for index in 0..<16 { try vault.write("Many/N\(index).md", index % 4 == 0 ? "budget \(index)\n" : "plan \(index)\n") }
        // Past the racy window, so that the files written next describe these notes.
        Thread.sleep(forTimeInterval: 2.1)
        #expect(try vault.run("search", "budget", "--paths").status == 0)
        try vault.write("Many/N1.md", "budget now\n")
        try vault.write("Many/N4.md", "plan now\n")
        // Again: notes changed within the window are left out of the recent files.
        Thread.sleep(forTimeInterval: 2.1)
        let killed = try vault.run("search", "budget", "--paths", "--test-crash", "cache-before-rename")
        #expect(killed.status == 137, "\(killed)")
        let read = try vault.run("search", "budget", "--paths", "--no-cache")
        #expect(read.stdoutLines.count == 6)
        for text in ["budget", "plan", "\"budget now\""] {
            let scanned = try vault.run("search", text, "--paths", "--no-cache")
            for _ in 0..<2 {
                let searched = try vault.run("search", text, "--paths")
                #expect(searched.stdoutLines.sorted() == scanned.stdoutLines.sorted(), "\(text)")
                #expect(searched.stderr == scanned.stderr && searched.status == scanned.status, "\(text)")
            }
        }
    }
}
