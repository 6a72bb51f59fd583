import Foundation
import VaultPlatform

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
        var bytes = ByteOutput(capacity: 16)
        append(date, today: today, timeZone: timeZone, style: style, to: &bytes)
        return String(decoding: bytes.bytes, as: UTF8.self)
    }

    /// Appends the date as `format` writes it, as UTF-8, making no string: a list of
    /// 100,000 notes writes one per line.
    package static func append(_ date: Date, today: LocalFields, timeZone: TimeZone = .current, style: Style = .dayMonthYear, to out: inout ByteOutput) {
        let day = NoteDate.localFields(date, timeZone: timeZone)
        func two(_ value: Int) {
            guard (0..<100).contains(value) else { return out.append(decimal: value) }
            out.append(UInt8(ascii: "0") + UInt8(value / 10 % 10))
            out.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        func put(_ separator: Unicode.Scalar) { out.append(UInt8(ascii: separator)) }
        switch (today.dayNumber - day.dayNumber, style) {
        case (0, _): two(day.hour); put(":"); two(day.minute)
        case (1, _): out.append("Yesterday" as StaticString)
        case (2..<7, _): out.append(weekdays[day.weekday])
        // A year before 1 BC (a clock set to nonsense) still gives two digits.
        case (_, .dayMonthYear): two(day.day); put("/"); two(day.month); put("/"); two((day.year % 100 + 100) % 100)
        case (_, .iso): out.append(decimal: day.year); put("-"); two(day.month); put("-"); two(day.day)
        }
    }
}
