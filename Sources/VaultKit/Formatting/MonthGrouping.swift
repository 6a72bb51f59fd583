import Foundation

/// Files notes under the month of their `sortDate`, most recent month first, with pinned
/// notes in a `Pinned` group on top.
public enum MonthGrouping {
    public struct Group: Sendable {
        /// `Pinned`, `November` (this year) or `November 2025`.
        public var heading: String
        public var notes: [Note]
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    public static func group(_ notes: [Note], now: Date, timeZone: TimeZone = .current) -> [Group] {
        // Keys read once per note: a note's values are decoded when asked for, and a sort
        // asks n log n times.
        let sortDates = notes.map(\.sortDate)
        let newestFirst = { (a: Int, b: Int) -> Bool in
            if sortDates[a] != sortDates[b] { return sortDates[a] > sortDates[b] }
            let order = notes[a].title.localizedStandardCompareFast(notes[b].title)
            return order != 0 ? order < 0 : notes[a].path < notes[b].path
        }
        var groups: [Group] = []
        var pinned: [Int] = []
        var byMonth: [Int: [Int]] = [:]
        for index in notes.indices {
            if notes[index].pinned {
                pinned.append(index)
                continue
            }
            let fields = NoteDate.localFields(sortDates[index], timeZone: timeZone)
            byMonth[fields.year * 12 + fields.month - 1, default: []].append(index)
        }
        if !pinned.isEmpty { groups.append(Group(heading: "Pinned", notes: pinned.sorted(by: newestFirst).map { notes[$0] })) }
        let currentYear = NoteDate.localFields(now, timeZone: timeZone).year
        for month in byMonth.keys.sorted(by: >) {
            let year = month / 12
            let name = months[month % 12]
            let heading = year == currentYear ? name : "\(name) \(year)"
            groups.append(Group(heading: heading, notes: (byMonth[month] ?? []).sorted(by: newestFirst).map { notes[$0] }))
        }
        return groups
    }
}
