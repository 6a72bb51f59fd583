import Foundation
import Testing
@testable import VaultKit

/// Every task change is a byte-minimal edit of its own line (docs/tasks.md).
@Suite struct TaskEditTests {
    static let today = TaskDate("2026-11-23")!

    /// `text` after `changes` to its first task (or the task whose line starts with `line`).
    func edited(_ text: String, _ changes: [TaskChange], line: String? = nil) throws -> String {
        let bytes = Array(text.utf8)
        let tasks = bytes.withUnsafeBytes { TaskReader.tasks(in: $0, path: "n.md").tasks }
        let task = try #require(tasks.first { line == nil || $0.source.trimmingSpaces().hasPrefix(line!) })
        var edit = TaskEdit(bytes: bytes, path: "n.md", today: Self.today)
        _ = try edit.apply(changes, toTask: task.fullRef)
        return String(decoding: edit.bytes, as: UTF8.self)
    }

    @Test(arguments: [
        // done: [x] and ✅ today at the end, before a block link.
        ("- [ ] pay 📅 2026-11-25", TaskChange.status(.done), "- [x] pay 📅 2026-11-25 ✅ 2026-11-23"),
        ("* [/] pay ^blk-1", .status(.done), "* [x] pay ✅ 2026-11-23 ^blk-1"),
        ("  1. [ ] pay  ", .status(.done), "  1. [x] pay ✅ 2026-11-23  "),
        ("- [ ] pay [due:: 2026-11-25]", .status(.done), "- [x] pay [due:: 2026-11-25] [completion:: 2026-11-23]"),
        ("- [x] pay", .status(.done), "- [x] pay"),
        // undo takes the date away with its space, wherever it is.
        ("- [x] pay ✅ 2026-11-20 📅 2026-11-25", .status(.todo), "- [ ] pay 📅 2026-11-25"),
        ("- [X] pay ✅\u{FE0F} 2026-11-20", .status(.todo), "- [ ] pay"),
        ("- [-] pay ❌ 2026-11-20", .status(.todo), "- [ ] pay"),
        ("- [x] pay [completion:: 2026-11-20]", .status(.todo), "- [ ] pay"),
        ("- [ ] pay", .status(.doing), "- [/] pay"),
        ("- [ ] pay 🔼", .status(.cancelled), "- [-] pay 🔼 ❌ 2026-11-23"),
        // done and cancel write today, over a date the line had (as the plugin does).
        ("- [ ] pay ✅ 2026-11-20 📅 2026-11-25", .status(.done), "- [x] pay ✅ 2026-11-23 📅 2026-11-25"),
        ("- [/] pay [completion:: 2026-11-20]", .status(.done), "- [x] pay [completion:: 2026-11-23]"),
        ("- [ ] pay ❌ 2026-11-20", .status(.cancelled), "- [-] pay ❌ 2026-11-23"),
        // 📆 and 🗓 are due signs, ⌛ a scheduled one: their dates change, the sign stays.
        ("- [ ] pay 📆 2026-11-25", .date(.due, TaskDate("2026-12-01")), "- [ ] pay 📆 2026-12-01"),
        ("- [ ] pay 🗓️ 2026-11-25 #home", .date(.due, TaskDate("2026-12-01")), "- [ ] pay 🗓️ 2026-12-01 #home"),
        ("- [ ] pay ⌛ 2026-11-25", .date(.scheduled, nil), "- [ ] pay"),
        // Of a field written twice, the leftmost is the task's, and the one an edit changes.
        ("- [ ] pay 📅 2026-11-25 📅 2026-11-30", .date(.due, TaskDate("2026-12-01")), "- [ ] pay 📅 2026-12-01 📅 2026-11-30"),
        // dates: only the date changes; a new one goes at the end; none removes it.
        ("- [ ] pay 📅 2026-11-25 #home", .date(.due, TaskDate("2026-12-01")), "- [ ] pay 📅 2026-12-01 #home"),
        ("- [ ] pay 📅  2026-11-25", .date(.due, TaskDate("2026-12-01")), "- [ ] pay 📅  2026-12-01"),
        ("- [ ] pay #home", .date(.due, TaskDate("2026-12-01")), "- [ ] pay #home 📅 2026-12-01"),
        ("- [ ] pay 📅 2026-11-25 #home", .date(.due, nil), "- [ ] pay #home"),
        ("- [ ] pay [due:: 2026-11-25]", .date(.due, TaskDate("2026-12-01")), "- [ ] pay [due:: 2026-12-01]"),
        ("- [ ] pay", .date(.scheduled, TaskDate("2026-12-01")), "- [ ] pay ⏳ 2026-12-01"),
        // priority: the sign changes in place; normal removes it.
        ("- [ ] pay ⏫ 📅 2026-11-25", .priority(.low), "- [ ] pay 🔽 📅 2026-11-25"),
        ("- [ ] pay ⏫\u{FE0F} 📅 2026-11-25", .priority(.normal), "- [ ] pay 📅 2026-11-25"),
        ("- [ ] pay", .priority(.highest), "- [ ] pay 🔺"),
        ("- [ ] pay [priority:: high]", .priority(.medium), "- [ ] pay [priority:: medium]"),
        // categories go after the words; removing one takes its space.
        ("- [ ] pay 📅 2026-11-25", .addCategory("home"), "- [ ] pay #home 📅 2026-11-25"),
        ("- [ ] pay #Home", .addCategory("home"), "- [ ] pay #Home"),
        ("- [ ] pay #home #money 📅 2026-11-25", .removeCategory("home"), "- [ ] pay #money 📅 2026-11-25"),
        // words: the fields and categories stay.
        ("- [ ] pay rent #home 📅 2026-11-25", .text("pay the rent"), "- [ ] pay the rent #home 📅 2026-11-25"),
        ("- [ ]", .text("something"), "- [ ] something"),
    ] as [(String, TaskChange, String)])
    func oneLineChanges(_ line: String, _ change: TaskChange, _ expected: String) throws {
        #expect(try edited(line + "\n", [change]) == expected + "\n")
    }

