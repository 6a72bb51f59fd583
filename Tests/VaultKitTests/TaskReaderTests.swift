import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

/// Every form of task docs/tasks.md names, and things that look like tasks but are not.
@Suite struct TaskReaderTests {
    func tasks(_ text: String, path: String = "n.md") -> (tasks: [NoteTask], problems: [Diagnostic]) {
        var text = text
        return text.withUTF8 { TaskReader.tasks(in: UnsafeRawBufferPointer($0), path: path) }
    }

    @Test(arguments: [
        ("- [ ] plain", "plain", NoteTask.Status.todo),
        ("* [/] doing it", "doing it", .doing),
        ("+ [x] done", "done", .done),
        ("1. [X] numbered", "numbered", .done),
        ("12) [-] cancelled", "cancelled", .cancelled),
        ("    - [ ] indented", "indented", .todo),
        ("\t- [?] unknown status is a to-do", "unknown status is a to-do", .todo),
        ("- [ ]", "", .todo),
    ])
    func listItemsWithACheckboxAreTasks(_ line: String, _ text: String, _ status: NoteTask.Status) throws {
        let task = try #require(tasks(line).tasks.first, "\(line)")
        #expect(task.text == text)
        #expect(task.status == status)
        #expect(task.line == 1)
    }

    @Test(arguments: ["- [] no space", "-[ ] no space after the marker", "- [ ]text glued", "[ ] no marker", "a. [ ] letter", "- (x) round", "> [!note] - [ ] a callout's title"])
    func otherLinesAreNot(_ line: String) {
        #expect(tasks(line).tasks.isEmpty, "\(line)")
    }

    /// The agenda writes dates as bytes; they must read as `description` does, for every
    /// year a date can reach (a recurrence can carry one past 9999).
    @Test(arguments: [-800_000, -719_528, -1, 0, 20_417, 20_472, 2_932_896, 2_932_897, 3_000_000])
    func datesAsBytesAreTheirDescription(dayNumber: Int) {
        var bytes = ByteOutput()
        TaskDate(dayNumber: dayNumber).appendDescription(to: &bytes)
        #expect(String(decoding: bytes.bytes, as: UTF8.self) == TaskDate(dayNumber: dayNumber).description)
    }

    /// The plugin reads 📆 and 🗓 as due dates too, and ⌛ as scheduled.
    @Test(arguments: ["📆", "🗓", "🗓\u{FE0F}", "📅"])
    func otherDueSigns(_ sign: String) throws {
        let task = try #require(tasks("- [ ] pay \(sign) 2026-11-25 ⌛ 2026-11-20 #home").tasks.first)
        #expect(task.text == "pay #home")
        #expect(task.due?.description == "2026-11-25")
        #expect(task.scheduled?.description == "2026-11-20")
    }

    /// The plugin takes fields off the end of the line one by one, each time setting the
    /// field: of one written twice, the leftmost is the one it keeps.
    @Test func ofAFieldWrittenTwiceTheLeftmostCounts() throws {
        let task = try #require(tasks("- [ ] pay 📅 2026-11-25 ⏫ 🔁 every day 📅 2026-12-01 🔽 🔁 every week ✅ 2026-11-02 ✅ 2026-11-03").tasks.first)
        #expect(task.text == "pay")
        #expect(task.due?.description == "2026-11-25")
        #expect(task.priority == .high)
        #expect(task.recurrence == "every day")
        #expect(task.done?.description == "2026-11-02")
        let dataview = try #require(tasks("- [ ] pay [due:: 2026-11-25] [due:: 2026-12-01]").tasks.first)
        #expect(dataview.due?.description == "2026-11-25")
    }

