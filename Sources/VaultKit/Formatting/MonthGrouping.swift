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
        var groups: [Group] = []
        let pinned = notes.filter(\.pinned).sorted { $0.sortDate > $1.sortDate }
        if !pinned.isEmpty { groups.append(Group(heading: "Pinned", notes: pinned)) }
        let currentYear = NoteDate.localFields(now, timeZone: timeZone).year
        var byMonth: [Int: [Note]] = [:]
        for note in notes where !note.pinned {
            let fields = NoteDate.localFields(note.sortDate, timeZone: timeZone)
            byMonth[fields.year * 12 + fields.month - 1, default: []].append(note)
        }
        for month in byMonth.keys.sorted(by: >) {
            let year = month / 12
            let name = months[month % 12]
            let heading = year == currentYear ? name : "\(name) \(year)"
            let sorted = (byMonth[month] ?? []).sorted { a, b in
                if a.sortDate != b.sortDate { return a.sortDate > b.sortDate }
                let order = a.title.localizedStandardCompareFast(b.title)
                return order != 0 ? order < 0 : a.path < b.path
            }
            groups.append(Group(heading: heading, notes: sorted))
        }
        return groups
    }
}
