import Foundation

/// A date format written as Moment.js writes it (Obsidian's templates and daily notes use
/// these): `YYYY-MM-DD`, `dddd, D MMMM`, `HH:mm`. Text in `[brackets]` is kept as written.
/// Names of days and months are English, as Moment's default locale.
struct MomentFormat {
    let pattern: String

    init(_ pattern: String) {
        self.pattern = pattern
    }

    private static let tokens = ["YYYY", "YY", "MMMM", "MMM", "MM", "M", "DD", "D", "dddd", "ddd", "HH", "H", "hh", "h", "mm", "m", "ss", "s", "A", "a"]
    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    private static let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// True when `name` could be a date written in this format (`2026-11-29` for
    /// `YYYY-MM-DD`): how a daily note is known by its name.
    func matches(_ name: String) -> Bool {
        var regex = "^"
        var rest = Substring(pattern)
        while let first = rest.first {
            if first == "[", let close = rest.firstIndex(of: "]") {
                regex += NSRegularExpression.escapedPattern(for: String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
                continue
            }
            guard let token = Self.tokens.first(where: { rest.hasPrefix($0) }) else {
                regex += NSRegularExpression.escapedPattern(for: String(first))
                rest = rest.dropFirst()
                continue
            }
            switch token {
            case "MMMM", "MMM", "dddd", "ddd", "A", "a": regex += "[A-Za-z]+"
            default: regex += "[0-9]{1,\(token.count == 1 ? 2 : token.count)}"
            }
            rest = rest.dropFirst(token.count)
        }
        return name.range(of: regex + "$", options: .regularExpression) != nil
    }

    func string(from date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
        let (hour, minute, second, weekday) = (parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, parts.weekday ?? 1)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var output = ""
        var rest = Substring(pattern)
        while let first = rest.first {
            if first == "[", let close = rest.firstIndex(of: "]") {
                output += rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                continue
            }
            guard let token = Self.tokens.first(where: { rest.hasPrefix($0) }) else {
                output.append(first)
                rest = rest.dropFirst()
                continue
            }
            switch token {
            case "YYYY": output += String(year)
            case "YY": output += two(year % 100)
            case "MMMM": output += Self.months[month - 1]
            case "MMM": output += String(Self.months[month - 1].prefix(3))
            case "MM": output += two(month)
            case "M": output += String(month)
            case "DD": output += two(day)
            case "D": output += String(day)
            case "dddd": output += Self.days[weekday - 1]
            case "ddd": output += String(Self.days[weekday - 1].prefix(3))
            case "HH": output += two(hour)
            case "H": output += String(hour)
            case "hh": output += two((hour + 11) % 12 + 1)
            case "h": output += String((hour + 11) % 12 + 1)
            case "mm": output += two(minute)
            case "m": output += String(minute)
            case "ss": output += two(second)
            case "s": output += String(second)
            case "A": output += hour < 12 ? "AM" : "PM"
            default: output += hour < 12 ? "am" : "pm"
            }
            rest = rest.dropFirst(token.count)
        }
        return output
    }
}
