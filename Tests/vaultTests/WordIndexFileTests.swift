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
}
