/// A recurrence rule of the Tasks plugin (`🔁 every week on Monday`), and the date of the
/// next occurrence it gives.
///
/// Read: `every [N] day|week|month|year[s]`, `every weekday`, `every week on Monday,
/// Friday` (or `every Monday and Friday`), `every [N] month[s] on the 1st | the last |
/// the 2nd Tuesday | the last Friday`, `every January [on the 15th]`, each optionally
/// followed by `when done` (the next date counts from the day it was done).
public struct TaskRecurrence: Sendable, Equatable {
    public enum Unit: Sendable, Equatable { case day, week, month, year }

    /// Which day of a month: the 15th (`day`), the last (`day: -1`), the 2nd Tuesday
    /// (`weekday`, `ordinal: 2`), the last Friday (`ordinal: -1`).
    public enum MonthDay: Sendable, Equatable {
        case day(Int)
        case weekday(Int, ordinal: Int)
    }

    public var unit: Unit
    public var interval: Int
    /// For weeks: the weekdays (0 = Sunday), empty for "the same weekday".
    public var weekdays: Set<Int> = []
    /// For months and years: the day in the month, nil for "the same day".
    public var monthDay: MonthDay?
    /// For years: the month (1-12), nil for "the same month".
    public var month: Int?
    public var whenDone = false

    /// Reads `text`; nil when it is not a rule vault can follow.
    public init?(_ text: String) {
        var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init).filter { $0 != "and" }
        guard words.first == "every" else { return nil }
        words.removeFirst()
        if words.suffix(2) == ["when", "done"] {
            whenDone = true
            words.removeLast(2)
        }
        var interval = 1
        if let first = words.first, let number = Int(first) {
            guard number >= 1, number <= 1000 else { return nil }
            interval = number
            words.removeFirst()
        }
        guard let head = words.first else { return nil }
        self.interval = interval
        words.removeFirst()
        let on = words.first == "on" ? Array(words.dropFirst()) : words
        if words.first != "on", !words.isEmpty, TaskDateInput.weekday(named: head) == nil { return nil }
        switch head {
        case "day", "days":
            unit = .day
            guard words.isEmpty else { return nil }
        case "weekday":
            guard interval == 1, words.isEmpty else { return nil }
            unit = .week
            weekdays = [1, 2, 3, 4, 5]
        case "week", "weeks":
            unit = .week
            guard let days = Self.weekdays(on) else { return nil }
            weekdays = days
        case "month", "months":
            unit = .month
            if !words.isEmpty {
                guard let day = Self.monthDay(on) else { return nil }
                monthDay = day
            }
        case "year", "years":
            unit = .year
            guard words.isEmpty else { return nil }
        default:
            if let weekday = TaskDateInput.weekday(named: head), let more = Self.weekdays(words) {
                unit = .week
                weekdays = more.union([weekday])
            } else if let month = Self.months.firstIndex(where: { $0 == head || $0.prefix(3) == head }) {
                unit = .year
                self.month = month + 1
                if !words.isEmpty {
                    guard let day = Self.monthDay(on) else { return nil }
                    monthDay = day
                }
            } else {
                return nil
            }
        }
    }

    /// The date of the occurrence after one on `reference`.
    public func next(after reference: TaskDate) -> TaskDate {
        switch unit {
        case .day:
            return reference.adding(days: interval)
        case .week:
            guard !weekdays.isEmpty else { return reference.adding(days: 7 * interval) }
            // Weeks start on Monday, as in the plugin's rules.
            let monday = reference.adding(days: -((reference.weekday + 6) % 7))
            for offset in 1..<7 {
                let day = reference.adding(days: offset)
                if day < monday.adding(days: 7), weekdays.contains(day.weekday) { return day }
            }
            let week = monday.adding(days: 7 * interval)
            return (0..<7).map { week.adding(days: $0) }.first { weekdays.contains($0.weekday) } ?? week
        case .month:
            guard let monthDay else { return reference.adding(months: interval) }
            return firstMatching(after: reference, step: interval, from: reference.adding(months: 0), monthDay: monthDay)
        case .year:
            let start = month.map { TaskDate(year: reference.year, month: $0, day: 1) } ?? reference
            guard month != nil || monthDay != nil else { return reference.adding(months: 12 * interval) }
            return firstMatching(after: reference, step: 12 * interval, from: start, monthDay: monthDay ?? .day(reference.day))
        }
    }

    /// The first day after `reference` that `monthDay` names, in the month of `from` or
    /// every `step` months after it (a month without that day, such as a 31st, is skipped).
    private func firstMatching(after reference: TaskDate, step: Int, from: TaskDate, monthDay: MonthDay) -> TaskDate {
        let first = TaskDate(year: from.year, month: from.month, day: 1)
        for count in 0..<100 {
            let month = first.adding(months: count * step)
            if let day = Self.day(monthDay, in: month), day > reference { return day }
        }
        return reference.adding(months: step)
    }

    private static func day(_ monthDay: MonthDay, in month: TaskDate) -> TaskDate? {
        let last = month.lastOfMonth
        switch monthDay {
        case .day(let day):
            if day == -1 { return last }
            return day <= last.day ? TaskDate(year: month.year, month: month.month, day: day) : nil
        case .weekday(let weekday, let ordinal):
            if ordinal < 0 {
                let back = (last.weekday - weekday + 7) % 7
                return last.adding(days: -back + 7 * (ordinal + 1))
            }
            let first = TaskDate(year: month.year, month: month.month, day: 1)
            let day = first.adding(days: (weekday - first.weekday + 7) % 7 + 7 * (ordinal - 1))
            return day.month == month.month ? day : nil
        }
    }

    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]

    /// `monday tuesday`: weekday numbers; nil for anything else.
    private static func weekdays(_ words: [String]) -> Set<Int>? {
        var days: Set<Int> = []
        for word in words {
            guard let day = TaskDateInput.weekday(named: word.hasSuffix("s") && word.count > 4 ? String(word.dropLast()) : word) else { return nil }
            days.insert(day)
        }
        return days
    }

    /// `the 1st`, `the last`, `the 2nd tuesday`, `the last friday`, `the 2nd last friday`.
    private static func monthDay(_ words: [String]) -> MonthDay? {
        var words = words
        if words.first == "the" { words.removeFirst() }
        guard let first = words.first else { return nil }
        var ordinal: Int
        if first == "last" {
            ordinal = -1
        } else {
            let digits = first.prefix { $0.isNumber }
            guard let number = Int(digits), number >= 1, number <= 31, ["st", "nd", "rd", "th"].contains(String(first.dropFirst(digits.count))) else { return nil }
            ordinal = number
        }
        words.removeFirst()
        if words.first == "last", ordinal > 0 {
            ordinal = -ordinal
            words.removeFirst()
        }
        if words.isEmpty { return ordinal == -1 ? .day(-1) : ordinal > 0 ? .day(ordinal) : nil }
        guard words.count == 1, let weekday = TaskDateInput.weekday(named: words[0]), abs(ordinal) <= 5 else { return nil }
        return .weekday(weekday, ordinal: ordinal)
    }
}