    /// A tag is `#` and anything but a space and `!@#$%^&*(),.?":{}|<>`, as the plugin's
    /// tag expression reads it: emoji are part of it.
    @Test func categoriesKeepTheirEmoji() throws {
        let task = try #require(tasks("- [ ] call #🏢/companyA #work🔥 #a-b_c/d 📅 2026-11-25").tasks.first)
        #expect(task.categories == ["🏢/companyA", "work🔥", "a-b_c/d"])
        #expect(task.text == "call #🏢/companyA #work🔥 #a-b_c/d")
        #expect(task.due?.description == "2026-11-25")
        let stops = try #require(tasks("- [ ] see #one, #two. (#three) #four!").tasks.first)
        #expect(stops.categories == ["one", "two", "four"])
    }

    /// Dataview's id, dependsOn and onCompletion are fields, not words.
    @Test func dataviewIdsAndOnCompletionAreFields() throws {
        let line = TaskLine("- [ ] ship [id:: abc-1] [dependsOn:: x, y_2] (onCompletion:: Delete) [due:: 2026-11-25]", path: "n.md", number: 1)
        let task = try #require(line?.task)
        #expect(task.text == "ship")
        #expect(task.due?.description == "2026-11-25")
        #expect(line?.onCompletion == "delete")
        #expect(line?.fields[.id] != nil && line?.fields[.dependsOn] != nil)
    }

    @Test func theFieldsOfTheTasksPlugin() throws {
        let line = "- [ ] pay rent 📅 2026-11-25 ⏳ 2026-11-20 🛫 2026-11-01 ➕ 2026-10-30 ⏫ 🔁 every month on the 1st #home #money/bills"
        let task = try #require(tasks(line).tasks.first)
        #expect(task.text == "pay rent #home #money/bills")
        #expect(task.due?.description == "2026-11-25")
        #expect(task.scheduled?.description == "2026-11-20")
        #expect(task.start?.description == "2026-11-01")
        #expect(task.created?.description == "2026-10-30")
        #expect(task.priority == .high)
        #expect(task.recurrence == "every month on the 1st")
        #expect(task.categories == ["home", "money/bills"])
        let done = try #require(tasks("- [x] filed ✅ 2026-11-02 ❌ 2026-11-03 🔽").tasks.first)
        #expect(done.done?.description == "2026-11-02")
        #expect(done.cancelled?.description == "2026-11-03")
        #expect(done.priority == .low)
    }

    @Test func signsWithTheVariationSelectorAndEveryPriority() throws {
        #expect(tasks("- [ ] a 📅\u{FE0F} 2026-01-02").tasks.first?.due?.description == "2026-01-02")
        #expect(tasks("- [ ] a 🔺").tasks.first?.priority == .highest)
        #expect(tasks("- [ ] a 🔼\u{FE0F}").tasks.first?.priority == .medium)
        #expect(tasks("- [ ] a ⏬").tasks.first?.priority == .lowest)
        #expect(tasks("- [ ] a").tasks.first?.priority == .normal)
    }

    @Test func dataviewFields() throws {
        let task = try #require(tasks("- [ ] call [due:: 2026-12-01] [priority:: high] [completion:: 2026-12-02] [note:: kept]").tasks.first)
        #expect(task.due?.description == "2026-12-01")
        #expect(task.priority == .high)
        #expect(task.done?.description == "2026-12-02")
        #expect(task.text == "call [note:: kept]")
    }

