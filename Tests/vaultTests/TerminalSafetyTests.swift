import Foundation
import Testing

/// A note's text reaches a terminal only with its control characters made visible: a title
/// holding `ESC ] 0; … BEL` must not retitle the window, a bare `\r` must not hide output.
@Suite("Control characters from notes")
struct TerminalSafetyTests {
    static let hostile = "# Plan \u{1B}]0;pwned\u{07} now\r hidden\n\nsecond\u{1B}[2J line\u{9B}31m\r\nlast\n"

    private func vault() throws -> TestVault {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        try vault.write("Work/Plan.md", "---\ntags: [work]\n---\n" + Self.hostile)
        return vault
    }

    /// No control byte but line breaks (and the `\r` of a CRLF) reaches the terminal.
    private func expectNoControls(_ result: RunResult, _ label: String) {
        let bytes = [UInt8](result.stdoutData)
        for (index, byte) in bytes.enumerated() where byte < 0x20 && byte != 0x0A && byte != 0x09 {
            let crlf = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A
            #expect(crlf, "\(label): control byte \(byte) at \(index) in \(result.stdout.debugDescription)")
        }
        #expect(!result.stdout.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) }, "\(label): a C1 control")
    }

    @Test func listShowAndSearchShowControlsInCaretNotation() throws {
        let vault = try vault()
        for arguments in [["list"], ["list", "--group", "month"], ["search", "plan"], ["show", "Work/Plan.md"], ["pin", "Work/Plan.md"], ["mv", "Work/Plan.md", "/"]] {
            let result = try vault.run(arguments: arguments + ["--color", "never"])
            #expect(result.status == 0, "\(arguments): \(result)")
            expectNoControls(result, arguments.joined(separator: " "))
        }
        let shown = try vault.run("show", "Plan.md")
        #expect(shown.stdout.contains("Plan ^[]0;pwned^G now^M hidden"), "\(shown.stdout.debugDescription)")
        #expect(shown.stdout.contains("second^[[2J line<U+009B>31m\r\nlast\n"), "\(shown.stdout.debugDescription)")
    }

    /// A task's words are checked eight bytes at a time, then the few left a byte at a
    /// time: a control character in any of the last places is shown, and none is invented.
    @Test func theAgendaShowsControlsInTheLastBytesOfATask() throws {
        let vault = try TestVault()
        let lines = (0..<10).map { length in String(repeating: "w", count: length) + "\u{1B}" + String(repeating: "v", count: 9 - length) }
        try vault.write("Tasks.md", lines.map { "- [ ] \($0)\n" }.joined() + "- [ ] clean tail\n")
        let result = try vault.run("tasks", "--color", "never")
        expectNoControls(result, "tasks")
        for line in lines {
            #expect(result.stdout.contains(line.replacingOccurrences(of: "\u{1B}", with: "^[")), "\(line.debugDescription)")
        }
        #expect(result.stdout.contains("  [ ] clean tail  Tasks.md:11 · "))
    }

    @Test func jsonAndRawKeepTheTextAsItIs() throws {
        let vault = try vault()
        let raw = try vault.run("show", "Work/Plan.md", "--raw")
        #expect(raw.stdout == "---\ntags: [work]\n---\n" + Self.hostile)
        let json = try vault.run("list", "--format", "json")
        let notes = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        #expect((notes.first?["title"] as? String)?.contains("\u{1B}]0;pwned\u{07}") == true)
    }
}

/// `-term` is documented as NOT term: on the command line it is the query, not an option.
@Suite("A query that starts with -")
struct LeadingMinusQueryTests {
    @Test(arguments: [["-meeting"], ["tag:work", "-meeting"], ["--", "-meeting"], ["--limit", "100", "-meeting"]])
    func aLeadingMinusIsNot(_ query: [String]) throws {
        let vault = try TestVault.example()
        let expected = try vault.run(arguments: ["search", (query.contains("tag:work") ? "tag:work " : "") + "NOT meeting", "--paths"])
        #expect(expected.status == 0 && !expected.stdout.isEmpty, "\(expected)")
        let result = try vault.run(arguments: ["search", "--paths"] + query)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == expected.stdout)
        #expect(result.stderr == "")
    }
}
