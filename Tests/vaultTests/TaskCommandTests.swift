import Foundation
import Testing

/// `vault task`: changes to tasks are one-line edits of their notes (docs/tasks.md).
@Suite("vault task")
struct TaskCommandTests {
    static let today = TasksCommandTests.day(0)

    private func vault() throws -> TestVault {
        let vault = try TestVault()
        try vault.write("Chores.md", "---\r\nid: 1\r\n---\r\n# Chores\r\n\r\n- [ ] pay rent 📅 2026-11-25 🔁 every month on the 1st #home\r\n- [ ] call mom ⏫\r\n    - [ ] find number\r\n    ask about the trip\r\n- [/] fix bike [due:: 2026-11-20]\r\nthe end\r\n")
        return vault
    }

    /// The REF `vault tasks --all` shows for the task whose text starts with `text`.
    private func ref(_ vault: TestVault, _ text: String) throws -> String {
        let result = try vault.run("tasks", "--all", "--format", "json")
        let tasks = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        return try #require(tasks.first { ($0["text"] as? String)?.hasPrefix(text) == true }?["ref"] as? String)
    }

    private func text(_ vault: TestVault, _ path: String = "Chores.md") throws -> String {
        String(decoding: try vault.bytes(path), as: UTF8.self)
    }

    @Test func doneChangesOneLineByteForByte() throws {
        let vault = try vault()
        let before = try text(vault)
        let ref = try ref(vault, "call mom")
        let result = try vault.run("task", "done", ref)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("done Chores.md:7 call mom · "), "\(result)")
        let after = try text(vault)
        #expect(after == before.replacingOccurrences(of: "- [ ] call mom ⏫\r\n", with: "- [x] call mom ⏫ ✅ \(Self.today)\r\n"))
        // Undo puts the line back exactly.
        #expect(try vault.run("task", "undo", try self.ref(vault, "call mom")).status == 0)
        #expect(try text(vault) == before)
    }

    /// A due date that does not read is the one a new due date replaces: the line never
    /// holds two.
    @Test func aNewDueDateReplacesOneThatDoesNotRead() throws {
        let vault = try TestVault()
        try vault.write("List.md", "- [ ] pay 📅 2026-13-01 #home\n")
        let ref = try ref(vault, "pay")
        let result = try vault.run("task", "edit", ref, "--due", "2026-12-04")
        #expect(result.status == 0, "\(result)")
        #expect(try text(vault, "List.md") == "- [ ] pay 📅 2026-12-04 #home\n")
    }

    /// Two identical lines: the first's REF, used twice, completes the first line and is
    /// then stale; it never names the second line.
    @Test func aRefNamesOneOfTwoIdenticalLinesForGood() throws {
        let vault = try TestVault()
        try vault.write("List.md", "- [ ] water plants\n- [ ] water plants\n")
        let result = try vault.run("tasks", "--all", "--format", "json")
        let refs = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]]).compactMap { $0["ref"] as? String }
        #expect(refs.count == 2 && refs[0] != refs[1], "\(refs)")
        let first = try vault.run("task", "done", refs[0])
        #expect(first.status == 0, "\(first)")
        let again = try vault.run("task", "done", refs[0])
        #expect(again.status != 0, "\(again)")
        #expect(try text(vault, "List.md") == "- [x] water plants ✅ \(Self.today)\n- [ ] water plants\n")
    }

    @Test func aRecurringTaskSpawnsItsNextOccurrence() throws {
        let vault = try vault()
        let result = try vault.run("task", "done", try ref(vault, "pay rent"))
        #expect(result.stdout.contains("next Chores.md:6 pay rent #home 📅 2026-12-01 · "), "\(result)")
        #expect(try text(vault).contains("\r\n- [ ] pay rent 📅 2026-12-01 🔁 every month on the 1st #home\r\n- [x] pay rent 📅 2026-11-25 🔁 every month on the 1st #home ✅ \(Self.today)\r\n"))
    }

    @Test func aStaleRefIsRefusedAndNothingChanges() throws {
        let vault = try vault()
        let ref = try ref(vault, "call mom")
        let edited = try text(vault).replacingOccurrences(of: "call mom", with: "call mum")
        try vault.write("Chores.md", edited)
        let result = try vault.run("task", "done", ref)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no task has the REF '\(ref)'"), "\(result)")
        #expect(try text(vault) == edited)
        #expect(try vault.run("task", "done", "zz").stderr.contains("no task has the REF 'zz'"))
    }

    @Test func editChangesOnlyWhatItIsAsked() throws {
        let vault = try vault()
        let before = try text(vault)
        let result = try vault.run("task", "edit", try ref(vault, "fix bike"), "--due", "2026-12-24", "--priority", "high", "--add-category", "#bike")
        #expect(result.status == 0, "\(result)")
        #expect(try text(vault) == before.replacingOccurrences(of: "- [/] fix bike [due:: 2026-11-20]", with: "- [/] fix bike #bike [due:: 2026-12-24] [priority:: high]"))
        #expect(try vault.run("task", "edit", try ref(vault, "fix bike"), "--due", "someday").stderr.contains("invalid date 'someday' for --due"))
    }

    @Test func removeTakesTheNotesAndSubtasks() throws {
        let vault = try vault()
        let before = try text(vault)
        #expect(try vault.run("task", "rm", try ref(vault, "call mom")).status == 0)
        #expect(try text(vault) == before.replacingOccurrences(of: "- [ ] call mom ⏫\r\n    - [ ] find number\r\n    ask about the trip\r\n", with: ""))
    }

    @Test func bulkWithAQueryAndADryRun() throws {
        let vault = try vault()
        let before = try text(vault)
        let dry = try vault.run("task", "done", "--query", "due:<\(Self.today)", "--dry-run")
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.contains("- - [/] fix bike [due:: 2026-11-20]\n+ - [x] fix bike [due:: 2026-11-20] [completion:: \(Self.today)]"), "\(dry)")
        #expect(try text(vault) == before, "a dry run changes nothing")
        let none = try vault.run("task", "done", "--query", "#nothing")
        #expect(none.status == 1)
        #expect(try text(vault) == before)
        let real = try vault.run("task", "cancel", "--query", "#home OR priority:high", "--format", "json")
        let report = try #require(try JSONSerialization.jsonObject(with: real.stdoutData) as? [String: Any])
        #expect(report["count"] as? Int == 2, "\(real)")
        #expect(try text(vault).contains("- [-] call mom ⏫ ❌ \(Self.today)\r\n"))
    }

    @Test func addAppendsToTheInboxCreatingIt() throws {
        let vault = try vault()
        let result = try vault.run("task", "add", "buy", "milk", "--due", "2026-12-01", "-c", "shop", "--priority", "medium")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("added Tasks.md:9 buy milk #shop · "), "\(result)")
        #expect(try text(vault, "Tasks.md").hasSuffix("# Tasks\n\n- [ ] buy milk #shop 🔼 ➕ \(Self.today) 📅 2026-12-01\n"))
        #expect(try vault.run("task", "add", "bread").status == 0)
        #expect(try text(vault, "Tasks.md").hasSuffix("📅 2026-12-01\n- [ ] bread ➕ \(Self.today)\n"))
        // To a note, in its line endings, after its last line.
        #expect(try vault.run("task", "add", "oil", "chain", "--note", "Chores").status == 0)
        #expect(try text(vault).hasSuffix("the end\r\n\r\n- [ ] oil chain ➕ \(Self.today)\r\n"))
        #expect(try vault.run("task", "add", "x", "--every", "blue moon").status == 2)
    }

    @Test func perTaskQueries() throws {
        let vault = try vault()
        func texts(_ query: String...) throws -> [String] {
            let result = try vault.run(arguments: ["tasks", "--format", "json"] + query)
            let tasks = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]], "\(result)")
            return tasks.compactMap { $0["text"] as? String }.sorted()
        }
        #expect(try texts("mom") == ["call mom"])
        #expect(try texts("#home") == ["pay rent #home"])
        #expect(try texts("priority:>=high") == ["call mom"])
        #expect(try texts("due:none") == ["call mom", "find number"])
        #expect(try texts("due:2026-11") == ["fix bike", "pay rent #home"])
        #expect(try texts("status:doing") == ["fix bike"])
        #expect(try texts("NOT status:todo") == ["fix bike"])
        // In `vault search`: notes by their tasks.
        try vault.write("Other.md", "- [x] old ✅ 2026-01-01\n")
        let search = try vault.run("search", "task:done", "--paths")
        #expect(search.stdout == "Other.md\n", "\(search)")
        #expect(try vault.run("search", "due:2026-11-20", "--paths").stdout == "Chores.md\n")
        #expect(try vault.run("search", "priority:hihg").stderr.contains("did you mean 'high'?"))
    }

    /// Due today in UTC is a different day east and west of it: the agenda uses the
    /// vault's own time zone.
    @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"])
    func bucketsInTheLocalTimeZone(_ zone: String) throws {
        let vault = try TestVault()
        let utcToday = TasksCommandTests.day(0)
        try vault.write("T.md", "- [ ] due 📅 \(utcToday)\n")
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let localToday = formatter.string(from: Date())
        let expected = localToday == utcToday ? "Today" : localToday > utcToday ? "Overdue" : "Tomorrow"
        let result = try vault.run(arguments: ["tasks", "--format", "json"], environment: ["TZ": zone])
        let tasks = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        #expect(tasks.first?["bucket"] as? String == expected, "\(zone): \(result)")
    }
}

