import Foundation
import Testing
@testable import VaultKit

/// Notes are untrusted input: text built to make a reader super-linear (issue 14 of
/// "nothing outside the vault") is read in one pass. Each case took seconds to minutes
/// before (40,000 `[` 14 s, 30,000 `![[` 50 s in a debug build; these inputs are several
/// times larger, so a quadratic reader would take many minutes), so a limit on the CPU
/// time the reading takes fails it; the answers are checked too.
///
/// The limit is on this thread's CPU time, not on the clock: under a full suite on two
/// cores a test can wait over a minute for a thread before it starts, which once failed a
/// wall-clock limit on a reader that takes half a second.
@Suite("Hostile text is read in linear time")
struct HostileTextTests {
    /// Far above a linear reading in a sanitizer's build, far below a quadratic one.
    static let cpuLimit: Duration = .seconds(60)

    func links(_ text: String) -> [NoteLink] {
        let bytes = Array(text.utf8)
        return withinLimit { bytes.withUnsafeBytes { LinkParser.links(in: $0) } }
    }

    func withinLimit<T>(_ body: () -> T) -> T {
        let start = Self.threadCPUTime()
        let result = body()
        let spent = Self.threadCPUTime() - start
        #expect(spent < Self.cpuLimit, "reading took \(spent) of CPU time")
        return result
    }

    /// The calling thread's CPU time; `body` above never suspends, so it stays on one thread.
    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    @Test("300,000 unclosed brackets, then a link")
    func unclosedBrackets() {
        let found = links(String(repeating: "[", count: 300_000) + " [[Groceries]]\n")
        #expect(found.map(\.target) == ["Groceries"])
        #expect(found.first?.column == 300_002)
    }

    @Test("100,000 unclosed embeds, then a Markdown link")
    func unclosedEmbeds() {
        let found = links(String(repeating: "![[", count: 100_000) + "[a](b.md)\n")
        #expect(found.map(\.target) == ["b.md"])
        #expect(found.first?.column == 300_001)
    }

    @Test("50,000 wiki links on one line, each with its column")
    func manyLinksOnALine() {
        let found = links(String(repeating: "é [[Groceries]] ", count: 50_000))
        #expect(found.count == 50_000)
        #expect(found.last?.column == 49_999 * 16 + 3)
    }

    @Test("100,000 destinations that never close, one parenthesis at the end")
    func unclosedDestinations() {
        let found = links(String(repeating: "[a](b", count: 100_000) + ")\n")
        #expect(found.count <= 1)
    }

    @Test("1,200 runs of backticks of growing lengths, none closed")
    func backtickRuns() {
        var text = ""
        for length in 1...400 { text += String(repeating: "`", count: length) + "x" }
        let found = links(String(repeating: text, count: 3) + " [[Groceries]]\n")
        #expect(found.map(\.target) == ["Groceries"])
    }

    @Test("100,000 unclosed wiki links, each after an inline tag")
    func unclosedWikiLinksBetweenTags() {
        let text = String(repeating: "#t [[ ", count: 100_000) + "#end\n"
        let bytes = Array(text.utf8)
        let tags = withinLimit { bytes.withUnsafeBytes { InlineTags.occurrences(in: $0) } }
        #expect(tags.count == 100_001)
        #expect(tags.last?.name == "end")
    }

    @Test("100,000 backtick runs around comment and math openers")
    func hiddenTextInCodeSpans() {
        let found = links(String(repeating: "`$$` `<!--` ", count: 100_000) + "[[Groceries]]\n")
        #expect(found.map(\.target) == ["Groceries"])
    }
}
