import Foundation
import VaultPlatform

/// Reading and writing the dates of notes without a date formatter per note.
///
/// Accepted: `YYYY-MM-DD`, ISO 8601 and YAML timestamps with or without seconds, fraction
/// and offset (`T`, `t` or spaces between date and time), and epoch milliseconds. A date
/// without an offset is in the local time zone, as a person writing it by hand means it.
public enum NoteDate {
    /// Parses a front-matter date value; nil when it is none of the accepted forms.
    public static func parse(_ text: String, timeZone: TimeZone = .current) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0), timeZone: timeZone) }
    }

    static func parse(_ bytes: UnsafeRawBufferPointer, timeZone: TimeZone) -> Date? {
        var cursor = Cursor(bytes: bytes)
        cursor.skipSpaces()
        if cursor.allDigitsToEnd(minimum: 10) {
            guard let millis = cursor.number(count: cursor.remainingDigits) else { return nil }
            return Date(timeIntervalSince1970: Double(millis) / 1000)
        }
        guard let year = cursor.number(count: 4), cursor.take("-"),
              let month = cursor.number(count: 2), cursor.take("-"),
              let day = cursor.number(count: 2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offset: Int?
        if !cursor.atEnd {
            guard cursor.take("T") || cursor.take("t") || cursor.peekSpace else { return nil }
            cursor.skipSpaces()
            if !cursor.atEnd {
                guard let h = cursor.number(count: 2), cursor.take(":"), let m = cursor.number(count: 2),
                      h < 24, m < 60 else { return nil }
                hour = h
                minute = m
                if cursor.take(":") {
                    guard let s = cursor.number(count: 2), s < 61 else { return nil }
                    second = min(s, 59)
                    if cursor.take(".") || cursor.take(",") {
                        var scale = 0.1
                        guard cursor.peekDigit else { return nil }
                        while let digit = cursor.digit() {
                            fraction += Double(digit) * scale
                            scale /= 10
                        }
                    }
                }
                cursor.skipSpaces()
                if cursor.take("Z") || cursor.take("z") {
                    offset = 0
                } else if let sign = cursor.sign() {
                    // +01:00, +0100, +01 or +1.
                    let digits = cursor.remainingDigits
                    guard digits == 1 || digits == 2 || digits == 4,
                          let oh = cursor.number(count: digits == 4 ? 2 : digits, allowingMoreDigits: true), oh <= 18
                    else { return nil }
                    var om = 0
                    if digits == 4 || cursor.take(":") {
                        guard let m = cursor.number(count: 2) else { return nil }
                        om = m
                    }
                    guard om < 60 else { return nil }
                    offset = sign * (oh * 3600 + om * 60)
                }
                cursor.skipSpaces()
            }
        }
        guard cursor.atEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let localSeconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        if let offset {
            return Date(timeIntervalSince1970: localSeconds - Double(offset))
        }
        return localTimeToDate(localSeconds, timeZone: timeZone)
    }

    /// ISO 8601 with seconds and the offset of `timeZone`: `2026-11-20T09:15:00+01:00`.
    public static func format(_ date: Date, timeZone: TimeZone = .current) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = OffsetCache.current.offset(at: seconds, in: timeZone)
        let local = LocalFields(secondsSince1970: seconds + offset)
        let absolute = abs(offset)
        // Written digit by digit: this runs three times per note in a JSON listing.
        return String(unsafeUninitializedCapacity: 25) { bytes in
            func put(_ value: Int, at index: Int, width: Int) {
                var value = value
                for position in stride(from: index + width - 1, through: index, by: -1) {
                    bytes[position] = UInt8(0x30 + value % 10)
                    value /= 10
                }
            }
            put(local.year, at: 0, width: 4)
            bytes[4] = UInt8(ascii: "-"); put(local.month, at: 5, width: 2)
            bytes[7] = UInt8(ascii: "-"); put(local.day, at: 8, width: 2)
            bytes[10] = UInt8(ascii: "T"); put(local.hour, at: 11, width: 2)
            bytes[13] = UInt8(ascii: ":"); put(local.minute, at: 14, width: 2)
            bytes[16] = UInt8(ascii: ":"); put(local.second, at: 17, width: 2)
            bytes[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            put(absolute / 3600, at: 20, width: 2)
            bytes[22] = UInt8(ascii: ":"); put(absolute % 3600 / 60, at: 23, width: 2)
            return 25
        }
    }

    /// The calendar fields of `date` in `timeZone`.
    public static func localFields(_ date: Date, timeZone: TimeZone = .current) -> LocalFields {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        return LocalFields(secondsSince1970: seconds + OffsetCache.current.offset(at: seconds, in: timeZone))
    }

    /// The instant of a local wall-clock time (seconds since 1970 as if UTC) in `timeZone`.
    public static func localTimeToDate(_ localSeconds: Double, timeZone: TimeZone) -> Date {
        // Two passes settle the offset across a daylight-saving change.
        let guess = Date(timeIntervalSince1970: localSeconds - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localSeconds))))
        return Date(timeIntervalSince1970: localSeconds - Double(timeZone.secondsFromGMT(for: guess)))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Calendar fields of a local time.