/// `vault links` and `vault backlinks` (docs/links.md).
@Suite("vault links")
struct LinkCommandTests {
    @Test func linksBacklinksAndBrokenLinksInCheck() throws {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        try vault.write("Work/Plan.md", "# Plan\n\nSee [[Home]] and [the goals](../Goals.md#now).\n")
        try vault.write("Home.md", "# Home\n\n- [[Work/Plan|the plan]]\n- [[Gone]]\n")
        try vault.write("Goals.md", "# Goals\n`[[Home]]` is code\n")
        let links = try vault.run("links", "Home")
        #expect(links.status == 0, "\(links)")
        #expect(links.stdout == "3:3  [[Work/Plan]] → Work/Plan.md\n4:3  [[Gone]] (broken: no such note)\n")
        let back = try vault.run("backlinks", "Home")
        #expect(back.stdout == "Work/Plan.md:3:5: See [[Home]] and [the goals](../Goals.md#now).\n", "\(back)")
        let json = try vault.run("backlinks", "Goals", "--format", "json")
        let places = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        #expect(places.map { "\($0["note"] ?? "") \($0["line"] ?? "") \($0["kind"] ?? "")" } == ["Work/Plan.md 3 markdown"])
        #expect(try vault.run("backlinks", "Work/Plan").status == 0)
        let none = try vault.run("backlinks", "Goals.md", "--format", "json")
        #expect(none.status == 0)
        let check = try vault.run("check")
        #expect(check.stdout.contains("Home.md:4:3: warning: broken link: no note is 'Gone'\n"), "\(check)")
    }

