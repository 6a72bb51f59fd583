import Foundation

/// The value of `created:`, `modified:` and `date:`.
///
/// Comparisons work on whole periods (a year, a month, a day) in the local time zone:
/// `P` is within P; `>P` after the end of P; `>=P` from the start of P; `<P` before the
/// start of P; `<=P` up to the end of P; `A..B` from the start of A to the end of B.
/// `modified:>2026-11` therefore starts on 1 December 2026 at midnight.
///
/// The periods are kept as written and turned into instants only when a query is
/// evaluated, with the evaluator's clock and time zone (`today` is the day of `now`).
public enum QueryDateCondition: Sendable, Equatable, CustomStringConvertible {
    /// `P`: within the period.
    case within(Period)
    /// `>P`: after the end of the period.
    case after(Period)
    /// `>=P`: from the start of the period.
    case onOrAfter(Period)
    /// `<P`: before the start of the period.
    case before(Period)
    /// `<=P`: up to the end of the period.
    case onOrBefore(Period)
    /// `A..B`: from the start of A to the end of B.
    case range(Period, Period)
    /// `7d`, `4w`, `6m`, `1y`: from the start of the day that many days, weeks, months or
    /// years before today, to the end of today.
    case last(Int, Unit)

    /// A calendar period in the local time zone.
    public enum Period: Sendable, Equatable, CustomStringConvertible {
        case year(Int)
        case month(year: Int, month: Int)
        case day(year: Int, month: Int, day: Int)
        case today
        case yesterday
        /// For task dates: `due:tomorrow`.
        case tomorrow

        public var description: String {
            switch self {
            case .year(let year): return Self.pad(year, 4)
            case .month(let year, let month): return Self.pad(year, 4) + "-" + Self.pad(month, 2)
            case .day(let year, let month, let day): return Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
            case .today: return "today"
            case .yesterday: return "yesterday"
            case .tomorrow: return "tomorrow"
            }
        }

        /// The days (since 1970-01-01) the period covers: `start ..< end`.
        func days(today: Int) -> Range<Int> {
            switch self {
            case .year(let year):
                return NoteDate.daysFromCivil(year: year, month: 1, day: 1)..<NoteDate.daysFromCivil(year: year + 1, month: 1, day: 1)
            case .month(let year, let month):
                let next = month == 12 ? (year + 1, 1) : (year, month + 1)
                return NoteDate.daysFromCivil(year: year, month: month, day: 1)..<NoteDate.daysFromCivil(year: next.0, month: next.1, day: 1)
            case .day(let year, let month, let day):
                let start = NoteDate.daysFromCivil(year: year, month: month, day: day)
                return start..<start + 1
            case .today:
                return today..<today + 1
            case .yesterday:
                return today - 1..<today
            case .tomorrow:
                return today + 1..<today + 2
            }
        }

        /// True for the periods that do not depend on the day the query runs.
        var isAbsolute: Bool {
            switch self {
            case .today, .yesterday, .tomorrow: return false
            default: return true
            }
        }

        private static func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
    }

    /// The unit of a relative date.
    public enum Unit: String, Sendable, CaseIterable {
        case days = "d", weeks = "w", months = "m", years = "y"
    }

    public var description: String {
        switch self {
        case .within(let period): return period.description
        case .after(let period): return ">" + period.description
        case .onOrAfter(let period): return ">=" + period.description
        case .before(let period): return "<" + period.description
        case .onOrBefore(let period): return "<=" + period.description
        case .range(let start, let end): return start.description + ".." + end.description
        case .last(let count, let unit): return String(count) + unit.rawValue
        }
    }

    /// The instants the condition accepts when the query runs at `now` in `timeZone`.
    func bounds(now: Date, timeZone: TimeZone) -> DateBounds {
        let days = dayBounds(now: now, timeZone: timeZone)
        func start(ofDay day: Int) -> Double {
            NoteDate.localTimeToDate(Double(day) * 86_400, timeZone: timeZone).timeIntervalSince1970
        }
        return DateBounds(lower: days.lower.map(start(ofDay:)), upper: days.upper.map(start(ofDay:)))
    }

    /// The days (since 1970-01-01) the condition accepts, `lower <= day < upper`, when the
    /// query runs at `now` in `timeZone`: for the dates of tasks, which are days.
    func dayBounds(now: Date, timeZone: TimeZone) -> DayBounds {
        let fields = NoteDate.localFields(now, timeZone: timeZone)
        let today = fields.dayNumber
        switch self {
        case .within(let period):
            let days = period.days(today: today)
            return DayBounds(lower: days.lowerBound, upper: days.upperBound)
        case .after(let period):
            return DayBounds(lower: period.days(today: today).upperBound, upper: nil)
        case .onOrAfter(let period):
            return DayBounds(lower: period.days(today: today).lowerBound, upper: nil)
        case .before(let period):
            return DayBounds(lower: nil, upper: period.days(today: today).lowerBound)
        case .onOrBefore(let period):
            return DayBounds(lower: nil, upper: period.days(today: today).upperBound)
        case .range(let first, let last):
            return DayBounds(lower: first.days(today: today).lowerBound, upper: last.days(today: today).upperBound)
        case .last(let count, let unit):
            let firstDay: Int
            switch unit {
            case .days:
                firstDay = today - count
            case .weeks:
                firstDay = today - 7 * count
            case .months, .years:
                // The same day of the month, clamped to the length of the target month
                // (a month before 31 March is 28 or 29 February).
                let months = fields.year * 12 + (fields.month - 1) - (unit == .months ? count : 12 * count)
                let year = Int((Double(months) / 12).rounded(.down))
                let month = months - year * 12 + 1
                firstDay = NoteDate.daysFromCivil(year: year, month: month, day: min(fields.day, NoteDate.daysIn(month: month, year: year)))
            }
            return DayBounds(lower: firstDay, upper: today + 1)
        }
    }
}

/// A half-open interval of days, `lower <= day < upper`, either end open.
struct DayBounds: Sendable, Equatable {
    var lower: Int?
    var upper: Int?

    func contains(_ day: Int) -> Bool {
        if let lower, day < lower { return false }
        if let upper, day >= upper { return false }
        return true
    }
}

/// A half-open interval of instants, `lower <= t < upper`, either end open; in seconds
/// since 1970 so that testing a note is two comparisons of doubles.
struct DateBounds: Sendable, Equatable {
    var lower: Double?
    var upper: Double?

    @inline(__always)
    func contains(_ date: Date) -> Bool {
        let time = date.timeIntervalSince1970
        if let lower, time < lower { return false }
        if let upper, time >= upper { return false }
        return true
    }
}
