import Foundation
import Testing
@testable import VaultKit

/// `vault tasks` without a query reads the notes the main cache file describes from their
/// entries, without making them (`TaskNotes`): the records, their order and the problems
/// are exactly those read from a full scan's notes, with notes changed, added and removed
/// between runs.
@Suite struct TaskNotesTests {
    /// A seeded generator (SplitMix64): the same vaults on every run.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Task lines of every kind, odd ones among them.
    static let lines = [
        "- [ ] plain task", "- [x] done ✅ 2026-11-01", "* [/] doing 📅 2026-11-20 ⏫ #work", "- [-] cancelled ❌ 2026-11-02",
        "  - [ ] subtask 🔼 ⏳ 2026-11-18", "    a note under it", "1. [ ] numbered 🔁 every week 📅 2026-11-25",
        "- [ ] bad date 📅 2026-13-45", "- [ ]", "- [?] odd status", "\t- [ ] tabbed #home/garden", "> - [ ] quoted task",
        "```", "- [ ] in a fence", "```", "%% - [ ] in a comment %%", "- [ ] same line", "- [ ] same line", "plain text line", "",
    ]

    static func note(_ random: inout Seeded, number: Int) -> String {
        // Few dates, so that many notes tie on the order key and are ordered by title and path.
        let day = String(format: "%02d", random.next(3) + 1)
        var text = "---\nmodified: 2026-10-\(day)T09:00:00Z\n" + (random.next(7) == 0 ? "pinned: true\n" : "") + "---\n# Note \(random.next(4))\n\n"
        for _ in 0..<random.next(9) { text += lines[random.next(lines.count)] + "\n" }
        return random.next(4) == 0 ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
    }

    /// Every task of the vault as a line, and the problems, read both ways.
    static func bothWays(_ session: VaultSession, _ statuses: Set<NoteTask.Status>) throws -> (full: [String], light: [String], leftOut: Int) {
        let scan = try session.vault.scan(filter: nil, countingNotes: false)
        let full = session.withTaskRecords(matching: nil, in: scan.notes, listOrder: session.listOrder(scan), statuses: statuses) { records, problems in
            described(records, problems) { scan.notes[$0].path }
        }
        let lightScan = try session.scanLeavingOutCached()
        let notes = try #require(session.taskNotes(of: lightScan))
        let (records, problems) = try #require(notes.records(statuses))
        return (full, described(records, problems) { notes.paths[$0] }, lightScan.rejected)
    }

    static func described(_ records: [TaskRecord], _ problems: [Diagnostic], path: (Int) -> String) -> [String] {
        records.map { record in
            let task = NoteTask(record, path: path(record.note))
            return "\(task.path):\(task.line) \(task.status) \(task.priority) \(task.due?.description ?? "-") \(task.done?.description ?? "-") "
                + "\(task.refHash) \(task.parentLine ?? 0) \(task.text) \(task.categories) \(task.notes) \(task.recurrence ?? "-")"
        } + problems.map(\.description)
    }