    /// In a table, `[[Note\\|shown]]` is `[[Note|shown]]` (the `\\|` is the table's escape,
    /// as in Obsidian's help vault): it leads to the note in `links`, `backlinks`, `links:`
    /// and `check`, headings included, and a rename keeps the escape.
    @Test func aTableLinkWithAnEscapedBarLeadsToItsNote() throws {
        let vault = try TestVault()
        try vault.createDirectory("Editing")
        try vault.write("Editing/Basic syntax.md", "# Basic syntax\n\n## Tables\n")
        try vault.write("Editing/Tags.md", "# Tags\n")
        let table = "| What | Where |\n| --- | --- |\n| tags | [[Editing/Tags\\|Tags]] |\n| tables | [[Basic syntax#Tables\\|Tables]] |\n| none | [[Gone\\|gone]] |\n"
        try vault.write("Home.md", "# Home\n\n" + table)
        let links = try vault.run("links", "Home")
        #expect(links.stdout == "5:10  [[Editing/Tags]] → Editing/Tags.md\n6:12  [[Basic syntax#Tables]] → Editing/Basic syntax.md\n7:10  [[Gone]] (broken: no such note)\n", "\(links)")
        let back = try vault.run("backlinks", "Basic syntax")
        #expect(back.stdout == "Home.md:6:12: | tables | [[Basic syntax#Tables\\|Tables]] |\n", "\(back)")
        #expect(try vault.run("search", "links:Tags").stdout.contains("Home"))
        let check = try vault.run("check")
        #expect(check.stdout.split(separator: "\n").filter { $0.contains("broken link") } == ["Home.md:7:10: warning: broken link: no note is 'Gone'"], "\(check)")
        #expect(try vault.run("rename", "Basic syntax", "Syntax").status == 0)
        #expect(try vault.text("Home.md") == "# Home\n\n" + table.replacingOccurrences(of: "[[Basic syntax#", with: "[[Syntax#"))
    }

