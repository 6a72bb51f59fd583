import Foundation
import Testing

@testable import VaultKit

/// Local calendar fields agree with Foundation's calendar in zones with every kind of
/// transition, asked in an order that makes the offset cache join and split its stretches.
struct NoteDateTests {
    static let zones = ["UTC", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Europe/Dublin", "America/Sao_Paulo", "Pacific/Apia"]

    @Test(arguments: zones)
    func localFieldsMatchTheCalendar(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var instants: [Double] = []
        // Each side of every transition from 2005 to 2030, where a stale offset shows.
        var transition = timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 1_104_537_600))
        while let date = transition, date.timeIntervalSince1970 < 1_924_992_000 {
            let at = date.timeIntervalSince1970
            instants += [at - 3601, at - 1, at - 0.5, at, at + 0.5, at + 1, at + 3601]
            transition = timeZone.nextDaylightSavingTimeTransition(after: date)
        }
        var random = SplitMix(seed: 7)
        for _ in 0..<3000 { instants.append(Double(random.next() % 7_258_118_400) - 2_208_988_800) }  // 1900 to 2100
        for _ in 0..<3 {
            var order = instants
            order.shuffle(using: &random)
            for seconds in order {
                let date = Date(timeIntervalSince1970: seconds)
                let fields = NoteDate.localFields(date, timeZone: timeZone)
                let expected = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                #expect([fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second]
                    == [expected.year, expected.month, expected.day, expected.hour, expected.minute, expected.second].map { $0 ?? -1 },
                    "\(zone) at \(seconds)")
            }
        }
    }

    /// A list's `dd/mm/yy` keeps two digits for any year, one before year 1 included.
    @Test func relativeDatesWriteTwoDigitYears() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let today = NoteDate.localFields(Date(timeIntervalSince1970: 1_700_000_000), timeZone: utc)
        let written = [-62_300_000_000.0, -2_208_988_800, 0, 1_600_000_000].map {
            RelativeDate.format(Date(timeIntervalSince1970: $0), today: today, timeZone: utc)
        }
        #expect(written == ["17/10/95", "01/01/00", "01/01/70", "13/09/20"])
    }
}

/// A seeded generator, so that a failure names instants that fail again.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
