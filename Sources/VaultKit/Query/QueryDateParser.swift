/// Reads the value of `created:`, `modified:` and `date:`.
///
/// ```
/// value    := relative | op period | period ".." period | period
/// op       := ">=" | "<=" | ">" | "<"
/// period   := YYYY | YYYY-MM | YYYY-MM-DD | "today" | "yesterday" | "tomorrow"
/// relative := count ( "d" | "w" | "m" | "y" )
/// ```
enum QueryDateParser {
    typealias Failure = QueryField.Failure

    /// The largest count of a relative date: beyond it the dates are meaningless.
    static let maximumCount = 100_000

    static let expected = "expected YYYY, YYYY-MM, YYYY-MM-DD, today, yesterday, tomorrow, or a count like 7d, 4w, 6m"

    static func parse(_ value: String) throws(Failure) -> QueryDateCondition {
        let characters = Array(value)
        for symbol in operators where value.hasPrefix(symbol) {
            let rest = Array(characters[symbol.count...])
            if rest.isEmpty {
                throw Failure(message: "expected a date after '\(symbol)'", offset: characters.count)
            }
            if String(rest).contains("..") {
                throw Failure(message: "a date range cannot follow '\(symbol)'", offset: 0)
            }
            if isRelative(rest) {
                throw Failure(message: "'\(String(rest))' cannot follow '\(symbol)': it already means the last \(String(rest.dropLast())) \(unitName(rest))", offset: symbol.count)
            }
            let bound = try period(rest, at: symbol.count)
            switch symbol {
            case ">=": return .onOrAfter(bound)
            case "<=": return .onOrBefore(bound)
            case ">": return .after(bound)
            default: return .before(bound)
            }
        }
        if let dots = rangeSeparator(in: characters) {
            let first = Array(characters[..<dots])
            let last = Array(characters[(dots + 2)...])
            if first.isEmpty { throw Failure(message: "expected a date before '..'", offset: dots) }
            if last.isEmpty { throw Failure(message: "expected a date after '..'", offset: characters.count) }
            for (part, offset) in [(first, 0), (last, dots + 2)] where isRelative(part) {
                throw Failure(message: "'\(String(part))' cannot be part of a range", offset: offset)
            }
            let start = try period(first, at: 0)
            let end = try period(last, at: dots + 2)
            if start.isAbsolute, end.isAbsolute, start.days(today: 0).lowerBound >= end.days(today: 0).upperBound {
                throw Failure(message: "the range '\(value)' ends before it starts", offset: 0)
            }
            return .range(start, end)
        }
        if isRelative(characters) {
            return try relative(characters)
        }
        return .within(try period(characters, at: 0))
    }

    /// Longest symbols first, so that `>=` is not read as `>` followed by `=`.
    private static let operators = [">=", "<=", ">", "<"]

    private static func rangeSeparator(in characters: [Character]) -> Int? {
        guard characters.count >= 2 else { return nil }
        return (0..<characters.count - 1).first { characters[$0] == "." && characters[$0 + 1] == "." }
    }

    /// `7d`, `4W`: digits and one unit letter.
    private static func isRelative(_ characters: [Character]) -> Bool {
        guard characters.count >= 2, let unit = characters.last,
              QueryDateCondition.Unit(rawValue: unit.lowercased()) != nil else { return false }
        return characters.dropLast().allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func unitName(_ characters: [Character]) -> String {
        let plural = characters.dropLast() != ["1"]
        switch characters.last.map({ $0.lowercased() }) {
        case "d": return plural ? "days" : "day"
        case "w": return plural ? "weeks" : "week"
        case "m": return plural ? "months" : "month"
        default: return plural ? "years" : "year"
        }
    }

    private static func relative(_ characters: [Character]) throws(Failure) -> QueryDateCondition {
        let text = String(characters)
        let digits = characters.dropLast()
        guard let lastCharacter = characters.last,
              let unit = QueryDateCondition.Unit(rawValue: lastCharacter.lowercased()) else {
            throw Failure(message: "invalid date '\(text)' (\(expected))", offset: 0)
        }
        // Counting the digits first keeps `Int(...)` from overflowing on absurd input.
        guard digits.count <= 6, let count = Int(String(digits)), count <= maximumCount else {
            throw Failure(message: "the count in '\(text)' is too large (at most \(maximumCount))", offset: 0)
        }
        guard count >= 1 else {
            throw Failure(message: "the count in '\(text)' must be at least 1", offset: 0)
        }
        return .last(count, unit)
    }

    /// A period; `offset` is where `characters` start in the whole value.
    private static func period(_ characters: [Character], at offset: Int) throws(Failure) -> QueryDateCondition.Period {
        let text = String(characters)
        switch text.lowercased() {
        case "today": return .today
        case "yesterday": return .yesterday
        case "tomorrow": return .tomorrow
        default: break
        }
        let invalid = Failure(message: "invalid date '\(text)' (\(expected))", offset: offset)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count,
                  characters[range].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(characters[range]))
        }
        guard [4, 7, 10].contains(characters.count), let year = number(0..<4) else { throw invalid }
        guard year >= 1 else {
            throw Failure(message: "invalid year '\(String(characters[0..<4]))' in '\(text)' (years are 0001 to 9999)", offset: offset)
        }
        if characters.count == 4 { return .year(year) }
        guard characters[4] == "-", let month = number(5..<7) else { throw invalid }
        guard (1...12).contains(month) else {
            throw Failure(message: "invalid month '\(String(characters[5..<7]))' in '\(text)' (months are 01 to 12)", offset: offset + 5)
        }
        if characters.count == 7 { return .month(year: year, month: month) }
        guard characters[7] == "-", let day = number(8..<10) else { throw invalid }
        let length = NoteDate.daysIn(month: month, year: year)
        guard (1...length).contains(day) else {
            throw Failure(message: "invalid day '\(String(characters[8..<10]))' in '\(text)' (\(monthNames[month - 1]) \(year) has \(length) days)", offset: offset + 8)
        }
        return .day(year: year, month: month, day: day)
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
