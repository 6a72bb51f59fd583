/// A date as a person types it for a task: `today`, `tomorrow`, `yesterday`, a weekday
/// name (`fri`, `friday`: the next one after today), `+3d`, `+2w`, `+1m`, `+1y`, or
/// `2026-11-25`.
public enum TaskDateInput {
    public static let forms = "today, tomorrow, a weekday (mon or monday), +3d, +2w, +1m, +1y or YYYY-MM-DD"

    /// The date `text` names, seen from `today`; nil when it is none of the forms.
    public static func parse(_ text: String, today: TaskDate) -> TaskDate? {
        let word = text.trimmingSpaces().lowercased()
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let weekday = weekday(named: word) {
            // Strictly after today: on a Friday, `friday` is a week away, as "next Friday".
            let ahead = (weekday - today.weekday + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        }
        if word.hasPrefix("+"), let unit = word.last, let count = Int(word.dropFirst().dropLast()), count >= 0, count <= 100_000 {
            switch unit {
            case "d": return today.adding(days: count)
            case "w": return today.adding(days: 7 * count)
            case "m": return today.adding(months: count)
            case "y": return today.adding(months: 12 * count)
            default: return nil
            }
        }
        return TaskDate(word)
    }

    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// 0 = Sunday … 6 = Saturday, for a weekday's name or its first three letters.
    static func weekday(named word: String) -> Int? {
        weekdays.firstIndex { $0 == word || (word.count == 3 && $0.hasPrefix(word)) }
    }
}
