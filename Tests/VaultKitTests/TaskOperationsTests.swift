import Foundation
import Testing
@testable import VaultKit

/// Changing several tasks at once: each note is written once, and a stale REF fails alone.
@Suite struct TaskOperationsTests {
    static let today = TaskDate("2026-11-23")!

    let vault: TemporaryVault
    let text = "# Errands\n\n- [ ] buy milk\n- [ ] send the budget 🔁 every week 📅 2026-11-23\n  - [ ] draft it\n- [ ] call Ann\n"

    init() throws {
        vault = try TemporaryVault()
        try vault.write("Errands.md", text)
        try vault.write("Other.md", "- [ ] water plants\n")
    }

    func tasks() throws -> [NoteTask] {
        ["Errands.md", "Other.md"].flatMap { path in
            Array(vault.read(path).utf8).withUnsafeBytes { TaskReader.tasks(in: $0, path: path).tasks }
        }
    }

    @Test func aNoteWithSeveralChangedTasksIsWrittenOnce() throws {
        let all = try tasks()
        let reads = Counter()
        var hooked = vault.vault
        hooked.afterRead = { path in if path == "Errands.md" { _ = reads.next() } }
        let results = TaskOperations(vault: hooked, today: Self.today)
            .change(all, [.status(.done)])
        #expect(reads.value == 1)
        #expect(vault.read("Errands.md") == """
            # Errands

            - [x] buy milk ✅ 2026-11-23
            - [ ] send the budget 🔁 every week 📅 2026-11-30
            - [x] send the budget 🔁 every week 📅 2026-11-23 ✅ 2026-11-23
              - [x] draft it ✅ 2026-11-23
            - [x] call Ann ✅ 2026-11-23

            """)
        #expect(vault.read("Other.md") == "- [x] water plants ✅ 2026-11-23\n")
        let outcomes = try results.map { try $0.get() }
        #expect(outcomes.map(\.before.text) == all.map(\.text))
        #expect(outcomes.map { $0.after?.status } == Array(repeating: .done, count: all.count))
        #expect(outcomes.map { $0.next?.due?.description } == [nil, "2026-11-30", nil, nil, nil])
    }

    @Test func aStaleTaskFailsAloneAndTheOthersOfItsNoteChange() throws {
        let all = try tasks()
        try vault.write("Errands.md", text.replacingOccurrences(of: "call Ann", with: "call Ann at 5"))
        let results = TaskOperations(vault: vault.vault, today: Self.today)
            .change([all[0], all[3]], [.remove])
        #expect(try results[0].get().after == nil)
        #expect(throws: VaultError.self) { try results[1].get() }
        #expect(vault.read("Errands.md") == text.replacingOccurrences(of: "- [ ] buy milk\n", with: "")
            .replacingOccurrences(of: "call Ann", with: "call Ann at 5"))
    }

    /// Lines like one another, and occurrences added above tasks already changed: each
    /// outcome names the task's line and REF in the note as written.
    @Test func outcomesNameTheTasksAsTheNoteIsWritten() throws {
        let text = "- [ ] a\n- [ ] r 🔁 every day 📅 2026-11-23\n- [ ] a\n- [ ] r 🔁 every day 📅 2026-11-23\n- [ ] a\n"
        try vault.write("Same.md", text)
        let all = Array(text.utf8).withUnsafeBytes { TaskReader.tasks(in: $0, path: "Same.md").tasks }
        let outcomes = try TaskOperations(vault: vault.vault, today: Self.today).change(all, [.status(.done)]).map { try $0.get() }
        let written = Array(vault.read("Same.md").utf8).withUnsafeBytes { TaskReader.tasks(in: $0, path: "Same.md").tasks }
        #expect(written.count == 7)
        for outcome in outcomes {
            for task in [outcome.after, outcome.next].compactMap({ $0 }) {
                let there = try #require(written.first { $0.line == task.line }, "\(task.line)")
                #expect(there.fullRef == task.fullRef && there.source == task.source, "\(task.line): \(task.source)")
            }
        }
        #expect(Set(outcomes.compactMap { $0.after?.fullRef }).count == 5)
    }

    @Test func aDryRunWritesNothing() throws {
        let results = TaskOperations(vault: vault.vault, today: Self.today).change(try tasks(), [.remove], dryRun: true)
        #expect(try results.allSatisfy { try $0.get().after == nil })
        #expect(vault.read("Errands.md") == text)
        #expect(vault.read("Other.md") == "- [ ] water plants\n")
    }

    /// `vault task undo` cannot bring back a task that is gone: a single task deleted on
    /// completion (`🏁 delete`) or removed is recorded for `vault undo`, as a change of
    /// several tasks is.
    @Test(arguments: [
        ("- [ ] renew the passport 🏁 delete 📅 2026-11-23", TaskChange.status(.done)),
        ("- [ ] renew the passport [onCompletion:: delete]", .status(.done)),
        ("- [ ] renew the passport", .remove),
    ])
    func aTaskThatGoesIsRecordedForUndo(_ line: String, _ change: TaskChange) throws {
        let text = "# Once\n\n\(line)\n- [ ] other\n"
        try vault.write("Once.md", text)
        let task = try #require(Array(text.utf8).withUnsafeBytes { TaskReader.tasks(in: $0, path: "Once.md").tasks.first })
        let session = VaultSession(vault: vault.vault)
        let report = try session.write { try ChangeTasks([task], [change]).run(in: $0) }
        #expect(vault.read("Once.md") == "# Once\n\n- [ ] other\n")
        let id = try #require(report.recordID)
        _ = try session.write { try UndoOperation(id).run(in: $0) }
        #expect(vault.read("Once.md") == text)
    }
}