    @Test(arguments: [1, 2, 3])
    func readFromTheEntriesTheyAreAsFromTheNotes(seed: UInt64) throws {
        let vault = try TemporaryVault()
        var random = Seeded(state: seed)
        var names = (0..<40).map { ($0 % 3 == 0 ? "Work/" : $0 % 3 == 1 ? "Home/" : "") + "n\($0).md" }
        for (number, name) in names.enumerated() { try vault.write(name, Self.note(&random, number: number)) }
        var later = vault.vault
        // A cache written a while after the notes trusts them (see the racy rule).
        later.now = { Date().addingTimeInterval(10) }
        let session = VaultSession(vault: later)
        for round in 0..<4 {
            for statuses in [Set(NoteTask.Status.allCases), [.todo, .doing]] {
                let (full, light, leftOut) = try Self.bothWays(session, statuses)
                #expect(light == full, "seed \(seed), round \(round)")
                #expect(!full.isEmpty)
                if round > 0 { #expect(leftOut > 0, "the cached notes are read from their entries") }
            }
            // Between runs: notes edited, one removed, one added.
            for _ in 0..<5 {
                let name = names[random.next(names.count)]
                try vault.write(name, Self.note(&random, number: round))
            }
            let removed = names.remove(at: random.next(names.count))
            try FileManager.default.removeItem(atPath: vault.path + "/" + removed)
            names.append("Added/a\(round).md")
            try vault.write(names[names.count - 1], Self.note(&random, number: round))
        }
    }

    /// Notes that share one mtime (a git checkout, an unzip), without a `modified` field:
    /// every order key ties, the titles and paths decide, and the agenda read from the
    /// entries is the full scan's, notes without a task left out or not.
    @Test func notesThatShareOneMtimeAreInTheFullScansOrder() throws {
        let vault = try TemporaryVault()
        let moment = Date().addingTimeInterval(-3600)
        for number in 0..<120 {
            let name = (number % 2 == 0 ? "Work/" : "") + "n\(number).md"
            let tasks = number % 3 == 0 ? "no task here\n" : "- [ ] task \(number)\n- [x] done \(number) ✅ 2026-11-01\n"
            try vault.write(name, "# Title \(number % 4)\n\n" + tasks)
            try FileManager.default.setAttributes([.modificationDate: moment], ofItemAtPath: vault.path + "/" + name)
        }
        var later = vault.vault
        later.now = { Date().addingTimeInterval(10) }
        let session = VaultSession(vault: later)
        _ = try session.scan()
        for statuses in [Set(NoteTask.Status.allCases), [.todo, .doing]] {
            let (full, light, leftOut) = try Self.bothWays(session, statuses)
            #expect(light == full)
            #expect(leftOut == 120)
        }
        let notes = try #require(session.taskNotes(of: try session.scanLeavingOutCached()))
        #expect(notes.paths.count == 80, "the notes without a task are left out")
    }

    /// When keys tie, each note is made once, not once per comparison it is in.
    @Test func tiedKeysMakeEachNoteOnce() throws {
        let vault = try TemporaryVault()
        let moment = Date().addingTimeInterval(-3600)
        for number in 0..<200 {
            try vault.write("n\(number).md", "# Title \(number % 5)\n\n- [ ] task \(number)\n")
            try FileManager.default.setAttributes([.modificationDate: moment], ofItemAtPath: vault.path + "/n\(number).md")
        }
        let scan = try VaultSession(vault: vault.vault).vault.scan(filter: nil, countingNotes: false)
        let made = scan.notes
        var calls = 0
        let notes = try #require(TaskNotes(paths: made.map(\.path), keys: made.map(\.orderKey), lists: made.map { $0.encodedValue(of: NoteTasks.self) },
                                           keeper: made) { position in
            calls += 1
            return made[position]
        })
        #expect(notes.listOrder == VaultIndex.listOrder(of: made))
        #expect(calls <= made.count)
        #expect(calls > 0, "the keys tie, so the notes decide")
    }

    /// A damaged entry is not read: `taskNotes(of:)` is nil, and the command scans again.
    @Test func aDamagedEntryIsNotRead() throws {
        let vault = try TemporaryVault()
        for number in 0..<5 { try vault.write("n\(number).md", "# N\(number)\n\n- [ ] task \(number)\n") }
        var later = vault.vault
        later.now = { Date().addingTimeInterval(10) }
        let session = VaultSession(vault: later)
        _ = try session.scan()
        let cacheURL = URL(fileURLWithPath: vault.path + "/" + NoteCache.path)
        var bytes = try [UInt8](Data(contentsOf: cacheURL))
        // A byte of a title (a common value, before the bulky ones) changed: its entry's
        // checksum no longer holds.
        let index = try #require(bytes.indices.dropLast().first { bytes[$0] == UInt8(ascii: "N") && bytes[$0 + 1] == UInt8(ascii: "4") })
        bytes[index + 1] = UInt8(ascii: "7")
        try Data(bytes).write(to: cacheURL)
        let scan = try session.scanLeavingOutCached()
        #expect(scan.rejected == 5)
        #expect(session.taskNotes(of: scan) == nil)
    }
}