    @Test func aMalformedDateIsReportedAtItsColumnNeverGuessed() throws {
        let read = tasks("---\ntags: [a]\n---\n# Title\n- [ ] pay 📅 2026-13-01 soon\n- [ ] x [due:: tomorrow]\n")
        #expect(read.tasks.count == 2)
        #expect(read.tasks[0].due == nil)
        #expect(read.tasks[0].text.contains("2026-13-01"), "left in the text")
        #expect(read.problems.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" } == [
            "5:13 malformed due date '2026-13-01' on a task (write YYYY-MM-DD)",
            "6:9 malformed due date 'tomorrow' on a task (write YYYY-MM-DD)",
        ])
    }

    @Test func notInCodeBlocksOrFrontMatterAndNestedByIndentation() throws {
        let text = """
            ---
            todo: "- [ ] not a task"
            ---
            - [ ] parent
              a note of the parent
              - [ ] child
                - [x] grandchild
              - [ ] second child
            ```
            - [ ] in code
            ```
            ~~~md
            - [ ] in code too
            ~~~
            Paragraph.
            - [ ] after the paragraph

            """
        let read = tasks(text)
        #expect(read.tasks.map(\.text) == ["parent", "child", "grandchild", "second child", "after the paragraph"])
        #expect(read.tasks.map(\.line) == [4, 6, 7, 8, 16])
        #expect(read.tasks.map(\.parentLine) == [nil, 4, 6, 4, nil])
        #expect(read.tasks[0].notes == ["a note of the parent"])
    }

    // Obsidian Tasks compatibility (issue 37, item 9), each checked against the plugin.

    /// A task in a quote or a callout is a task, as the plugin reads it (it was passed over:
    /// `> - [ ] quoted` was listed among the lines that are not tasks).
    @Test func tasksInQuotesAndCallouts() throws {
        let read = tasks("> - [ ] in a quote\n> [!note] Title\n> - [x] in a callout 📅 2026-12-01\n>> - [ ] nested quote\n>   - [ ] sub\n")
        #expect(read.tasks.map(\.text) == ["in a quote", "in a callout", "nested quote", "sub"])
        try #require(read.tasks.count == 4)
        #expect(read.tasks[1].due?.description == "2026-12-01")
        #expect(read.tasks[1].status == .done)
        #expect(read.tasks[3].parentLine == 4)
    }

    /// Obsidian's `%%` comments and HTML comments hide what is in them: no tasks there.
    @Test func noTasksInComments() {
        let read = tasks("%%\n- [ ] in a comment\n%%\n- [ ] after\n<!--\n- [ ] in html\n-->\n- [ ] after html\n- [ ] kept %% inline %%\n%% one line %%\n- [ ] last\n")
        #expect(read.tasks.map(\.text) == ["after", "after html", "kept %% inline %%", "last"])
    }

    /// The plugin reads fields from the end of the line and stops at the first text: a date
    /// in the middle of the words is words (it was read as the due date).
    @Test func fieldsAreReadFromTheEndOnly() throws {
        let middle = try #require(tasks("- [ ] middle 📅 2021-08-22 middle of line").tasks.first)
        #expect(middle.due == nil)
        #expect(middle.text == "middle 📅 2021-08-22 middle of line")
        let mixed = try #require(tasks("- [ ] ok 📅 2021-08-22 #tag ⏫").tasks.first)
        #expect(mixed.due?.description == "2021-08-22")
        #expect(mixed.priority == .high)
        #expect(mixed.text == "ok #tag")
        let partly = try #require(tasks("- [ ] x ⏫ then words 📅 2021-08-22").tasks.first)
        #expect(partly.priority == .normal)
        #expect(partly.due?.description == "2021-08-22")
        #expect(partly.text == "x ⏫ then words")
        let block = try #require(tasks("- [ ] block 📅 2021-08-26 ^blk-1").tasks.first)
        #expect(block.due?.description == "2021-08-26")
        #expect(block.text == "block")
        #expect(tasks("- [ ] meet 📅 the team").problems.isEmpty, "words, not a date that does not read")
    }

    /// Dataview writes a field in parentheses too, which hides its key when shown.
    @Test func dataviewFieldsInParentheses() throws {
        let task = try #require(tasks("- [ ] call (due:: 2021-08-23) (priority:: low)").tasks.first)
        #expect(task.due?.description == "2021-08-23")
        #expect(task.priority == .low)
        #expect(task.text == "call")
    }

    /// 🏁 (on completion), 🆔 (id) and ⛔ (depends on) are fields: not words, and not part
    /// of the recurrence rule before them (`every day 🏁 delete` was the rule).
    @Test func onCompletionIdAndDependsOnAreFields() throws {
        let finish = try #require(tasks("- [ ] fin 🔁 every day 🏁 delete 📅 2021-08-24").tasks.first)
        #expect(finish.recurrence == "every day")
        #expect(finish.due?.description == "2021-08-24")
        #expect(finish.text == "fin")
        let depends = try #require(tasks("- [ ] dep 🆔 abc123 ⛔ xyz, d_2 📅 2021-08-25").tasks.first)
        #expect(depends.text == "dep")
        #expect(depends.due?.description == "2021-08-25")
    }

    /// A fence closes only with as many of its characters as opened it.
    @Test func aFenceInsideALongerFence() {
        #expect(tasks("````md\n```\n- [ ] in code\n```\n````\n- [ ] after\n").tasks.map(\.text) == ["after"])
    }

    /// Templater writes placeholders where the dates go in templates: not dates that fail.
    @Test func templatePlaceholdersAreNoProblems() {
        #expect(tasks("- [ ] t 📅 <% tp.date.now() %>\n- [ ] u ⏳ {{date}}\n").problems.isEmpty)
    }

    @Test func crlfLinesAndTheirRefs() throws {
        let read = tasks("- [ ] a\r\n- [ ] a\r\n")
        #expect(read.tasks.map(\.text) == ["a", "a"])
        #expect(read.tasks[0].ref == tasks("- [ ] a\n- [ ] a\n").tasks[0].ref, "a REF names the line as written")
        #expect(read.tasks[0].ref != read.tasks[1].ref, "and which of the identical lines it is")
        #expect(tasks("- [ ] a", path: "other.md").tasks[0].ref != read.tasks[0].ref)
    }

    @Test func theAgendaBuckets() {
        // 2026-11-23 is a Monday.
        let agenda = TaskAgenda(today: TaskDate("2026-11-23")!)
        func bucket(_ due: String?) -> TaskAgenda.Bucket {
            var task = NoteTask(path: "n.md", line: 1, source: "", text: "", status: .todo)
            task.due = due.flatMap { TaskDate($0) }
            return agenda.bucket(of: task)
        }
        #expect(bucket("2026-11-22") == .overdue)
        #expect(bucket("2026-11-23") == .today)
        #expect(bucket("2026-11-24") == .tomorrow)
        #expect(bucket("2026-11-29") == .thisWeek)
        #expect(bucket("2026-11-30") == .later)
        #expect(bucket(nil) == .none)
        #expect(TaskDate("2026-11-23")?.weekday == 1)
        #expect(TaskDate(dayNumber: TaskDate("2024-02-29")!.dayNumber).description == "2024-02-29")
        #expect(TaskDate("2025-02-29") == nil)
        let sundayStart = TaskAgenda(today: TaskDate("2026-11-23")!, weekStart: 0)
        var task = NoteTask(path: "n.md", line: 1, source: "", text: "", status: .todo)
        task.due = TaskDate("2026-11-28")
        #expect(sundayStart.bucket(of: task) == .thisWeek)
        task.due = TaskDate("2026-11-29")
        #expect(sundayStart.bucket(of: task) == .later)
    }

    /// Month and year ends: tomorrow is the first of the next month; this week runs on
    /// into the new year.
    @Test(arguments: [
        ("2026-11-30", "2026-12-01", TaskAgenda.Bucket.tomorrow),  // a Monday, the month's last day
        ("2026-11-30", "2026-12-06", .thisWeek),
        ("2026-11-30", "2026-12-07", .later),
        ("2026-12-31", "2027-01-03", .thisWeek),  // a Thursday; the week ends on Sunday
        ("2026-12-31", "2027-01-04", .later),
        ("2027-01-01", "2026-12-31", .overdue),
        ("2028-02-28", "2028-02-29", .tomorrow),
        ("2027-02-28", "2027-03-01", .tomorrow),  // a Sunday: the week's last day
        ("2027-02-28", "2027-03-02", .later),
    ])
    func bucketsAcrossMonthAndYearEnds(_ today: String, _ due: String, _ expected: TaskAgenda.Bucket) throws {
        var task = NoteTask(path: "n.md", line: 1, source: "", text: "", status: .todo)
        task.due = TaskDate(due)
        #expect(TaskAgenda(today: try #require(TaskDate(today))).bucket(of: task) == expected, "\(due) from \(today)")
    }
}