    /// A Markdown link finds its note as Obsidian does: from the note's folder, else from
    /// the vault's top, else by its name; a rename keeps a link written from the top so,
    /// and a name a name.
    @Test func aMarkdownLinkFindsItsNoteFromTheTop() throws {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        try vault.createDirectory("Notes/Deep")
        try vault.write("Work/Plan.md", "# Plan\n")
        try vault.write("Notes/Deep/Home.md", "# Home\n\n[p](Work/Plan.md) [q](Plan.md) [r](../../Work/Plan.md) [s](Gone.md) [t](../Plan.md)\n")
        let links = try vault.run("links", "Home")
        #expect(links.stdout == """
            3:1  (Work/Plan.md) → Work/Plan.md
            3:19  (Plan.md) → Work/Plan.md
            3:32  (../../Work/Plan.md) → Work/Plan.md
            3:56  (Gone.md) (broken: no such note)
            3:69  (../Plan.md) (broken: no such note)

            """, "\(links)")
        #expect(try vault.run("backlinks", "Plan").stdoutLines.count == 3)
        #expect(try vault.run("rename", "Plan", "Plan B").status == 0)
        #expect(try vault.text("Notes/Deep/Home.md") == "# Home\n\n[p](Work/Plan%20B.md) [q](Plan%20B.md) [r](../../Work/Plan%20B.md) [s](Gone.md) [t](../Plan.md)\n")
    }

    @Test func searchByLinksAndOrphans() throws {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        try vault.write("Work/Plan.md", "# Plan\n\nSee [[Home]].\n")
        try vault.write("Home.md", "# Home\n\n[goals](Goals.md) and [[Home]] itself\n")
        try vault.write("Goals.md", "# Goals\n")
        try vault.write("Alone.md", "# Alone\n\n[[Alone]] and [[Gone]] and ![[photo.png]]\n")
        func paths(_ query: String) throws -> [String] {
            try vault.run("search", query, "--paths").stdoutLines.sorted()
        }
        #expect(try paths("links:Home") == ["Work/Plan.md"])
        #expect(try paths("links:goals.md OR links:\"Work/Plan\"") == ["Home.md"])
        #expect(try paths("is:orphan") == ["Alone.md"], "a link to itself, a broken one or to a file is no link to a note")
        #expect(try paths("NOT is:orphan AND NOT links:Home") == ["Goals.md", "Home.md"])
        let none = try vault.run("search", "links:Nobody")
        #expect(none.status == 1 && none.stdout.isEmpty, "\(none)")
        let typo = try vault.run("search", "link:Home")
        #expect(typo.status == 2 && typo.stderr.contains("did you mean 'links'?"), "\(typo)")
    }
}
