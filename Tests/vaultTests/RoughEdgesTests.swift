import Foundation
import Testing

/// The small things a new user meets in the first minutes: each says what happened, and
/// none is an error when nothing went wrong.
@Suite("Rough edges")
struct RoughEdgesTests {
    /// A first word that names no command is said as git says it, with the closest command
    /// (it was "Unexpected argument 'ls'" and the usage of `home`).
    @Test(arguments: [
        (["ls"], "unknown command 'ls'; did you mean 'list'?"),
        (["tags"], "unknown command 'tags'; did you mean 'tag'?"),
        (["view", "Ideas"], "unknown command 'view'; did you mean 'show'?"),
        (["--vault", ".", "lsit"], "unknown command 'lsit'; did you mean 'list'?"),
        (["zzzzzz"], "unknown command 'zzzzzz' (see 'vault help')"),
    ])
    func anUnknownCommandIsNamedWithTheClosestOne(arguments: [String], message: String) throws {
        let vault = try TestVault.example()
        let result = try vault.run(arguments: arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: \(message)\n", "\(result)")
        #expect(result.stdout == "")
    }

    /// A note name that starts with a dash is no request for help: `vault rm "$name"`
    /// printed the help and exited 0 for "-leading dash" (its `h` read as `-h`), and removed
    /// nothing. It is an error that says what to do; with `--` the note is found.
    @Test(arguments: [["show", "-leading dash"], ["rm", "-leading dash"], ["pin", "-hello there"]])
    func aNameStartingWithADashIsNoRequestForHelp(arguments: [String]) throws {
        let vault = try TestVault()
        try vault.write("-leading dash.md", "# -leading dash\n")
        try vault.write("-hello there.md", "# Hello\n")
        let before = try vault.snapshot()
        let result = try vault.run(arguments: arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "vault: error: '\(arguments[1])' reads as options; put -- before a name that starts with a dash\n", "\(result)")
        #expect(try vault.snapshot().differences(from: before) == [])
        let separated = try vault.run(arguments: [arguments[0], "--", arguments[1]])
        #expect(separated.status == 0, "\(separated)")
    }

    /// A value an option does not take is said in vault's words ("Please provide one of
    /// 'month'" was the parser's).
    @Test(arguments: [
        (["list", "--group", "week"], "--group takes month, not 'week'"),
        (["tasks", "--by", "colour"], "--by takes due, priority, category or note, not 'colour'"),
        (["list", "--format", "xml"], "--format takes text or json, not 'xml'"),
    ])
    func aValueAnOptionDoesNotTakeIsSaidPlainly(arguments: [String], message: String) throws {
        let vault = try TestVault.example()
        let result = try vault.run(arguments: arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("vault: error: \(message)\nusage: vault \(arguments[0])"), "\(result)")
    }

    /// `tag list` counts stand in one column, as the main page's do.
    @Test func tagListCountsAreAligned() throws {
        let vault = try TestVault()
        try vault.write("A.md", "---\ntags: [a, longer/child]\n---\n# A\n")
        try vault.write("B.md", "---\ntags: [a]\n---\n# B\n")
        let result = try vault.run("tag", "list", "--color", "never")
        #expect(result.stdout == "a        2\nlonger   1\n  child  1\n", "\(result)")
    }

    @Test func aTagRenameOrMergeOfATagNoNoteHasIsATypo() throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        let rename = try vault.run("tag", "rename", "travl", "trips")
        #expect(rename.status == 2)
        #expect(rename.stderr == "vault: error: no note has the tag 'travl'; nothing changed (did you mean 'travel'?)\n")
        let merge = try vault.run("tag", "merge", "nosuch", "other", "--into", "trips")
        #expect(merge.status == 2)
        #expect(merge.stderr == "vault: error: no note has the tag 'nosuch'; nothing changed\n")
        // A merge goes ahead while one of its sources is left (a second run finishing it).
        #expect(try vault.run("tag", "merge", "nosuch", "travel", "--into", "trips", "--dry-run").status == 0)
        #expect(try vault.snapshot().differences(from: before) == [], "no history file either")
    }

