import VaultPlatform

/// A calendar date on a task (`📅 2026-11-25`): a day, with no time and no time zone, as
/// the Tasks plugin writes it.
public struct TaskDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01: the whole date in four bytes, as a vault holds hundreds of
    /// thousands of tasks with six dates each.
    private let day32: Int32

    /// Reads `YYYY-MM-DD`; nil for anything else, or a day the calendar does not have.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), day >= 1, day <= NoteDate.daysIn(month: month, year: year) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    init(year: Int, month: Int, day: Int) {
        self.init(dayNumber: NoteDate.daysFromCivil(year: year, month: month, day: day))
    }

    /// The date of a day number (days since 1970-01-01).
    public init(dayNumber: Int) {
        day32 = Int32(clamping: dayNumber)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int { Int(day32) }

    private var fields: LocalFields { LocalFields(secondsSince1970: dayNumber * 86_400) }
    public var year: Int { fields.year }
    public var month: Int { fields.month }
    public var day: Int { fields.day }
    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int { fields.weekday }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let fields = fields
        return pad(fields.year, 4) + "-" + pad(fields.month, 2) + "-" + pad(fields.day, 2)
    }

    /// Appends `description` to `bytes` without making a string: the agenda writes a date on
    /// hundreds of thousands of lines.
    package func appendDescription(to out: inout ByteOutput) {
        withDescription { out.append($0) }
    }

    /// `description`'s bytes, made without a string for the years 0 to 9999.
    package func withDescription<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let fields = fields
        guard (0...9999).contains(fields.year) else {
            var text = description
            return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
        var digits: (UInt64, UInt16) = (0, 0)
        return withUnsafeMutableBytes(of: &digits) { buffer in
            let zero = UInt8(ascii: "0"), dash = UInt8(ascii: "-")
            buffer[0] = zero + UInt8(fields.year / 1000)
            buffer[1] = zero + UInt8(fields.year / 100 % 10)
            buffer[2] = zero + UInt8(fields.year / 10 % 10)
            buffer[3] = zero + UInt8(fields.year % 10)
            buffer[4] = dash
            buffer[5] = zero + UInt8(fields.month / 10)
            buffer[6] = zero + UInt8(fields.month % 10)
            buffer[7] = dash
            buffer[8] = zero + UInt8(fields.day / 10)
            buffer[9] = zero + UInt8(fields.day % 10)
            return body(UnsafeRawBufferPointer(rebasing: buffer[..<10]))
        }
    }

    public static func < (a: TaskDate, b: TaskDate) -> Bool { a.dayNumber < b.dayNumber }

    public func adding(days: Int) -> TaskDate { TaskDate(dayNumber: dayNumber + days) }

    /// The same day `months` later; a day the month does not have becomes its last day
    /// (31 January + 1 month is 28 or 29 February), as the Tasks plugin does.
    public func adding(months: Int) -> TaskDate {
        let (year, month, day) = (self.year, self.month, self.day)
        let total = year * 12 + (month - 1) + months
        let (newYear, newMonth) = (total / 12, total % 12 + 1)
        return TaskDate(year: newYear, month: newMonth, day: min(day, NoteDate.daysIn(month: newMonth, year: newYear)))
    }

    /// The last day of this date's month.
    var lastOfMonth: TaskDate { TaskDate(year: year, month: month, day: NoteDate.daysIn(month: month, year: year)) }
}
