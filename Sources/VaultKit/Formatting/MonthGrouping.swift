import Foundation
import VaultPlatform

/// Notes filed under the month of their `sortDate`, most recent month first, with pinned
/// notes in a `Pinned` group on top: one ordered list of notes and the headings of its runs.
public struct MonthGrouping: Sendable {
    public struct Group: Sendable, Equatable {
        /// `Pinned`, `November` (this year) or `November 2025`.
        public var heading: String
        /// Where the group's notes are in `notes`.
        public var range: Range<Int>
    }

    /// The notes in order: pinned first, then by month and newest first in a month.
    public var notes: Ordered { Ordered(source: source, order: order) }
    /// The runs of `notes` that make the groups, in order; together they cover `notes`.
    public let groups: [Group]
    /// The notes as given, and where each of `notes` is among them: a printer can read
    /// the notes in the order they lie in memory and write them in this one.
    public let source: [Note]
    public let order: [Int]

    /// `source` in `order`, without a copy of each note.
    public struct Ordered: RandomAccessCollection, Sendable {
        let source: [Note]
        let order: [Int]

        public var startIndex: Int { 0 }
        public var endIndex: Int { order.count }
        public subscript(position: Int) -> Note { source[order[position]] }
    }

    private struct SortKey {
        var order: ListOrderKey
        var date: Date
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    public init(_ notes: [Note], now: Date, timeZone: TimeZone = .current) {
        // Keys read once per note, on all cores: a note's values are decoded when asked
        // for, and a sort compares n log n times.
        let keys = ParallelChunks.map(count: notes.count, chunk: 4096) { range in
            range.map { index in
                let date = notes[index].sortDate
                return SortKey(order: ListOrderKey(pinned: notes[index].pinned, date: date), date: date)
            }
        }.flatMap { $0 }
        // One sort, pinned first, then newest first: the months follow the dates, so each
        // group is then one run of the order. (Equal keys have dates too close to tell
        // apart in the key, which the whole date does.)
        let order = ListOrderKey.order(of: keys.map(\.order)) { a, b in
            if keys[a].date != keys[b].date { return keys[a].date > keys[b].date }
            let order = notes[a].title.localizedStandardCompareFast(notes[b].title)
            return order != 0 ? order < 0 : notes[a].path < notes[b].path
        }
        let currentYear = NoteDate.localFields(now, timeZone: timeZone).year
        var groups: [Group] = []
        // The month of the last group, and from when on a date is surely in it: a day
        // after its first midnight, whatever daylight saving does to that midnight. Only
        // dates before that are worked out into calendar fields.
        var month: (year: Int, month: Int, surelyFrom: Date)?
        for (position, index) in order.enumerated() {
            let key = keys[index]
            if key.order.isPinned {
                if position == 0 { groups.append(Group(heading: "Pinned", range: 0..<0)) }
                continue
            }
            if let month, key.date >= month.surelyFrom { continue }
            let fields = NoteDate.localFields(key.date, timeZone: timeZone)
            if let month, month.year == fields.year, month.month == fields.month { continue }
            let secondDay = Double(NoteDate.daysFromCivil(year: fields.year, month: fields.month, day: 2) * 86_400)
            month = (fields.year, fields.month, NoteDate.localTimeToDate(secondDay, timeZone: timeZone))
            let name = Self.months[fields.month - 1]
            groups.append(Group(heading: fields.year == currentYear ? name : "\(name) \(fields.year)", range: position..<position))
        }
        for number in groups.indices {
            let end = number + 1 < groups.count ? groups[number + 1].range.lowerBound : order.count
            groups[number].range = groups[number].range.lowerBound..<end
        }
        self.groups = groups
        source = notes
        self.order = order
    }

    /// The heading of the group the note at `position` of `notes` is in.
    public func heading(at position: Int) -> String {
        var low = 0, high = groups.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if groups[middle].range.lowerBound <= position { low = middle } else { high = middle - 1 }
        }
        return groups[low].heading
    }
}
