import Foundation
import Testing

/// `vault tasks`: the agenda from the checkboxes in the notes (docs/tasks.md).
@Suite("vault tasks")
struct TasksCommandTests {
    /// `days` from today (UTC, as the tests run `vault`), as YYYY-MM-DD.
    static func day(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }

    private func vault() throws -> TestVault {
        let vault = try TestVault()
        try vault.createDirectory("Work")
        try vault.write("Work/Plan.md", """
            ---
            tags: [work]
            ---
            # Plan
            - [ ] late report 📅 \(Self.day(-2)) ⏫ #work
            - [/] today's call 📅 \(Self.day(0))
            - [ ] someday
            - [x] shipped ✅ \(Self.day(-1))
            ```
            - [ ] not a task
            ```

            """)
        try vault.write("Home.md", "- [ ] water plants 📅 \(Self.day(1)) 🔽 #home\n- [-] dropped ❌ \(Self.day(-3))\n")
        return vault
    }

    @Test func theAgendaByDueDate() throws {
        let result = try vault().run("tasks")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.filter { !$0.hasPrefix("  ") && !$0.isEmpty } == ["Overdue", "Today", "Tomorrow", "No Due Date"])
        #expect(result.stdout.contains("  [ ] late report #work ⏫ 📅 \(Self.day(-2))  Work/Plan.md:5 · "))
        #expect(result.stdout.contains("  [/] today's call 📅 \(Self.day(0))  Work/Plan.md:6 · "))
        #expect(!result.stdout.contains("shipped") && !result.stdout.contains("not a task") && !result.stdout.contains("dropped"))
    }

    @Test func jsonHasExactlyTheFieldsOfTheDesign() throws {
        let result = try vault().run("tasks", "--all", "--format", "json")
        let tasks = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        #expect(tasks.count == 6)
        let keys = ["ref", "note", "line", "text", "status", "priority", "due", "scheduled", "start", "created", "done", "cancelled", "recurrence", "categories", "bucket"]
        #expect(tasks.allSatisfy { Set($0.keys) == Set(keys) })
        let late = try #require(tasks.first { $0["text"] as? String == "late report #work" })
        #expect(late["priority"] as? String == "high")
        #expect(late["bucket"] as? String == "Overdue")
        #expect(late["categories"] as? [String] == ["work"])
        #expect(late["line"] as? Int == 5)
        #expect(late["scheduled"] is NSNull)
    }

    /// The JSON agenda is written in pieces as it is made (a large vault's took four times
    /// its size in memory): pieces that join into one array, every task once, in order.
    @Test func aLongJSONAgendaIsOneArray() throws {
        let vault = try TestVault()
        for note in 0..<20 {
            let lines = (0..<200).map { "- [ ] task \(note)-\($0) with a few words to make the line long 📅 2026-12-\(String(format: "%02d", $0 % 28 + 1))" }
            try vault.write("N\(note).md", "# N\(note)\n\n" + lines.joined(separator: "\n") + "\n")
        }
        let result = try vault.run("tasks", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutData.count > 4 << 16, "long enough to be written in several pieces")
        #expect(result.stdout.hasSuffix("]\n"))
        let tasks = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        #expect(tasks.count == 4000)
        #expect(Set(tasks.compactMap { $0["text"] as? String }).count == 4000)
        let dues = tasks.compactMap { $0["due"] as? String }
        #expect(dues == dues.sorted(), "by due date, as the text agenda")
    }

    @Test func doneByPriorityAndAQuery() throws {
        let vault = try vault()
        // With the date it was done: the list is in that order (it showed no date).
        #expect(try vault.run("tasks", "--done").stdout.hasPrefix("Done\n  [x] shipped ✅ \(Self.day(-1))  Work/Plan.md:8 · "))
        let byPriority = try vault.run("tasks", "--by", "priority").stdout
        #expect(byPriority.hasPrefix("High\n  [ ] late report"), "\(byPriority)")
        #expect(byPriority.contains("Low\n  [ ] water plants"))
        let home = try vault.run("tasks", "folder:/", "--format", "json")
        let tasks = try #require(try JSONSerialization.jsonObject(with: home.stdoutData) as? [[String: Any]])
        #expect(tasks.map { $0["note"] as? String } == ["Home.md"])
    }

    /// Categories in their colour and icon, matched as strings are: `é` as one character or
    /// as `e` and an accent is one category, and an accent after a space is part of the
    /// word before it, so `#work ́z` is no category.
    @Test func categoriesAreMatchedAsStringsAreCompared() throws {
        let vault = try TestVault()
        try vault.write(".vault/config.yaml", "tasks:\n  categories:\n    caf\u{E9}: { icon: \"☕\", color: red }\n    work: { color: blue }\n")
        try vault.write("T.md", "- [ ] buy #caf\u{E9} and #cafe\u{301} now\n- [ ] x \u{301}y #work \u{301}z\n- [ ] plain #work item\n")
        let result = try vault.run("tasks", "--color", "always")
        let refs = try vault.run("tasks", "--format", "json").stdout.split(separator: "\"ref\":\"").dropFirst().map { $0.prefix(7) }
        try #require(refs.count == 3)
        let cafe = "\u{1B}[31m☕ #caf\u{E9}\u{1B}[0m"
        #expect(result.stdout == """
            \u{1B}[1mNo Due Date\u{1B}[0m
              [ ] buy \(cafe) and \(cafe) now  \u{1B}[2mT.md:1 · \(refs[0])\u{1B}[0m
              [ ] x \u{301}y #work \u{301}z  \u{1B}[2mT.md:2 · \(refs[1])\u{1B}[0m
              [ ] plain \u{1B}[34m#work\u{1B}[0m item  \u{1B}[2mT.md:3 · \(refs[2])\u{1B}[0m

            """, "\(result)")
    }

    @Test func checkReportsADateItCannotRead() throws {
        let vault = try vault()
        try vault.write("Bad.md", "# Bad\n\n- [ ] pay 📅 2026-02-30\n")
        let check = try vault.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("Bad.md:3:13: error: malformed due date '2026-02-30' on a task (write YYYY-MM-DD)\n"), "\(check)")
        let tasks = try vault.run("tasks")
        #expect(tasks.stderr.contains("Bad.md:3:13: warning: malformed due date"), "\(tasks)")
    }

    /// Many fields that do not read are one line pointing to `vault check`, not a warning
    /// each on every listing (1,167 lines on the benchmark vault).
    @Test func manyUnreadableDatesAreOneLine() throws {
        let vault = try vault()
        for index in 0..<5 { try vault.write("Bad \(index).md", "# Bad\n\n- [ ] pay 📅 2026-02-30\n- [ ] call 📅 2026-13-45\n") }
        let tasks = try vault.run("tasks")
        #expect(tasks.status == 0, "\(tasks)")
        #expect(tasks.stderr == "vault: warning: 10 task fields do not read, in 5 notes (see 'vault check')\n", "\(tasks)")
        let check = try vault.run("check")
        #expect(check.stdout.components(separatedBy: "malformed").count - 1 == 10, "\(check)")
    }
}
