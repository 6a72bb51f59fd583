import Foundation
import Testing

/// The README's "Using it" block, run line by line as a new user types it: in a terminal
/// (a pseudo-terminal from `script`, so that `vault new` opens the editor), in a fresh
/// home directory. The edits: the IDs of `tag split` and `undo`, which the README can only
/// show as examples, are the ones `tag history` and `history` printed; the picture that
/// `vault attach` takes is put where the README says it is.
@Suite("The README's walkthrough")
struct ReadmeWalkthroughTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let readme = root.appendingPathComponent("README.md")
    /// The user's guide the README points to, where the longer tours live.
    static let guide = root.appendingPathComponent("docs/guide.md")

    /// The command lines of the first `sh` block after "## Using it".
    static func walkthrough() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "## Using it"))
        let start = try #require(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test(.enabled(if: CLI.which("script") != nil, "needs script(1) for a terminal"))
    func everyLineRunsWithoutAnError() throws {
        let lines = try Self.walkthrough()
        #expect(lines.count > 15 && lines[0].hasPrefix("vault init ~/notes"))
        let place = try TestVault.emptyDirectory()
        let home = place.base
        var script = "cd \"$HOME\"\n"
        for (number, line) in lines.enumerated() {
            let command = line
                .replacingOccurrences(of: "3f2a9c1b", with: "\"$(vault tag history | grep merge | tail -n 1 | cut -d ' ' -f 1)\"")
                .replacingOccurrences(of: "8c1e2f4a", with: "\"$(vault history | tail -n 1 | cut -d ' ' -f 1)\"")
            script += "echo '@@ line \(number)'\n\(command)\necho \"@@ exit $? line \(number)\"\n"
        }
        let pictures = home.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: pictures.appendingPathComponent("receipt.png"))
        let file = home.appendingPathComponent("walkthrough.sh")
        try Data(script.utf8).write(to: file)
        let binary = try CLI.binary.get().deletingLastPathComponent().path
        let result = try CLI.run(try #require(CLI.which("script")), ["-qec", "bash " + file.path, "/dev/null"], in: home, environment: [
            "HOME": home.path,
            "PATH": binary + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "EDITOR": "f() { printf 'agenda: budget\\n' >> \"$1\"; }; f",
        ])
        let output = result.stdout
        let marks = output.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("@@ exit ") }
        #expect(marks.count == lines.count, "every line ran: \(output)")
        for (number, line) in lines.enumerated() {
            // "exit 1" in a line's comment says that 1 (nothing matched) is what it gives.
            let allowed: Set<String> = line.contains("exit 1") ? ["0", "1"] : ["0"]
            let status = marks.first { $0.hasSuffix(" line \(number)") }
                .map { String($0.dropFirst("@@ exit ".count).prefix { $0 != " " }) }
            #expect(status.map(allowed.contains) == true, "line \(number + 1) '\(line)' gave \(status ?? "nothing")\n\(output)")
        }
        #expect(!output.contains("error:"), "\(output)")
        let notes = home.appendingPathComponent("notes")
        let shopping = try String(contentsOf: notes.appendingPathComponent("Personal/Shopping list.md"), encoding: .utf8)
        #expect(shopping.contains("\n# Shopping list\n\noat milk, eggs\nagenda: budget\n"), "\(shopping)")
        let budget = try String(contentsOf: notes.appendingPathComponent("Work/Budget.md"), encoding: .utf8)
        #expect(budget.contains("tags: [meetings]"), "the split gave the merged tag back: \(budget)")
        #expect(shopping.hasSuffix("![[receipt.png]]\n"), "\(shopping)")
        #expect(FileManager.default.fileExists(atPath: notes.appendingPathComponent("attachments/receipt.png").path))
        // The template, the day's note (opened in the editor on the terminal), and open.
        let planning = try String(contentsOf: notes.appendingPathComponent("Work/Planning.md"), encoding: .utf8)
        #expect(planning.contains("\n# Planning\n\n") && planning.hasSuffix("## Agenda\nQ4 numbers\n"), "\(planning)")
        let daily = try FileManager.default.contentsOfDirectory(atPath: notes.appendingPathComponent("Daily").path)
        #expect(daily.count == 1 && daily[0].hasSuffix(".md"), "\(daily)")
        let today = try String(contentsOf: notes.appendingPathComponent("Daily").appendingPathComponent(daily[0]), encoding: .utf8)
        #expect(today.hasSuffix("agenda: budget\n"), "the editor opened the day's note: \(today)")
        #expect(budget.hasSuffix("agenda: budget\n"), "vault open opened the one match: \(budget)")
        // The undo took back the last operation, the restore: the copy is in the trash again.
        #expect(!FileManager.default.fileExists(atPath: notes.appendingPathComponent("Personal/Shopping list copy.md").path))
        #expect(FileManager.default.fileExists(atPath: notes.appendingPathComponent(".trash/Shopping list copy.md").path))
    }

    /// The command lines of the first `sh` block after `heading` in `file`.
    static func block(after heading: String, in file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        let section = try #require(text.range(of: heading))
        let start = try #require(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// "A note's history", run in a git vault with two versions of Budget and a note that
    /// left the vault (deleted, then purged from the trash). The one edit: the README's day
    /// is the first commit, which is today here.
    @Test func theHistoryTourRuns() throws {
        let lines = try Self.block(after: "## A note's history", in: Self.guide)
        #expect(lines.count >= 5 && lines[0].hasPrefix("vault log Budget"))
        let vault = try TestVault()
        try SyncTests.git("init", "-q", "-b", "main", in: vault.root)
        func commit(_ message: String) throws {
            try SyncTests.git("add", "-A", in: vault.root)
            try SyncTests.git("commit", "-q", "--author", "Ann <ann@example.com>", "-m", message, in: vault.root)
        }
        let first = "---\nid: budget\ntags: [meetings]\n---\n# Budget\n\nBudget review at the café.\n"
        let second = "---\nid: budget\ntags: [meetings, q4]\n---\n# Budget\n\nBudget review at the office.\n"
        let oldPlan = "---\nid: oldplan\n---\n# Old plan\n\nThe plan we dropped.\n"
        try vault.write("Budget.md", first)
        try vault.write("Old plan.md", oldPlan)
        try commit("one")
        try vault.write("Budget.md", second)
        try commit("two")
        #expect(try vault.run("rm", "Old plan").status == 0)
        #expect(try vault.run("trash", "empty", "--yes").status == 0)
        try commit("three")

        var script = ""
        for (number, line) in lines.enumerated() {
            let command = line.replacingOccurrences(of: "2026-11-01", with: "\"$(git rev-list --reverse HEAD | head -n 1)\"")
            script += "echo '@@ line \(number)'\n\(command)\necho \"@@ exit $? line \(number)\"\n"
        }
        let binary = try CLI.binary.get().deletingLastPathComponent().path
        let result = try CLI.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: vault.root, environment: [
            "PATH": binary + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ])
        let marks = result.stdout.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("@@ exit ") }
        #expect(marks.count == lines.count, "every line ran: \(result)")
        for (number, line) in lines.enumerated() {
            #expect(marks.contains { $0 == "@@ exit 0 line \(number)" }, "line \(number + 1) '\(line)' failed\n\(result)")
        }
        #expect(!result.stderr.contains("error"), "\(result)")
        #expect(result.stdout.contains("Budget.md"), "log and diff name the note: \(result)")
        #expect(try vault.text("Budget.md") == second, "restored, then the restore undone")
        #expect(try vault.text("Old plan.md") == oldPlan, "the purged note is back, byte for byte")
    }
}