    @Test func onlyTheTasksLineChangesAndCRLFStays() throws {
        let text = "---\r\ntags: [a]\r\n---\r\n# T\r\n\r\n- [ ] one\r\n- [ ] two 📅 2026-11-25\r\nend"
        #expect(try edited(text, [.status(.done)], line: "- [ ] two") == "---\r\ntags: [a]\r\n---\r\n# T\r\n\r\n- [ ] one\r\n- [x] two 📅 2026-11-25 ✅ 2026-11-23\r\nend")
        // A BOM and a last line without a line break.
        #expect(try edited("\u{FEFF}- [ ] only", [.status(.doing)]) == "\u{FEFF}- [/] only")
    }

    @Test func removingATaskTakesItsNotesAndSubtasks() throws {
        let text = "- [ ] a\n- [ ] b\n  note of b\n\n  - [ ] sub of b\n\t- [x] sub too\n- [ ] c\n"
        #expect(try edited(text, [.remove], line: "- [ ] b") == "- [ ] a\n- [ ] c\n")
        #expect(try edited("x\n- [ ] last\n  its note\n", [.remove]) == "x\n")
        #expect(try edited("- [ ] a\n\n- [ ] b\n", [.remove], line: "- [ ] a") == "\n- [ ] b\n")
    }

    @Test func aRecurringTaskSpawnsItsNextOccurrenceAbove() throws {
        let text = "  - [ ] rent 🔁 every month on the 1st ➕ 2026-10-01 ⏳ 2026-11-28 📅 2026-12-01 #home\r\nx\r\n"
        #expect(try edited(text, [.status(.done)]) == """
            \("  - [ ] rent 🔁 every month on the 1st ➕ 2026-11-23 ⏳ 2026-12-29 📅 2027-01-01 #home")\r
            \("  - [x] rent 🔁 every month on the 1st ➕ 2026-10-01 ⏳ 2026-11-28 📅 2026-12-01 #home ✅ 2026-11-23")\r
            x\r

            """)
        // `when done` counts from today; a task with no date repeats with none.
        #expect(try edited("- [/] water 🔁 every 3 days when done 📅 2026-11-01\n", [.status(.done)])
            == "- [ ] water 🔁 every 3 days when done 📅 2026-11-26\n- [x] water 🔁 every 3 days when done 📅 2026-11-01 ✅ 2026-11-23\n")
        #expect(try edited("- [ ] stretch 🔁 every day\n", [.status(.done)]) == "- [ ] stretch 🔁 every day\n- [x] stretch 🔁 every day ✅ 2026-11-23\n")
        // Completing a done task again spawns nothing.
        #expect(try edited("- [x] rent 🔁 every week ✅ 2026-11-20\n", [.status(.done)]) == "- [x] rent 🔁 every week ✅ 2026-11-20\n")
    }

    /// `🏁 delete`: the done task goes, its next occurrence stays (the rule took in the
    /// 🏁 and `task done` refused the task). `🏁 keep` keeps it, as no 🏁 does.
    @Test func onCompletionDeleteRemovesTheDoneTask() throws {
        #expect(try edited("- [ ] fin 🔁 every day 🏁 delete 📅 2026-11-24\nx\n", [.status(.done)]) == "- [ ] fin 🔁 every day 🏁 delete 📅 2026-11-25\nx\n")
        #expect(try edited("a\n- [ ] once 🏁 delete\nb\n", [.status(.done)]) == "a\nb\n")
        #expect(try edited("- [ ] kept 🏁 keep\n", [.status(.done)]) == "- [ ] kept 🏁 keep ✅ 2026-11-23\n".replacingOccurrences(of: "[ ]", with: "[x]"))
    }

    /// Dataview's `[onCompletion:: delete]`, `[id:: …]` and `[dependsOn:: …]` are the
    /// fields 🏁, 🆔 and ⛔ are.
    @Test func dataviewOnCompletionAndIdsAreFields() throws {
        #expect(try edited("a\n- [ ] once [onCompletion:: delete]\nb\n", [.status(.done)]) == "a\nb\n")
        #expect(try edited("- [ ] dep [repeat:: every week] [id:: abc] [dependsOn:: x, y] [due:: 2026-11-24]\n", [.status(.done)])
            == "- [ ] dep [repeat:: every week] [due:: 2026-12-01]\n- [x] dep [repeat:: every week] [id:: abc] [dependsOn:: x, y] [due:: 2026-11-24] [completion:: 2026-11-23]\n")
    }

    /// The next occurrence has no block id, id or dependencies of its own: copied, two
    /// tasks had one id.
    @Test func theNextOccurrenceHasNoIdsOfTheDoneOne() throws {
        #expect(try edited("- [ ] dep 🔁 every week 🆔 abc123 ⛔ xyz 📅 2026-11-24 ^blk1\n", [.status(.done)])
            == "- [ ] dep 🔁 every week 📅 2026-12-01\n- [x] dep 🔁 every week 🆔 abc123 ⛔ xyz 📅 2026-11-24 ✅ 2026-11-23 ^blk1\n")
    }

    /// A task in a quote or callout changes in place, its quote marks kept.
    @Test func aQuotedTaskKeepsItsQuote() throws {
        #expect(try edited("> - [ ] q 🔁 every day 📅 2026-11-24\n", [.status(.done)])
            == "> - [ ] q 🔁 every day 📅 2026-11-25\n> - [x] q 🔁 every day 📅 2026-11-24 ✅ 2026-11-23\n")
    }

    @Test func aRuleVaultCannotFollowChangesNothing() throws {
        #expect(throws: VaultError.self) { try edited("- [ ] x 🔁 every blue moon 📅 2026-11-01\n", [.status(.done)]) }
    }

    @Test func aStaleRefIsRefusedNeverAppliedToAnotherLine() throws {
        let before = Array("- [ ] one\n- [ ] two\n".utf8)
        let old = before.withUnsafeBytes { TaskReader.tasks(in: $0, path: "n.md").tasks[0] }
        var edit = TaskEdit(bytes: Array("- [ ] one!\n- [ ] two\n".utf8), path: "n.md", today: Self.today)
        #expect(throws: VaultError.staleTask(ref: old.ref, path: "n.md")) { try edit.apply([.status(.done)], toTask: old.fullRef) }
        // A line that only moved keeps its REF.
        var moved = TaskEdit(bytes: Array("new first line\n- [ ] one\n- [ ] two\n".utf8), path: "n.md", today: Self.today)
        #expect(try moved.apply([.status(.done)], toTask: old.fullRef).task?.line == 2)
        #expect(String(decoding: moved.bytes, as: UTF8.self) == "new first line\n- [x] one ✅ 2026-11-23\n- [ ] two\n")
    }

    @Test func twoIdenticalLinesHaveTheirOwnRefs() throws {
        let text = "- [ ] same\n- [ ] same\n"
        let tasks = Array(text.utf8).withUnsafeBytes { TaskReader.tasks(in: $0, path: "n.md").tasks }
        #expect(tasks[0].ref != tasks[1].ref)
        var edit = TaskEdit(bytes: Array(text.utf8), path: "n.md", today: Self.today)
        _ = try edit.apply([.status(.done)], toTask: tasks[1].fullRef)
        #expect(String(decoding: edit.bytes, as: UTF8.self) == "- [ ] same\n- [x] same ✅ 2026-11-23\n")
    }

    @Test(arguments: [
        ("", "- [ ] t\n"),
        ("a", "a\n\n- [ ] t\n"),
        ("a\n", "a\n\n- [ ] t\n"),
        ("- [ ] s\n", "- [ ] s\n- [ ] t\n"),
        ("- [ ] s\n\n", "- [ ] s\n\n- [ ] t\n"),
        ("---\nid: 1\n---\n", "---\nid: 1\n---\n- [ ] t\n"),
        ("# T\r\n\r\n1. x\r\n", "# T\r\n\r\n1. x\r\n- [ ] t\r\n"),
    ])
    func appendingATask(_ before: String, _ after: String) {
        let (bytes, _) = TaskOperations.appending("- [ ] t", to: Array(before.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == after)
    }
}

/// The recurrence rules of the Tasks plugin's documentation.
@Suite struct TaskRecurrenceTests {
    @Test(arguments: [
        ("every day", "2026-11-23", "2026-11-24"),
        ("every 3 days", "2026-11-30", "2026-12-03"),
        ("every week", "2026-11-23", "2026-11-30"),
        ("every 2 weeks", "2026-12-28", "2027-01-11"),
        ("every weekday", "2026-11-27", "2026-11-30"),  // Friday → Monday
        ("every weekday", "2026-11-23", "2026-11-24"),
        ("every week on Sunday", "2026-11-23", "2026-11-29"),
        ("every week on Tuesday, Friday", "2026-11-25", "2026-11-27"),
        ("every week on Tuesday, Friday", "2026-11-27", "2026-12-01"),
        ("every Monday and Thursday", "2026-11-26", "2026-11-30"),
        ("every 3 weeks on Friday", "2026-11-27", "2026-12-18"),
        ("every month", "2026-01-31", "2026-02-28"),
        ("every month", "2028-01-31", "2028-02-29"),
        ("every month on the 1st", "2026-11-23", "2026-12-01"),
        ("every month on the 15th", "2026-11-10", "2026-11-15"),
        ("every month on the 31st", "2026-10-31", "2026-12-31"),
        ("every month on the last", "2026-01-31", "2026-02-28"),
        ("every month on the last Friday", "2026-11-23", "2026-11-27"),
        ("every month on the 2nd last Friday", "2026-11-23", "2026-12-18"),
        ("every 6 months on the 2nd Wednesday", "2026-11-23", "2027-05-12"),
        ("every 2 months", "2026-12-31", "2027-02-28"),
        ("every year", "2028-02-29", "2029-02-28"),
        ("every January on the 15th", "2026-11-23", "2027-01-15"),
        ("every February on the last", "2027-03-01", "2028-02-29"),
        ("every 10 days when done", "2026-11-23", "2026-12-03"),
        // Months and days in lists, as rrule's text reads them (the plugin's docs' example).
        ("every April and December on the 1st and 24th", "2026-11-23", "2026-12-01"),
        ("every April and December on the 1st and 24th", "2026-12-01", "2026-12-24"),
        ("every April and December on the 1st and 24th", "2026-12-24", "2027-04-01"),
        ("every month on the 1st and 15th", "2026-11-10", "2026-11-15"),
        ("every month on the 1st, 15th", "2026-11-15", "2026-12-01"),
        ("every month on the first Monday", "2026-11-23", "2026-12-07"),
        ("every month on the second last Friday", "2026-11-23", "2026-12-18"),
        ("every 2 weeks on Monday and Friday", "2026-11-23", "2026-11-27"),
        ("every 2 weeks on Monday and Friday", "2026-11-27", "2026-12-07"),
        ("every Mon, Wed", "2026-11-23", "2026-11-25"),
        ("every year in March", "2026-11-23", "2027-03-23"),
        ("every year on the last Friday", "2026-11-23", "2026-12-25"),
        ("every Jan, Jul on the 1st", "2026-11-23", "2027-01-01"),
        ("every week on weekdays", "2026-11-27", "2026-11-30"),
        ("every day at 9", "2026-11-23", "2026-11-24"),
    ])
    func nextOccurrence(_ rule: String, _ from: String, _ next: String) throws {
        let recurrence = try #require(TaskRecurrence(rule), "\(rule)")
        #expect(recurrence.next(after: try #require(TaskDate(from)))?.description == next, "\(rule) after \(from)")
    }

    @Test(arguments: ["every", "every blue moon", "each week", "every 0 days", "every week on Funday", "every month on the 40th", "every weekday on Monday",
                       "every two weeks", "every week on Monday until 2027", "every day for 3 times", "every 2 hours", "every year on week 5"])
    func rulesItCannotFollow(_ rule: String) {
        #expect(TaskRecurrence(rule) == nil, "\(rule)")
    }

    @Test func whenDone() {
        #expect(TaskRecurrence("every week when done")?.whenDone == true)
        #expect(TaskRecurrence("every week")?.whenDone == false)
    }
}

/// Dates as people type them for a task.
@Suite struct TaskDateInputTests {
    static let monday = TaskDate("2026-11-23")!

    @Test(arguments: [
        ("today", "2026-11-23"), ("Tomorrow", "2026-11-24"), ("yesterday", "2026-11-22"),
        ("fri", "2026-11-27"), ("friday", "2026-11-27"), ("monday", "2026-11-30"), ("sun", "2026-11-29"),
        ("+3d", "2026-11-26"), ("+2w", "2026-12-07"), ("+1m", "2026-12-23"), ("+1y", "2027-11-23"), ("+0d", "2026-11-23"),
        ("2027-02-28", "2027-02-28"),
    ])
    func forms(_ text: String, _ date: String) {
        #expect(TaskDateInput.parse(text, today: Self.monday)?.description == date, "\(text)")
    }

    @Test(arguments: ["", "next week", "2027-02-30", "+3", "+d", "3d", "fr", "-1d", "27/11/2026"])
    func notDates(_ text: String) {
        #expect(TaskDateInput.parse(text, today: Self.monday) == nil, "\(text)")
    }
}