public struct LocalFields: Sendable, Equatable {
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int
    /// Days since 1970-01-01 of this local date.
    public var dayNumber: Int

    /// The month counted from year 0: one number that orders months.
    var monthNumber: Int { year * 12 + month - 1 }

    init(secondsSince1970 seconds: Int) {
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        // civil_from_days (Howard Hinnant).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
        weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday.
        dayNumber = days
    }
}

/// A forward-only reader over ASCII bytes for the date grammar.
private struct Cursor {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    var atEnd: Bool { index >= bytes.count }
    var peekSpace: Bool { !atEnd && bytes[index] == 0x20 }
    var peekDigit: Bool { !atEnd && (0x30...0x39).contains(bytes[index]) }

    var remainingDigits: Int {
        var count = 0
        while index + count < bytes.count, (0x30...0x39).contains(bytes[index + count]) { count += 1 }
        return count
    }

    func allDigitsToEnd(minimum: Int) -> Bool {
        var end = bytes.count
        while end > index, bytes[end - 1] == 0x20 { end -= 1 }
        guard end - index >= minimum, end - index <= 15 else { return false }
        return (index..<end).allSatisfy { (0x30...0x39).contains(bytes[$0]) }
    }

    mutating func skipSpaces() {
        while !atEnd, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard !atEnd, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }

    mutating func digit() -> Int? {
        guard peekDigit else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 0x30)
    }

    /// Exactly `count` digits, or nil (consuming nothing).
    mutating func number(count: Int, allowingMoreDigits: Bool = false) -> Int? {
        guard count > 0, index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        if !allowingMoreDigits, index + count < bytes.count, (0x30...0x39).contains(bytes[index + count]) { return nil }
        index += count
        return value
    }
}

/// Time-zone offsets by the stretches of time between a zone's transitions: a zone
/// changes its offset a couple of times a year, and asking Foundation per date (twice,
/// through ICU) was a tenth of a 100,000-note listing whose dates span years. One cache
/// per thread, so that listings formatted in parallel share no lock.
final class OffsetCache {
    private static let perThread = ThreadLocal { OffsetCache() }

    /// The calling thread's cache.
    static var current: OffsetCache { perThread.value }

    /// Seconds from `from` up to, not including, `until` (the zone's next transition) all
    /// have `offset`.
    private struct Stretch {
        var from: Int
        var until: Int
        var offset: Int
    }

    private var identifier = ""
    /// Ordered by `until`, which no two share.
    private var stretches: [Stretch] = []
    private var last = 0

    func offset(at seconds: Int, in timeZone: TimeZone) -> Int {
        if identifier != timeZone.identifier {
            identifier = timeZone.identifier
            stretches.removeAll()
            last = 0
        }
        if last < stretches.count, stretches[last].from <= seconds, seconds < stretches[last].until { return stretches[last].offset }
        // The first stretch that ends after `seconds`.
        var low = 0, high = stretches.count
        while low < high {
            let middle = (low + high) / 2
            if stretches[middle].until <= seconds { low = middle + 1 } else { high = middle }
        }
        if low < stretches.count, stretches[low].from <= seconds {
            last = low
            return stretches[low].offset
        }
        let date = Date(timeIntervalSince1970: Double(seconds))
        let offset = timeZone.secondsFromGMT(for: date)
        let until = timeZone.nextDaylightSavingTimeTransition(after: date).map { Int($0.timeIntervalSince1970.rounded(.up)) } ?? .max
        // No transition between `seconds` and `until`: the stretch that ends there (if one
        // is known) reaches back to `seconds`.
        if low < stretches.count, stretches[low].until == until {
            guard stretches[low].offset == offset else { return offset }
            stretches[low].from = seconds
        } else {
            stretches.insert(Stretch(from: seconds, until: until, offset: offset), at: low)
        }
        last = low
        return offset
    }
}
