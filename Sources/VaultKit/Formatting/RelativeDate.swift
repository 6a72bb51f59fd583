import Foundation

/// Dates the way a notes list shows them: today `09:15`, `Yesterday`, a weekday name
/// within the last week, otherwise `20/11/26`.
public enum RelativeDate {
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    public static func format(_ date: Date, now: Date, timeZone: TimeZone = .current) -> String {
        format(date, today: NoteDate.localFields(now, timeZone: timeZone), timeZone: timeZone)
    }

    /// The same, with today's fields worked out once by the caller (a long listing).
    public static func format(_ date: Date, today: LocalFields, timeZone: TimeZone = .current) -> String {
        let day = NoteDate.localFields(date, timeZone: timeZone)
        let daysAgo = today.dayNumber - day.dayNumber
        switch daysAgo {
        case 0: return two(day.hour) + ":" + two(day.minute)
        case 1: return "Yesterday"
        case 2..<7: return weekdays[day.weekday]
        default: return two(day.day) + "/" + two(day.month) + "/" + two(day.year % 100)
        }
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
