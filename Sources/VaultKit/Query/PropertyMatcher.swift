import Foundation

/// `[key]`, `[key:value]`, `[key:>=4]`: a front-matter key the note has, or one of its
/// values compared with the value given, the type of the value deciding how (as Obsidian's
/// search reads `[property:value]`):
///
/// - numbers compare as numbers (`[rating:>=4]` finds `rating: 4.5`);
/// - a year, month or day (`2026`, `2026-12`, `2026-12-01`) compares with a date value on
///   whole periods, as the date fields do (`[due:<2026-12]` is before 1 December; a value
///   with a time compares by its day);
/// - other text is found in the value as words are, ignoring case and accents; `>` and
///   `<` compare it in alphabetical order, ignoring case.
///
/// A list matches when one of its items does. Keys compare ignoring case.
struct PropertyMatcher: Sendable {
    let key: String
    let comparison: QueryTerm.PriorityComparison
    /// Nil for `[key]`: the note has the key.
    let value: String?
    private let number: Double?
    private let days: ClosedRange<Int>?
    private let text: TextMatcher?

    init(key: String, comparison: QueryTerm.PriorityComparison, value: String?) {
        self.key = key.lowercased()
        self.comparison = comparison
        self.value = value
        number = value.flatMap(Self.number)
        days = value.flatMap(Self.period)
        text = value.map(TextMatcher.init)
    }

    func matches(_ note: Note) -> Bool {
        guard let values = NoteOtherKeys.values(of: key, in: note[NoteOtherKeys.self]) else { return false }
        guard value != nil else { return true }
        return values.contains(where: matches)
    }

    private func matches(_ have: Substring) -> Bool {
        if let number, let got = Self.number(have) { return compare(got, number) }
        if let days {
            guard let day = Self.day(have) else { return false }
            switch comparison {
            case .equal: return days.contains(day)
            case .greater: return day > days.upperBound
            case .greaterOrEqual: return day >= days.lowerBound
            case .less: return day < days.lowerBound
            case .lessOrEqual: return day <= days.upperBound
            }
        }
        guard let value, let text else { return false }
        if comparison == .equal { return text.matches(String(have)) }
        return compare(have.lowercased(), value.lowercased())
    }

    private func compare<T: Comparable>(_ have: T, _ want: T) -> Bool {
        comparison.holds(have, want)
    }

    /// A number as YAML writes one (`4`, `-2.5`, `1e3`), not a date or a version.
    private static func number(_ text: some StringProtocol) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              trimmed.filter({ $0 == "." }).count <= 1 else { return nil }
        return Double(trimmed)
    }

    /// The days of `2026`, `2026-12` or `2026-12-01`, as day numbers.
    private static func period(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }), parts[0].count == 4,
              let year = Int(parts[0]) else { return nil }
        switch parts.count {
        case 1:
            return TaskDate(year: year, month: 1, day: 1).dayNumber...TaskDate(year: year, month: 12, day: 31).dayNumber
        case 2:
            guard parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return nil }
            let first = TaskDate(year: year, month: month, day: 1)
            return first.dayNumber...(first.adding(months: 1).dayNumber - 1)
        case 3:
            return TaskDate(text).map { $0.dayNumber...$0.dayNumber }
        default:
            return nil
        }
    }

    /// The day of a date value (`2026-12-01`, or with a time after it).
    private static func day(_ text: Substring) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let date = trimmed.prefix(10)
        guard date.count == 10, trimmed.count == 10 || "T ".contains(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 10)]) else { return nil }
        return TaskDate(date)?.dayNumber
    }
}
