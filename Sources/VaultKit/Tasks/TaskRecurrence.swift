/// A recurrence rule of the Tasks plugin (`🔁 every week on Monday`), and the date of the
/// next occurrence it gives.
///
/// The plugin hands the rule to rrule's natural-language parser; vault reads the same
/// words by the same grammar (`TaskRecurrence+Text.swift`) into the parts of an rrule
/// that name days: `every [N] day|week|month|year[s]`, `every weekday`, `every Monday and
/// Friday`, `every April and December on the 1st and 24th`, `every month on the 2nd last
/// Friday`, `every year in March`, each optionally followed by `when done` (the next date
/// counts from the day it was done).
public struct TaskRecurrence: Sendable, Equatable {
    public enum Unit: Sendable, Equatable { case day, week, month, year }

    /// A day of the week (0 = Sunday), and with `nth` which one of its month (or, in a
    /// yearly rule naming no month, of its year): 1 the first, -1 the last.
    public struct Weekday: Sendable, Equatable {
        public var day: Int
        public var nth: Int?
    }

    public var unit: Unit
    public var interval = 1
    /// The months (1-12) the rule is limited to; none limits nothing.
    public var months: [Int] = []
    /// The days of the month it names, negative from the end (-1 is the last).
    public var monthDays: [Int] = []
    public var weekdays: [Weekday] = []
    public var whenDone = false

    init(unit: Unit) {
        self.unit = unit
    }

    /// The date of the occurrence after one on `reference` (the rule's start, as the
    /// plugin starts the rrule there); nil when the rule names no day that exists.
    public func next(after reference: TaskDate) -> TaskDate? {
        if unit == .month || unit == .year, months.isEmpty, monthDays.isEmpty, weekdays.isEmpty {
            // The same day N months on, or that month's last day when it has none: the
            // plugin steps back from rrule's answer until it skips no month.
            return reference.adding(months: unit == .year ? 12 * interval : interval)
        }
        let days = Days(rule: self, start: reference)
        // The periods (a week, a month, a year) every `interval` from the start's own; 400
        // years of them reach the rarest day a rule names (29 February of a century's year).
        let periods = unit == .year ? max(1, 400 / interval) + 1 : unit == .day ? 2 : 1200
        for count in 0..<periods {
            for day in days.period(count) where day > reference && days.contains(day) { return day }
        }
        return nil
    }

    /// The days a rule names, with rrule's defaults from its start: a weekly rule naming no
    /// day recurs on the start's weekday, a monthly one on its day of the month, a yearly
    /// one on its day (and month).
    private struct Days {
        let rule: TaskRecurrence
        let start: TaskDate
        var months: [Int]
        var monthDays: [Int]
        var weekdays: [Weekday]

        init(rule: TaskRecurrence, start: TaskDate) {
            self.rule = rule
            self.start = start
            months = rule.months
            monthDays = rule.monthDays
            weekdays = rule.weekdays
            guard monthDays.isEmpty, weekdays.isEmpty else { return }
            switch rule.unit {
            case .day: break
            case .week: weekdays = [Weekday(day: start.weekday, nth: nil)]
            case .month: monthDays = [start.day]
            case .year:
                if months.isEmpty { months = [start.month] }
                monthDays = [start.day]
            }
        }

        /// The days of the `count`-th period after the start's: every `interval` days,
        /// weeks (from Monday), months or years.
        func period(_ count: Int) -> [TaskDate] {
            let step = count * rule.interval
            switch rule.unit {
            case .day:
                return [start.adding(days: step)]
            case .week:
                let monday = start.adding(days: -((start.weekday + 6) % 7) + 7 * step)
                return (0..<7).map { monday.adding(days: $0) }
            case .month:
                let first = TaskDate(year: start.year, month: start.month, day: 1).adding(months: step)
                return (0..<first.lastOfMonth.day).map { first.adding(days: $0) }
            case .year:
                let first = TaskDate(year: start.year + step, month: 1, day: 1)
                let next = TaskDate(year: start.year + step + 1, month: 1, day: 1)
                return (0..<(next.dayNumber - first.dayNumber)).map { first.adding(days: $0) }
            }
        }

        /// True when `day` is one the rule names: in its months, on one of its days of the
        /// month and one of its weekdays (each when it names any).
        func contains(_ day: TaskDate) -> Bool {
            if !months.isEmpty, !months.contains(day.month) { return false }
            let last = day.lastOfMonth.day
            if !monthDays.isEmpty, !monthDays.contains(where: { $0 == day.day || $0 == day.day - last - 1 }) { return false }
            if !weekdays.isEmpty, !weekdays.contains(where: { $0.day == day.weekday && matches($0.nth, day) }) { return false }
            return true
        }

        /// True when `day` is the `nth` of its weekday in its month (or year, in a yearly
        /// rule naming no month); a weekly or daily rule has no nth, as in rrule.
        private func matches(_ nth: Int?, _ day: TaskDate) -> Bool {
            guard let nth, rule.unit == .month || rule.unit == .year else { return true }
            let (position, length): (Int, Int)
            if rule.unit == .year, rule.months.isEmpty {
                let first = TaskDate(year: day.year, month: 1, day: 1)
                position = day.dayNumber - first.dayNumber
                length = TaskDate(year: day.year + 1, month: 1, day: 1).dayNumber - first.dayNumber
            } else {
                position = day.day - 1
                length = day.lastOfMonth.day
            }
            return nth > 0 ? position / 7 + 1 == nth : (length - 1 - position) / 7 + 1 == -nth
        }
    }
}
