import Foundation

/// Dates the way a notes list shows them: today `09:15`, `Yesterday`, a weekday name
/// within the last week, otherwise `20/11/26`.
public enum RelativeDate {
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// How a date older than a week is written.
    public enum Style: String, Sendable, Equatable {
        /// `04/11/26`.
        case dayMonthYear = "dd/MM/yy"
        /// `2026-11-04`.
        case iso
    }

    public static func format(_ date: Date, now: Date, timeZone: TimeZone = .current, style: Style = .dayMonthYear) -> String {
        format(date, today: NoteDate.localFields(now, timeZone: timeZone), timeZone: timeZone, style: style)
    }

    /// The same, with today's fields worked out once by the caller (a long listing).
    public static func format(_ date: Date, today: LocalFields, timeZone: TimeZone = .current, style: Style = .dayMonthYear) -> String {
        let day = NoteDate.localFields(date, timeZone: timeZone)
        let daysAgo = today.dayNumber - day.dayNumber
        switch (daysAgo, style) {
        case (0, _): return two(day.hour) + ":" + two(day.minute)
        case (1, _): return "Yesterday"
        case (2..<7, _): return weekdays[day.weekday]
        case (_, .dayMonthYear): return two(day.day) + "/" + two(day.month) + "/" + two(day.year % 100)
        case (_, .iso): return String(day.year) + "-" + two(day.month) + "-" + two(day.day)
        }
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
