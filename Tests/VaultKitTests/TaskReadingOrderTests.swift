import Foundation
import Testing
@testable import VaultKit

/// Tasks read in the order the notes were scanned (the cache's order) come out exactly as
/// read in list order: the same records, each naming its note in list order, and the same
/// problems in the same order.
@Suite struct TaskReadingOrderTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
        // Dated so that list order (newest first) is not the order the walk finds them in.
        for number in 0..<14 {
            let day = String(format: "%02d", (number * 5) % 14 + 1)
            var text = "---\nmodified: 2026-10-\(day)T09:00:00Z\n---\n# Note \(number)\n\n"
            for line in 0..<(number % 4) { text += "- [ ] task \(number).\(line) 📅 2026-11-\(String(format: "%02d", line + 10))\n  - [x] sub \(line) ✅ 2026-11-01\n" }
            if number % 5 == 2 { text += "- [ ] bad date 📅 2026-13-45\n" }
            try vault.write((number % 3 == 0 ? "Work/" : number % 3 == 1 ? "Home/" : "") + "n\(number).md", text)
        }
    }

    /// What a run of `withTaskRecords` hands out, as plain values.
    func read(_ session: VaultSession, _ notes: [Note], order: [Int]?) -> (records: [String], problems: [String]) {
        session.withTaskRecords(matching: nil, in: notes, readingOrder: order, statuses: Set(NoteTask.Status.allCases)) { records, problems in
            (records.map { "\(notes[$0.note].path):\($0.line) \($0.status) \($0.due?.description ?? "-") \($0.refHash)" }, problems.map(\.description))
        }
    }

    @Test(arguments: [false, true])
    func scanOrderGivesTheListOrdersRecords(fromCache: Bool) throws {
        var later = vault.vault
        // A cache written a while after the notes trusts them (see the racy rule).
        later.now = { Date().addingTimeInterval(10) }
        let session = VaultSession(vault: later)
        if fromCache { _ = try session.scan() }
        let scan = try session.scan()
        #expect(scan.cacheHits == (fromCache ? 14 : 0))
        let (notes, readingOrder) = session.sortedForReading(scan)
        #expect(notes.map(\.path) == session.sorted(scan).map(\.path))
        #expect(readingOrder.map { notes[$0].path } == scan.notes.map(\.path))
        #expect(readingOrder != Array(notes.indices), "the test needs a scan order other than the list order")

        let inListOrder = read(session, notes, order: nil)
        #expect(inListOrder.records.count == 41)
        #expect(inListOrder.problems.count == 3)
        #expect(read(session, notes, order: readingOrder) == inListOrder)
        // Read in one pass, not given up on and read again note by note.
        let direct = try #require(VaultSession.allRecords(of: notes, readingOrder: readingOrder, statuses: .all))
        #expect(direct.0.map { "\(notes[$0.note].path):\($0.line) \($0.status) \($0.due?.description ?? "-") \($0.refHash)" } == inListOrder.records)
        #expect(direct.1.map(\.description) == inListOrder.problems)
        #expect(read(session, notes, order: readingOrder.reversed()) == inListOrder)
        // An order that is not one of the notes' positions each once is not followed.
        #expect(read(session, notes, order: readingOrder.dropLast() + [readingOrder[0]]) == inListOrder)
        #expect(read(session, notes, order: Array(readingOrder.dropLast())) == inListOrder)
        // As `tasks(of:)`, which reads them note by note, finds them.
        let tasks = session.tasks(of: notes).tasks
        #expect(inListOrder.records.map { $0.prefix { $0 != " " } } == tasks.map { "\($0.path):\($0.line)" })
    }
}
