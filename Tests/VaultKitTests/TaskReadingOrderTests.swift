import Foundation
import Testing
@testable import VaultKit

/// Tasks read from the notes in the order they were scanned (the cache's order) and put in
/// list order come out exactly as read from the notes in list order: the same records in
/// the same order, and the same problems in the same order.
@Suite struct TaskReadingOrderTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
        // Dated so that list order (newest first) is not the order the walk finds them in,
        // nor for the three with a problem.
        for number in 0..<14 {
            let day = String(format: "%02d", (number * 7) % 13 + 1)
            var text = "---\nmodified: 2026-10-\(day)T09:00:00Z\n---\n# Note \(number)\n\n"
            for line in 0..<(number % 4) { text += "- [ ] task \(number).\(line) 📅 2026-11-\(String(format: "%02d", line + 10))\n  - [x] sub \(line) ✅ 2026-11-01\n" }
            if number % 5 == 2 { text += "- [ ] bad date 📅 2026-13-45\n" }
            try vault.write((number % 3 == 0 ? "Work/" : number % 3 == 1 ? "Home/" : "") + "n\(number).md", text)
        }
    }

    /// What a run of `withTaskRecords` hands out, as plain values.
    func read(_ session: VaultSession, _ notes: [Note], order: [Int]?) -> (records: [String], problems: [String]) {
        session.withTaskRecords(matching: nil, in: notes, listOrder: order, statuses: Set(NoteTask.Status.allCases)) { records, problems in
            (Self.described(records, notes), problems.map(\.description))
        }
    }

    static func described(_ records: [TaskRecord], _ notes: [Note]) -> [String] {
        records.map { "\(notes[$0.note].path):\($0.line) \($0.status) \($0.due?.description ?? "-") \($0.refHash)" }
    }

    @Test(arguments: [false, true])
    func readInScanOrderTheyComeOutInListOrder(fromCache: Bool) throws {
        var later = vault.vault
        // A cache written a while after the notes trusts them (see the racy rule).
        later.now = { Date().addingTimeInterval(10) }
        let session = VaultSession(vault: later)
        if fromCache { _ = try session.scan() }
        let scan = try session.scan()
        #expect(scan.cacheHits == (fromCache ? 14 : 0))
        let listOrder = session.listOrder(scan)
        let sorted = session.sorted(scan)
        #expect(listOrder.map { scan.notes[$0].path } == sorted.map(\.path))
        #expect(listOrder != Array(scan.notes.indices), "the test needs a scan order other than the list order")

        let inListOrder = read(session, sorted, order: nil)
        #expect(inListOrder.records.count == 41)
        #expect(inListOrder.problems.count == 3)
        #expect(read(session, scan.notes, order: listOrder) == inListOrder)
        // Read in one pass, not given up on and read again note by note.
        let direct = try #require(VaultSession.allRecords(of: scan.notes, listOrder: listOrder, statuses: .all))
        #expect(Self.described(direct.0, scan.notes) == inListOrder.records)
        #expect(direct.1.map(\.description) == inListOrder.problems)
        // With a query, as by `collect`.
        let query = try Query.parse("status:todo OR status:done")
        let queried = session.withTaskRecords(matching: query, in: scan.notes, listOrder: listOrder, statuses: []) { records, _ in Self.described(records, scan.notes) }
        #expect(queried == inListOrder.records)
        // An order that is not one of the notes' positions each once is not followed.
        #expect(read(session, scan.notes, order: listOrder.dropLast() + [listOrder[0]]) == read(session, scan.notes, order: nil))
        #expect(read(session, scan.notes, order: Array(listOrder.dropLast())) == read(session, scan.notes, order: nil))
        #expect(read(session, scan.notes, order: nil) != inListOrder)
        // As `tasks(of:)`, which reads them note by note, finds them.
        let tasks = session.tasks(of: sorted).tasks
        #expect(inListOrder.records.map { $0.prefix { $0 != " " } } == tasks.map { "\($0.path):\($0.line)" })
    }

    /// A record holds only what the agenda sorts and groups by, and reads the rest again
    /// from its note's bytes: every field still equals the task read from the note.
    @Test(arguments: [false, true])
    func aRecordIsSmallAndHoldsEveryField(fromCache: Bool) throws {
        #expect(MemoryLayout<TaskRecord>.stride == 32)
        try vault.write("Dates.md", """
            # Dates

            - [ ] every date 📅 2026-11-20 ⏳ 2026-11-18 🛫 2026-11-17 ➕ 2026-11-01 🔁 every week #work #home
              - [-] cancelled sub ❌ 2026-11-02 🔼
                a note under it
            - [x] done ✅ 2026-11-03
            - [x] done ✅ 2026-11-03

            """)
        var later = vault.vault
        later.now = { Date().addingTimeInterval(10) }
        let session = VaultSession(vault: later)
        if fromCache { _ = try session.scan() }
        let scan = try session.scan()
        let notes = session.sorted(scan)
        let expected = session.tasks(of: notes).tasks
        let read = session.withTaskRecords(matching: nil, in: notes, statuses: Set(NoteTask.Status.allCases)) { records, _ in
            records.map { NoteTask($0, path: notes[$0.note].path) }
        }
        #expect(read.count == expected.count)
        for (record, task) in zip(read, expected) {
            #expect(record.line == task.line)
            #expect(record.parentLine == task.parentLine)
            #expect(record.occurrence == task.occurrence)
            #expect(record.refHash == task.refHash)
            #expect(record.status == task.status && record.priority == task.priority)
            for field in NoteTask.DateField.allCases { #expect(record[field] == task[field], "\(field) of \(task.path):\(task.line)") }
            #expect(record.text == task.text && record.recurrence == task.recurrence)
            #expect(record.categories == task.categories && record.notes == task.notes)
        }
        #expect(read.contains { $0.occurrence == 1 } && read.contains { $0[.cancelled] != nil } && read.contains { $0[.start] != nil })
        // The record's fields one by one (what the text agenda reads) agree with the ones
        // decoded all at once.
        let fieldByField = session.withTaskRecords(matching: nil, in: notes, statuses: Set(NoteTask.Status.allCases)) { records, _ in
            records.map { record in
                var task = NoteTask(record, path: notes[record.note].path)
                (task.line, task.parentLine, task.occurrence, task.refHash) = (record.line, record.parentLine, record.occurrence, record.refHash)
                for field in NoteTask.DateField.allCases { task[field] = record[field] }
                return task
            }
        }
        #expect(fieldByField == read)
    }
}
