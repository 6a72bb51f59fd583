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
        func byTitle(_ a: Int, _ b: Int) -> Bool {
            let order = notes[a].title.localizedStandardCompareFast(notes[b].title)
            return order != 0 ? order < 0 : notes[a].path < notes[b].path
        }
        // One sort, pinned first, then newest first: the months follow the dates, so each
        // group is then one run of the order. (Equal keys have dates too close to tell
        // apart in the key, which the whole date does.)
        var order = ListOrderKey.order(of: keys.map(\.order)) { a, b in
            keys[a].date != keys[b].date ? keys[a].date > keys[b].date : byTitle(a, b)
        }
        let currentYear = NoteDate.localFields(now, timeZone: timeZone).year
        var runs = Self.runs(of: order, keys, timeZone: timeZone, everyDate: false)
        if runs == nil {
            // Clocks turned back across midnight at the end of a month (St. John's, on
            // 1 November 2009), so a later instant is in the earlier month: there the
            // months do not follow the dates. Sort by month first, as the list shows them.
            let months = keys.map { key in key.order.isPinned ? Int.max : NoteDate.localFields(key.date, timeZone: timeZone).monthNumber }
            order = keys.indices.sorted { a, b in
                if months[a] != months[b] { return months[a] > months[b] }
                return keys[a].date != keys[b].date ? keys[a].date > keys[b].date : byTitle(a, b)
            }
            runs = Self.runs(of: order, keys, timeZone: timeZone, everyDate: true)
        }
        var groups = (runs ?? []).map { run in
            Group(heading: run.month.map { fields in
                let name = Self.months[fields.month - 1]
                return fields.year == currentYear ? name : "\(name) \(fields.year)"
            } ?? "Pinned", range: run.start..<run.start)
        }
        for number in groups.indices {
            let end = number + 1 < groups.count ? groups[number + 1].range.lowerBound : order.count
            groups[number].range = groups[number].range.lowerBound..<end
        }
        self.groups = groups
        source = notes
        self.order = order
    }

    /// Where each group starts in `order` and its month (nil for the pinned notes); nil
    /// when a month comes back after an earlier one. Only dates near the edges of a month
    /// are worked out into calendar fields, unless `everyDate`: from a day after its first
    /// midnight to its last day's, whatever daylight saving does to those midnights, a
    /// date is surely in the month of the dates around it.
    private static func runs(of order: [Int], _ keys: [SortKey], timeZone: TimeZone, everyDate: Bool) -> [(start: Int, month: LocalFields?)]? {
        var runs: [(start: Int, month: LocalFields?)] = []
        var month: (fields: LocalFields, surely: Range<Date>)?
        for (position, index) in order.enumerated() {
            let key = keys[index]
            if key.order.isPinned {
                if position == 0 { runs.append((0, nil)) }
                continue
            }
            if !everyDate, let month, month.surely.contains(key.date) { continue }
            let fields = NoteDate.localFields(key.date, timeZone: timeZone)
            if let month {
                if month.fields.monthNumber == fields.monthNumber { continue }
                if fields.monthNumber > month.fields.monthNumber { return nil }
            }
            let midnight = { (day: Int) in
                NoteDate.localTimeToDate(Double(NoteDate.daysFromCivil(year: fields.year, month: fields.month, day: day) * 86_400), timeZone: timeZone)
            }
            let from = midnight(2), until = midnight(NoteDate.daysIn(month: fields.month, year: fields.year))
            month = (fields, from..<max(from, until))
            runs.append((position, fields))
        }
        return runs
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
