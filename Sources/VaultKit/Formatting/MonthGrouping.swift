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
        let pinned = notes.map(\.pinned)
        let months = sortDates.map { date in
            let fields = NoteDate.localFields(date, timeZone: timeZone)
            return fields.year * 12 + fields.month - 1
        }
        // One sort, pinned first, then by month and newest first: each group is then one
        // run of the order.
        let order = notes.indices.sorted { a, b in
            if pinned[a] != pinned[b] { return pinned[a] }
            if !pinned[a], months[a] != months[b] { return months[a] > months[b] }
            if sortDates[a] != sortDates[b] { return sortDates[a] > sortDates[b] }
            let order = notes[a].title.localizedStandardCompareFast(notes[b].title)
            return order != 0 ? order < 0 : notes[a].path < notes[b].path
        }
        let currentYear = NoteDate.localFields(now, timeZone: timeZone).year
        var groups: [Group] = []
        var month = Int.min
        for index in order {
            if pinned[index] {
                if groups.isEmpty { groups.append(Group(heading: "Pinned", notes: [])) }
            } else if months[index] != month {
                month = months[index]
                let fields = NoteDate.localFields(sortDates[index], timeZone: timeZone)
                let name = Self.months[fields.month - 1]
                groups.append(Group(heading: fields.year == currentYear ? name : "\(name) \(fields.year)", notes: []))
            }
            groups[groups.count - 1].notes.append(notes[index])
        }
        return groups
    }
}