    @Test func rmWithoutNotesSaysWhatItWants() throws {
        let vault = try TestVault.example()
        let result = try vault.run("rm")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("vault: error: give the notes to delete, or --query QUERY\n"), "\(result)")
    }

    @Test(arguments: ["../escape", "-rf", " - dash", "--"])
    func aNewFileNameNeverStartsWithADashOrADot(_ title: String) throws {
        let vault = try TestVault()
        let result = try vault.run(arguments: ["new", "--", title], stdin: Data("text\n".utf8))
        #expect(result.status == 0, "\(result)")
        let name = result.stdout.trimmingCharacters(in: .newlines)
        #expect(!name.hasPrefix("-") && !name.hasPrefix("."), "\(name)")
        #expect(vault.exists(name))
    }

    @Test func notesTheTrashForgetsAreNamed() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("rm", "Inbox").status == 0)
        let info = try vault.text(".trash/Inbox.md.trashinfo")
        let old = info.replacingOccurrences(of: #"DeletionDate=[0-9T:-]+"#, with: "DeletionDate=2020-01-01T00:00:00", options: .regularExpression)
        try vault.write(".trash/Inbox.md.trashinfo", old)
        let pin = try vault.run("pin", "Groceries")
        #expect(pin.status == 0)
        #expect(pin.stderr == "vault: deleted for good from the trash after 30 days: Inbox.md\n")
        #expect(!vault.exists(".trash/Inbox.md"))
    }

    @Test func optionsBeforeTheCommandAndUsageErrors() throws {
        let vault = try TestVault.example()
        let json = try vault.run("--format", "json", "list", "--limit", "1")
        #expect(json.status == 0, "\(json)")
        #expect(json.stdout.hasPrefix("[{\"path\":"))
        let help = try vault.run("--color", "never", "help")
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.contains("OVERVIEW:"))
        let negative = try vault.run("list", "--limit", "-1")
        #expect(negative.status == 2)
        #expect(negative.stderr == "vault: error: --limit must be 0 or more\nusage: vault list [<options>] [<folder>] (see 'vault help')\n")
    }

    @Test func showPrintsTheTitleOnce() throws {
        let vault = try TestVault()
        try vault.write("Plan.md", "---\ntags: [a]\n---\n# Plan\n\nFirst line.\n\n# Plan\nagain\n")
        let shown = try vault.run("show", "Plan")
        #expect(shown.stdout.hasPrefix("Plan\nPlan.md · modified "), "\(shown)")
        #expect(shown.stdout.hasSuffix("#a\n\nFirst line.\n\n# Plan\nagain\n"), "\(shown)")
        // A first heading that is not the title stays.
        try vault.write("Other.md", "---\ntitle: Named\n---\n# Heading\ntext\n")
        #expect(try vault.run("show", "Named").stdout.hasSuffix("\n\n# Heading\ntext\n"))
    }

    @Test func aMonthListShowsTheDateItIsGroupedByAndJSONIsNeverIgnored() throws {
        let vault = try TestVault()
        // Dates of a past year: the same output whatever day the test runs.
        try vault.write("May.md", "---\nsortDate: 2025-05-04T10:00:00Z\nmodified: 2025-11-04T10:00:00Z\n---\n# May\n")
        let grouped = try vault.run("list", "--group", "month", "--no-snippet")
        #expect(grouped.stdout == "May 2025\n  May  · 04/05/25 · Unsorted\n", "\(grouped)")
        try vault.write(".vault/config.yaml", "list:\n  dateFormat: iso\n")
        #expect(try vault.run("list", "--no-snippet").stdout == "  May  · 2025-11-04 · Unsorted\n")
        let json = try vault.run("list", "--group", "month", "--format", "json")
        #expect(json.stdout.contains("\"group\":\"May 2025\""), "\(json)")
        #expect(try vault.run("search", "may", "--count", "--format", "json").stdout == "{\"count\":1}\n")
        #expect(try vault.run("show", "May", "--raw", "--format", "json").status == 2)
    }

    @Test(arguments: [["rm", "--query", "tag:nothing"], ["mv", "--query", "tag:nothing", "Work"], ["tag", "add", "--query", "tag:nothing", "#x"],
                      ["tag", "remove", "--query", "tag:nothing", "#x"], ["rm", "--query", "tag:nothing", "--dry-run"]])
    func aBulkQueryThatMatchesNothingExits1(_ arguments: [String]) throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        let result = try vault.run(arguments: arguments)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "vault: no note matches 'tag:nothing'; nothing changed\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test func coloursOfTagsThatExistAndNoneRemovesOne() throws {
        let vault = try TestVault.example()
        let config = try vault.text(".vault/config.yaml")
        let typo = try vault.run("tag", "color", "travl", "blue")
        #expect(typo.status == 2)
        #expect(typo.stderr == "vault: error: no note has the tag 'travl'; nothing changed (did you mean 'travel'?)\n")
        #expect(try vault.text(".vault/config.yaml") == config)
        let removed = try vault.run("tag", "color", "project/alpha", "none")
        #expect(removed.stdout == "project/alpha has no colour\n", "\(removed)")
        #expect(try vault.text(".vault/config.yaml") == config.replacingOccurrences(of: "project/alpha: orange, ", with: ""))
        #expect(try vault.run("tag", "color", "personal", "none").status == 0)
        #expect(try vault.text(".vault/config.yaml").contains("tags: { work: blue }"))
        #expect(try vault.run("folder", "color", "work", "none").stdout == "Work has no colour\n")
        #expect(try vault.text(".vault/config.yaml").contains("folders: { Personal: green }"))
    }

    @Test func aRenameReportsNotesItCouldNotReadAndIsCompletedOnceTheyAreFixed() throws {
        let vault = try TestVault()
        try vault.write("Good.md", "---\ntags: [health]\n---\nA\n")
        try vault.write("Broken.md", "---\ntags: [health, unclosed\n---\nB\n")
        try vault.write("Body only.md", "---\ntags: [x, oops\n---\nhealth in the body only\n")
        let first = try vault.run("tag", "rename", "health", "wellbeing")
        #expect(first.status == 2, "\(first)")
        #expect(first.stderr.hasPrefix("Broken.md:3:1: error: front matter does not parse, so its tags were not changed (fix it and run the command again): "), "\(first)")
        #expect(!first.stderr.contains("Body only.md"), "a mention in the body is not a tag")
        try vault.write("Broken.md", "---\ntags: [health, closed]\n---\nB\n")
        let again = try vault.run("tag", "rename", "health", "wellbeing")
        #expect(again.status == 0, "\(again)")
        #expect(try vault.text("Broken.md").hasPrefix("---\ntags: [wellbeing, closed]\n"))
    }

    @Test func checkReportsAKeySetTwice() throws {
        let vault = try TestVault()
        try vault.write("Dup.md", "---\ntitle: a\nTitle: b\n---\nx\n")
        let result = try vault.run("check")
        #expect(result.status == 1)
        #expect(result.stdout == "Dup.md:3:1: error: 'Title' is set twice (first on line 2); the last one counts\n", "\(result)")
    }

    @Test func checkHistoryAndWritesSpeakJSON() throws {
        let vault = try TestVault.example()
        let check = try vault.run("check", "--format", "json")
        #expect(check.status == 1)
        let problems = try #require(try JSONSerialization.jsonObject(with: check.stdoutData) as? [String: Any])
        #expect((problems["problems"] as? [[String: Any]])?.first?["path"] as? String == "Broken Front Matter.md")
        let merge = try vault.run("tag", "merge", "travel", "personal", "--into", "life", "--format", "json")
        let report = try #require(try JSONSerialization.jsonObject(with: merge.stdoutData) as? [String: Any], "\(merge)")
        #expect((report["count"] as? Int ?? 0) > 0)
        let id = try #require(report["recordID"] as? String)
        let history = try #require(try JSONSerialization.jsonObject(with: vault.run("tag", "history", "--format", "json").stdoutData) as? [[String: Any]])
        #expect(history.map { $0["id"] as? String } == [id])
        let pin = try vault.run("pin", "Phone numbers", "Groceries", "--format", "json")
        #expect(pin.stdout == "{\"changed\":[\"Phone numbers.md\"],\"count\":1,\"failed\":[]}\n", "\(pin)")
        let moved = try vault.run("mv", "Phone numbers", "Work", "--format", "json")
        let move = try #require(try JSONSerialization.jsonObject(with: moved.stdoutData) as? [String: Any], "\(moved)")
        #expect(move["changed"] as? [String] == ["Work/Phone numbers.md"])
        #expect(move["failed"] as? [String] == [])
        #expect((move["moved"] as? [[String: String]])?.first == ["from": "Phone numbers.md", "to": "Work/Phone numbers.md"])
        #expect(move["recordID"] is String)
        let trashed = try vault.run("rm", "Work/Phone numbers", "--format", "json")
        let record = try #require(try vault.run("history", "--format", "json").jsonObjects().last?["id"] as? String)
        #expect(trashed.stdout == "{\"changed\":[\"Work/Phone numbers.md\"],\"count\":1,\"failed\":[],\"recordID\":\"\(record)\"}\n", "\(trashed)")
    }

    @Test func quietBulkCommandsPrintACount() throws {
        let vault = try TestVault.example()
        let tagged = try vault.run("tag", "add", "--query", "folder:Work", "#batch", "--quiet")
        #expect(tagged.status == 0)
        let count = try vault.run("search", "folder:Work", "--count").stdout.trimmingCharacters(in: .newlines)
        #expect(tagged.stdout == "\(count) notes changed\n", "\(tagged)")
        let removed = try vault.run("rm", "--query", "tag:batch", "-q")
        #expect(removed.stdout == "\(count) notes changed\n", "\(removed)")
    }

    @Test func completionsOfferTheVaultsNames() throws {
        let vault = try TestVault.example()
        // What the generated bash script asks: the argument, the word and cursor, the words.
        let tags = try vault.run("---completion", "list", "--", "--tag", "3", "1", "vault", "list", "--tag", "p")
        #expect(tags.stdout.split(separator: "\n").contains("project/alpha"), "\(tags)")
        #expect(tags.stdout.split(separator: "\n").allSatisfy { $0.lowercased().hasPrefix("p") })
        let notes = try vault.run("---completion", "show", "--", "positional@0", "2", "4", "vault", "show", "Work")
        #expect(notes.stdout.split(separator: "\n").contains("Work/Projects/Roadmap"), "\(notes)")
        let folders = try vault.run("---completion", "list", "--", "positional@0", "2", "0", "vault", "list", "")
        #expect(folders.stdout.split(separator: "\n").contains("Work/Projects"), "\(folders)")
        let script = try vault.run("--generate-completion-script", "bash")
        #expect(script.stdout.contains("---completion list -- --tag"))
    }
}
