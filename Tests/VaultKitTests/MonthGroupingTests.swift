import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

/// The month list files every note under the month of its sort date in the vault's time
/// zone, also at the edges of months where daylight saving moves midnight.
@Suite struct MonthGroupingTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // November 2026

    static func note(_ number: Int, sortDate: Date, pinned: Bool, timeZone: TimeZone) -> Note {
        let milliseconds = Int64((sortDate.timeIntervalSince1970 * 1000).rounded())
        let text = "---\nsortDate: \(milliseconds)\n\(pinned ? "pinned: true\n" : "")---\nNote \(number)\n"
        let status = FileStatus(size: Int64(text.utf8.count), inode: UInt64(number), mode: 0o100644,
                                modified: FileTime(seconds: 0, nanoseconds: 0), changed: FileTime(seconds: 0, nanoseconds: 0))
        return Array(text.utf8).withUnsafeBytes { NoteReader.read($0, path: "n\(number).md", status: status, timeZone: timeZone) }
    }

    // São Paulo and Havana moved clocks at midnight; Apia skipped 30 December 2011; Lord
    // Howe moves them by half an hour; St. John's turned them back from 00:01 on
    // 1 November 2009 to 23:01 on 31 October, so there a later instant is in October.
    @Test(arguments: ["UTC", "Europe/Berlin", "America/Sao_Paulo", "America/Havana", "Pacific/Apia", "Australia/Lord_Howe", "Asia/Kolkata",
                      "America/St_Johns"])
    func everyNoteIsUnderTheMonthOfItsSortDate(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var dates: [Date] = []
        for year in [2009, 2011, 2012, 2018, 2026] {
            for month in 1...12 {
                let midnight = NoteDate.localTimeToDate(Double(NoteDate.daysFromCivil(year: year, month: month, day: 1) * 86_400), timeZone: timeZone)
                for offset in [-86_400.0, -3_601, -3_600, -3_570, -1, 0, 1, 1_800, 3_599, 3_600, 7_200, 86_399, 86_400, 90_000, 172_800] {
                    dates.append(midnight.addingTimeInterval(offset))
                }
            }
        }
        let notes = dates.enumerated().map { number, date in Self.note(number, sortDate: date, pinned: number % 97 == 0, timeZone: timeZone) }
        let grouping = MonthGrouping(notes.shuffled(), now: Self.now, timeZone: timeZone)
        let currentYear = NoteDate.localFields(Self.now, timeZone: timeZone).year
        var seen = 0
        for group in grouping.groups {
            for note in grouping.notes[group.range] {
                seen += 1
                if note.pinned {
                    #expect(group.heading == "Pinned")
                    continue
                }
                let fields = NoteDate.localFields(note.sortDate, timeZone: timeZone)
                let name = MonthGrouping.months[fields.month - 1]
                #expect(group.heading == (fields.year == currentYear ? name : "\(name) \(fields.year)"), "\(note.sortDate) in \(zone)")
            }
        }
        #expect(seen == notes.count)
        #expect(Set(grouping.groups.map(\.heading)).count == grouping.groups.count)
        // Newest month first, newest first in a month.
        let unpinned = grouping.notes.filter { !$0.pinned }.map { note in
            (NoteDate.localFields(note.sortDate, timeZone: timeZone).monthNumber, note.sortDate)
        }
        #expect(zip(unpinned, unpinned.dropFirst()).allSatisfy { $0.0 > $1.0 || ($0.0 == $1.0 && $0.1 >= $1.1) })
    }
}
