/// A calendar date on a task (`📅 2026-11-25`): a day, with no time and no time zone, as
/// the Tasks plugin writes it.
public struct TaskDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Reads `YYYY-MM-DD`; nil for anything else, or a day the calendar does not have.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of a day number (days since 1970-01-01).
    public init(dayNumber: Int) {
        let fields = LocalFields(secondsSince1970: dayNumber * 86_400)
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    /// Days since 1970-01-01 (days_from_civil).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int { LocalFields(secondsSince1970: dayNumber * 86_400).weekday }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    public static func < (a: TaskDate, b: TaskDate) -> Bool { a.dayNumber < b.dayNumber }

    public func adding(days: Int) -> TaskDate { TaskDate(dayNumber: dayNumber + days) }

    /// The same day `months` later; a day the month does not have becomes its last day
    /// (31 January + 1 month is 28 or 29 February), as the Tasks plugin does.
    public func adding(months: Int) -> TaskDate {
        let total = year * 12 + (month - 1) + months
        let (newYear, newMonth) = (total / 12, total % 12 + 1)
        return TaskDate(year: newYear, month: newMonth, day: min(day, Self.days(inMonth: newMonth, of: newYear)))
    }

    /// The last day of this date's month.
    var lastOfMonth: TaskDate { TaskDate(year: year, month: month, day: Self.days(inMonth: month, of: year)) }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
