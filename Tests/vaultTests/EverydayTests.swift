import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What zk, nb and Obsidian users reach for daily (issue 37, items 12 to 15): templates,
/// daily notes, finding and opening a note, and the order of a list.
@Suite("Everyday use")
struct EverydayTests {
    /// A vault whose clock is fixed, with a meeting and a daily template.
    private func vault() throws -> TestVault {
        let vault = try TestVault()
        try vault.write(".vault/templates/meeting.md", "---\ntags: [meeting]\n---\n# {{title}}\n\n{{date}} ({{date:dddd, D MMMM YYYY}}) in {{folder}}; {{other}} stays\n\n## Notes\n")
        try vault.write(".vault/templates/daily.md", "# {{date:dddd D MMMM}}\n\n## Tasks\n")
        try vault.createDirectory("Work")
        return vault
    }

    private static let clock: [String: String?] = ["TZ": "UTC"]

    /// `days` from today in UTC (as the tests run `vault`), in a date format.
    static func day(_ days: Int, _ format: String = "yyyy-MM-dd") -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = format
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }

    /// `vault search WORD --sort relevance`: the title first, then a heading, then the
    /// body's count of the word, the most recently modified first on a tie; without it
    /// (and with a query of fields only) the list order.
    @Test func searchBySortRelevance() throws {
        let vault = try TestVault()
        try vault.write("once-new.md", "---\nmodified: 2025-03-20T08:00:00Z\n---\n# Plans\n\nThe budget.\n")
        try vault.write("once-old.md", "---\nmodified: 2025-03-11T08:00:00Z\n---\n# Trips\n\nA budget.\n")
        try vault.write("thrice.md", "---\nmodified: 2025-03-12T08:00:00Z\n---\n# Money\n\nBudget, budget and the BUDGET again.\n")
        try vault.write("heading.md", "---\nmodified: 2025-03-13T08:00:00Z\n---\n# Notes\n\n## Budget for May\n")
        try vault.write("title.md", "---\nmodified: 2025-03-10T08:00:00Z\n---\n# Büdget review\n\nNot in the body.\n")
        try vault.write("other.md", "---\nmodified: 2025-03-25T08:00:00Z\n---\n# Other\n\nNo match.\n")
        let ranked = try vault.run("search", "budget", "--sort", "relevance", "--paths")
        #expect(ranked.status == 0, "\(ranked)")
        #expect(ranked.stderr == "")
        #expect(ranked.stdout == "title.md\nheading.md\nthrice.md\nonce-new.md\nonce-old.md\n")
        let listOrder = try vault.run("search", "budget", "--paths")
        #expect(listOrder.stdout == "once-new.md\nheading.md\nthrice.md\nonce-old.md\ntitle.md\n")
        let fields = try vault.run("search", "folder:/", "--sort", "relevance", "--paths")
        #expect(fields.stdout == "other.md\nonce-new.md\nheading.md\nthrice.md\nonce-old.md\ntitle.md\n")
        let unknown = try vault.run("search", "budget", "--sort", "size")
        #expect(unknown.status == 2)
        #expect(unknown.stdout == "")
    }

    @Test func newFromATemplateFillsItsPlaceholders() throws {
        let vault = try vault()
        let result = try vault.run("new", "Kickoff", "-f", "Work", "--template", "meeting", stdin: Data(utf8: "From the pipe.\n"), environment: Self.clock)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Work/Kickoff.md\n")
        let text = try vault.text("Work/Kickoff.md")
        #expect(text.hasPrefix("---\ntags: [meeting]\nid: "), "the template's front matter is the note's: \(text)")
        #expect(text.hasSuffix("---\n# Kickoff\n\n\(Self.day(0)) (\(Self.day(0, "EEEE, d MMMM yyyy"))) in Work; {{other}} stays\n\n## Notes\nFrom the pipe.\n"), "\(text)")
    }

    @Test func aFoldersTemplateAndDefaultFolderComeFromTheConfig() throws {
        let vault = try vault()
        try vault.write(".vault/config.yaml", "new:\n  folder: Work\n  templates:\n    work: meeting\n")
        let result = try vault.run("new", "Planning", stdin: Data(utf8: "text\n"), environment: Self.clock)
        #expect(result.stdout == "Work/Planning.md\n", "\(result)")
        #expect(try vault.text("Work/Planning.md").contains("# Planning\n\n\(Self.day(0)) (\(Self.day(0, "EEEE"))"))
        let root = try vault.run("new", "At the root", "-f", "/", stdin: Data(utf8: "text\n"), environment: Self.clock)
        #expect(root.stdout == "At the root.md\n", "\(root)")
    }

    @Test func anUnknownTemplateNamesTheOnesThereAreAndMakesNothing() throws {
        let vault = try vault()
        let before = try vault.snapshot()
        let result = try vault.run("new", "X", "--template", "nope", stdin: Data(utf8: "text\n"))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: no template 'nope' in .vault/templates/ (it has: daily, meeting)\n")
        let escape = try vault.run("new", "X", "--template", "../config", stdin: Data(utf8: "text\n"))
        #expect(escape.status == 2, "\(escape)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    /// `vault today` makes the day's note from the daily template once, then finds it.
    @Test func todayAndYesterdayMakeTheirNoteOnceThenFindIt() throws {
        let vault = try vault()
        let today = try vault.run("today", environment: Self.clock)
        #expect(today.status == 0, "\(today)")
        let path = "Daily/\(Self.day(0)).md"
        #expect(today.stdout == path + "\n", "not on a terminal, the path")
        let text = try vault.text(path)
        #expect(text.hasSuffix("---\n# \(Self.day(0, "EEEE d MMMM"))\n\n## Tasks\n"), "named by the date, titled by the template: \(text)")
        try vault.write(path, text + "- [ ] written\n")
        let again = try vault.run("today", "--format", "json", environment: Self.clock)
        #expect(again.stdout == "{\"path\":\"\(path)\",\"created\":false}\n", "\(again)")
        #expect(try vault.text(path).hasSuffix("- [ ] written\n"))
        #expect(try vault.run("yesterday", environment: Self.clock).stdout == "Daily/\(Self.day(-1)).md\n")
        #expect(try vault.run("today", "--date", "2030-12-24", environment: Self.clock).stdout == "Daily/2030-12-24.md\n")
        #expect(try vault.run("today", "--date=-3d", environment: Self.clock).stdout == "Daily/\(Self.day(-3)).md\n")
        let bad = try vault.run("today", "--date", "someday", environment: Self.clock)
        #expect(bad.status == 2, "\(bad)")
    }

    @Test func dailyNotesFollowTheConfig() throws {
        let vault = try vault()
        try vault.write(".vault/config.yaml", "daily:\n  folder: Journal\n  format: YYYY-MM-DD dddd\n  template: meeting\n")
        let result = try vault.run("today", environment: Self.clock)
        let name = Self.day(0, "yyyy-MM-dd EEEE")
        #expect(result.stdout == "Journal/\(name).md\n", "\(result)")
        #expect(try vault.text("Journal/\(name).md").contains("# \(name)\n\n\(Self.day(0)) ("))
    }

    /// A format that makes a name no file can have (`..`, a leading dot) is named as the
    /// file is: the day's note is found again, not made once more as `Untitled 2`.
    @Test func aDailyFormatThatIsNoFileNameStillFindsItsNote() throws {
        let vault = try vault()
        try vault.write(".vault/config.yaml", "daily:\n  format: \"[.]YYYY\"\n")
        let first = try vault.run("today", environment: Self.clock)
        let again = try vault.run("today", environment: Self.clock)
        #expect(first.stdout == "Daily/\(Self.day(0, "yyyy")).md\n", "\(first)")
        #expect(again.stdout == first.stdout)
        #expect(try vault.names(in: "Daily") == ["\(Self.day(0, "yyyy")).md"])
    }

    /// The day's note is never read or written through a link, and a link in its place is
    /// said, not passed by with a note made beside it on every run.
    @Test func aLinkWhereTheDaysNoteGoesIsRefused() throws {
        let vault = try vault()
        let outside = try TestVault.emptyDirectory()
        try outside.write("x.md", "# outside\n")
        try vault.createDirectory("Daily")
        try FileManager.default.createSymbolicLink(atPath: vault.url("Daily/\(Self.day(0)).md").path, withDestinationPath: outside.url("x.md").path)
        let result = try vault.run("today", environment: Self.clock)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("leads through a symbolic link"), "\(result)")
        #expect(try vault.names(in: "Daily") == ["\(Self.day(0)).md"])
        #expect(try outside.text("x.md") == "# outside\n")
        try FileManager.default.removeItem(at: vault.url("Daily"))
        try FileManager.default.createSymbolicLink(atPath: vault.url("Daily").path, withDestinationPath: outside.root.path)
        #expect(try vault.run("today", environment: Self.clock).status == 2)
        #expect(try outside.names() == ["x.md"])
    }

    /// A name that matches nothing suggests the nearest title (it only failed).
    @Test func aNameThatMatchesNothingSaysWhichItMayMean() throws {
        let vault = try TestVault.example()
        let result = try vault.run("show", "Groceriez")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: no note matches 'Groceriez'; did you mean 'Groceries'?\n")
        let prefix = try vault.run("show", "Onboarding")
        #expect(prefix.stderr == "vault: error: no note matches 'Onboarding'; did you mean 'Onboarding checklist'?\n", "\(prefix)")
    }

    /// `vault open TEXT`: one match opens in the editor; several need a terminal to pick.
    @Test func openFindsByWordsAndOpensTheOneMatch() throws {
        let vault = try TestVault.example()
        let editor = try TestVault.emptyDirectory()
        try editor.write("ed", "#!/bin/sh\nprintf 'Opened.\\n' >> \"$1\"\n")
        chmod(editor.url("ed").path, 0o755)
        let before = try vault.text("Work/Onboarding checklist.md")
        let result = try vault.run("open", "\"onboarding checklist\"", environment: ["EDITOR": editor.url("ed").path])
        #expect(result.status == 0, "\(result)")
        let after = try vault.text("Work/Onboarding checklist.md")
        #expect(after.hasSuffix("Opened.\n"), "\(after)")
        #expect(after.count > before.count)
        let several = try vault.run("open", "tag:work", environment: ["EDITOR": editor.url("ed").path])
        #expect(several.status == 2, "\(several)")
        #expect(several.stderr.hasSuffix("notes match; pick one on a terminal, or name it (vault edit NAME)\n"), "\(several)")
        let none = try vault.run("open", "zzqqxx")
        #expect(none.status == 1, "\(none)")
    }

    @Test func listSortsByOneKeyAndReverses() throws {
        let vault = try TestVault()
        try vault.write("B.md", "---\ncreated: 2026-01-02T00:00:00Z\nmodified: 2026-03-01T00:00:00Z\npinned: true\n---\n# Beta\n")
        try vault.write("A.md", "---\ncreated: 2026-01-03T00:00:00Z\nmodified: 2026-02-01T00:00:00Z\n---\n# Alpha\n")
        try vault.write("C.md", "---\ncreated: 2026-01-01T00:00:00Z\nmodified: 2026-04-01T00:00:00Z\n---\n# Gamma\n")
        func paths(_ arguments: String...) throws -> [String] {
            let result = try vault.run(arguments: ["list", "--format", "json"] + arguments)
            let notes = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]], "\(result)")
            return notes.compactMap { $0["path"] as? String }
        }
        #expect(try paths("--sort", "created") == ["A.md", "B.md", "C.md"], "newest first, pinned or not")
        #expect(try paths("--sort", "created", "--reverse") == ["C.md", "B.md", "A.md"])
        #expect(try paths("--sort", "title") == ["A.md", "B.md", "C.md"])
        #expect(try paths("--sort", "modified", "--limit", "2") == ["C.md", "B.md"])
        let reverse = try vault.run("list", "--reverse")
        #expect(reverse.status == 2 && reverse.stderr.contains("--reverse goes with --sort"), "\(reverse)")
    }

    @Test func historyShowsTheLastFew() throws {
        let vault = try TestVault()
        try vault.write("A.md", "# A\n")
        try vault.write("B.md", "# B\n")
        try vault.createDirectory("X")
        #expect(try vault.run("mv", "A", "B", "X").status == 0)
        #expect(try vault.run("rename", "X/A", "Renamed").status == 0)
        let all = try vault.run("history").stdout.split(separator: "\n")
        try #require(all.count == 2)
        let last = try vault.run("history", "--limit", "1")
        #expect(last.stdout.split(separator: "\n") == [all[1]], "\(last)")
    }

    /// `pin --query` pins what a search finds, as one operation `undo` takes back.
    @Test func pinAndUnpinTakeAQuery() throws {
        let vault = try TestVault()
        try vault.write("A.md", "---\ntags: [work]\n---\n# A\n")
        try vault.write("B.md", "---\ntags: [work]\n---\n# B\n")
        try vault.write("C.md", "# C\n")
        let pinned = try vault.run("pin", "--query", "tag:work")
        #expect(pinned.status == 0, "\(pinned)")
        #expect(try vault.text("A.md").contains("pinned: true") && vault.text("B.md").contains("pinned: true"))
        #expect(try !vault.text("C.md").contains("pinned"))
        #expect(try vault.run("history").stdout.contains("pin"))
        let none = try vault.run("unpin", "--query", "tag:nothing")
        #expect(none.status == 1, "\(none)")
        let both = try vault.run("pin", "C", "--query", "tag:work")
        #expect(both.status == 2, "\(both)")
        #expect(try vault.run("unpin", "--query", "tag:work").status == 0)
        #expect(try vault.text("A.md") == "---\ntags: [work]\n---\n# A\n")
    }

    /// `vault edit NAME` on a terminal offers to create a note that is not there (it only
    /// failed), and makes it as `vault new` does; no makes nothing.
    @Test(.enabled(if: CLI.which("script") != nil, "needs script(1) for a terminal"))
    func editOffersToCreateAMissingNote() throws {
        let vault = try TestVault()
        let binary = try CLI.binary.get().path
        let environment: [String: String?] = ["EDITOR": "f() { printf 'Written.\\n' >> \"$1\"; }; f"]
        let script = try #require(CLI.which("script"))
        let no = try CLI.run(script, ["-qec", "'\(binary)' edit 'Fresh idea'", "/dev/null"], in: vault.root, stdin: Data(utf8: "n\n"), environment: environment)
        #expect(no.status == 1, "\(no)")
        #expect(no.stdout.contains("no note matches 'Fresh idea'; create it? [y/N]"), "\(no)")
        #expect(!vault.exists("Fresh idea.md"))
        let yes = try CLI.run(script, ["-qec", "'\(binary)' edit 'Fresh idea'", "/dev/null"], in: vault.root, stdin: Data(utf8: "y\n"), environment: environment)
        #expect(yes.status == 0, "\(yes)")
        #expect(try vault.text("Fresh idea.md").hasSuffix("---\n# Fresh idea\n\nWritten.\n"))
    }

    /// Long output on a terminal goes through the pager, as git's does (`$VAULT_PAGER`, else
    /// `$PAGER`, else less), coloured as on the terminal; `cat` turns it off, and output that
    /// is no terminal is never paged.
    @Test(.enabled(if: CLI.which("script") != nil, "needs script(1) for a terminal"))
    func longOutputOnATerminalGoesThroughThePager() throws {
        let vault = try TestVault.example()
        let binary = try CLI.binary.get().path
        let script = try #require(CLI.which("script"))
        func onTerminal(_ command: String, _ environment: [String: String?]) throws -> String {
            try CLI.run(script, ["-qec", "'\(binary)' \(command)", "/dev/null"], in: vault.root, environment: environment).stdout
        }
        let paged = try onTerminal("list --no-snippet", ["PAGER": "sed 's/^/paged: /'"])
        let lines = paged.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        #expect(lines.count > 40 && lines.allSatisfy { $0.hasPrefix("paged: ") }, "\(paged)")
        #expect(!paged.contains("\u{1B}["), "NO_COLOR is honoured")
        let colored = try onTerminal("list --no-snippet", ["PAGER": "sed 's/^/paged: /'", "NO_COLOR": nil])
        #expect(colored.contains("paged: ") && colored.contains("\u{1B}["), "coloured as on the terminal: \(colored)")
        let vaultPager = try onTerminal("list --no-snippet", ["PAGER": "sed 's/^/paged: /'", "VAULT_PAGER": "cat"])
        #expect(!vaultPager.contains("paged: ") && vaultPager.contains("Groceries"), "\(vaultPager)")
        let home = try onTerminal("", ["PAGER": "sed 's/^/paged: /'"])
        #expect(!home.contains("paged: ") && home.contains("Your notes"), "the main page is short: \(home)")
        let piped = try vault.run("list", "--no-snippet", environment: ["PAGER": "sed 's/^/paged: /'"])
        #expect(!piped.stdout.contains("paged: "))
    }
}
