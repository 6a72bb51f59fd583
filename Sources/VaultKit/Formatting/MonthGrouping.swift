import Foundation

/// Files notes under the month of their `sortDate`, most recent month first, with pinned
/// notes in a `Pinned` group on top.
public enum MonthGrouping {
    public struct Group: Sendable {
        /// `Pinned`, `November` (this year) or `November 2025`.
        public var heading: String
        public var notes: [Note]
    }

    /// Pinned notes' group is `.max`; another note's is its month, counted from year 0.
    private struct SortKey {
        var group: Int
        var date: Date
        var index: Int
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    public static func group(_ notes: [Note], now: Date, timeZone: TimeZone = .current) -> [Group] {
        // Keys read once per note, beside the note's position: a note's values are decoded
        // when asked for, and a sort compares n log n times.
        var keys = notes.indices.map { index in
            let date = notes[index].sortDate
            let fields = NoteDate.localFields(date, timeZone: timeZone)
            return SortKey(group: notes[index].pinned ? .max : fields.year * 12 + fields.month - 1, date: date, index: index)
        }
        // One sort, pinned first, then by month and newest first: each group is then one
        // run of the order.
        keys.sort { a, b in
            if a.group != b.group { return a.group > b.group }
            if a.date != b.date { return a.date > b.date }
            let order = notes[a.index].title.localizedStandardCompareFast(notes[b.index].title)
            return order != 0 ? order < 0 : notes[a.index].path < notes[b.index].path
        }
        let currentYear = NoteDate.localFields(now, timeZone: timeZone).year
        var groups: [Group] = []
        var month = Int.min
        for key in keys {
            if key.group == .max {
                if groups.isEmpty { groups.append(Group(heading: "Pinned", notes: [])) }
            } else if key.group != month {
                month = key.group
                let fields = NoteDate.localFields(key.date, timeZone: timeZone)
                let name = Self.months[fields.month - 1]
                groups.append(Group(heading: fields.year == currentYear ? name : "\(name) \(fields.year)", notes: []))
            }
            groups[groups.count - 1].notes.append(notes[key.index])
        }
        return groups
    }
}
