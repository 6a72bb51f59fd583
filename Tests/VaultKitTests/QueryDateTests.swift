import Foundation
import Testing
@testable import VaultKit

/// Date terms: whole periods in the local time zone, at month and year boundaries.
/// "Now" is Friday 20 November 2026, 15:00 in Paris (UTC+1 since 25 October).
@Suite("Query dates")
struct QueryDateTests {
    let notes: [QueryTestNote] = [
        makeQueryTestNote("a.md", created: "2026-10-31T23:30:00+01:00"),
        makeQueryTestNote("b.md", created: "2026-11-01T00:00:00+01:00"),
        makeQueryTestNote("c.md", created: "2026-11-30T23:59:59+01:00"),
        makeQueryTestNote("d.md", created: "2026-12-01T00:00:00+01:00"),
        makeQueryTestNote("e.md", created: "2025-12-31T23:59:59+01:00"),
        makeQueryTestNote("f.md", created: "2026-01-01T00:00:00+01:00"),
        makeQueryTestNote("g.md", created: "2026-11-20T10:00:00+01:00"),
        makeQueryTestNote("h.md", created: "2026-11-19T23:00:00+01:00"),
        makeQueryTestNote("i.md", created: "2026-11-13T00:00:00+01:00"),
        makeQueryTestNote("j.md", created: "2026-11-12T23:59:59+01:00"),
    ]

    private func names(_ query: String, context: QueryContext = .paris) throws -> String {
        try queryMatches(query, in: notes, context: context).map { String($0.dropLast(3)) }.joined()
    }

    @Test("periods and comparisons", arguments: [
        ("created:2026-11", "bcghij"),
        ("created:2026-10", "a"),
        ("created:>2026-11", "d"),
        ("created:>=2026-11", "bcdghij"),
        ("created:<2026-11", "aef"),
        ("created:<=2026-11", "abcefghij"),
        ("-created:2026-11", "adef"),
        ("created:2026", "abcdfghij"),
        ("created:2025", "e"),
        ("created:<2026", "e"),
        ("created:>2025", "abcdfghij"),
        ("created:>=2026-01-01", "abcdfghij"),
        ("created:<=2025-12-31", "e"),
        ("created:2026-11-01", "b"),
        ("created:2026-10-31", "a"),
        ("created:>2026-11-30", "d"),
        ("created:<2026-11-01", "aef"),
        ("created:2025-12-31..2026-01-01", "ef"),
        ("created:2025-12..2026-01", "ef"),
        ("created:2026-10..2026-11", "abcghij"),
        ("created:2026-11-13..2026-11-19", "hi"),
    ])
    func periods(_ query: String, _ expected: String) throws {
        #expect(try names(query) == expected)
    }

    @Test("today, yesterday and the last N days, weeks, months, years", arguments: [
        ("created:today", "g"),
        ("created:yesterday", "h"),
        ("created:>=yesterday", "cdgh"),
        ("created:<today", "abefhij"),
        ("created:>today", "cd"),
        ("created:2026-11-01..today", "bghij"),
        ("created:7d", "ghi"),
        ("created:1w", "ghi"),
        ("created:1d", "gh"),
        ("created:8d", "ghij"),
        ("created:1m", "abghij"),
        ("created:1y", "abefghij"),
        ("-created:7d", "abcdefj"),
    ])
    func relative(_ query: String, _ expected: String) throws {
        #expect(try names(query) == expected)
    }

    @Test("periods are in the context's time zone")
    func timeZones() throws {
        // 15:00 in Paris is 09:00 in New York; there November starts at 04:00 UTC.
        let newYork = QueryContext(now: QueryContext.paris.now, timeZone: TimeZone(identifier: "America/New_York") ?? .current)
        #expect(try names("created:2026-11", context: newYork) == "cdghij")
        #expect(try names("created:2026-10", context: newYork) == "ab")
        #expect(try names("created:today", context: newYork) == "g")
        let utc = QueryContext(now: QueryContext.paris.now, timeZone: TimeZone(identifier: "UTC") ?? .current)
        #expect(try names("created:2026-10", context: utc) == "ab")
        #expect(try names("created:2025", context: utc) == "ef")
    }

    @Test("created, modified and date test their own field")
    func fields() throws {
        let note = [makeQueryTestNote("n.md", created: "2020-03-01T10:00:00+01:00", modified: "2026-11-20T09:00:00+01:00", sortDate: "2024-05-05T12:00:00+02:00")]
        #expect(try queryMatches("modified:today", in: note) == ["n.md"])
        #expect(try queryMatches("created:today", in: note) == [])
        #expect(try queryMatches("created:2020-03", in: note) == ["n.md"])
        #expect(try queryMatches("date:2024-05", in: note) == ["n.md"])
        #expect(try queryMatches("date:2020", in: note) == [])
        #expect(try queryMatches("date:<2025 modified:>=2026 created:<=2020", in: note) == ["n.md"])
    }

    private func bounds(_ condition: QueryDateCondition, now: String) -> DateBounds {
        let paris = TimeZone(identifier: "Europe/Paris") ?? .current
        return condition.bounds(now: queryTestDate(now), timeZone: paris)
    }

    private func time(_ text: String) -> Double { queryTestDate(text).timeIntervalSince1970 }

    @Test("a day of a daylight-saving change has its true length")
    func daylightSaving() {
        // Paris moves to UTC+2 at 02:00 on 29 March 2026: that day is 23 hours long.
        let spring = bounds(.within(.day(year: 2026, month: 3, day: 29)), now: "2026-11-20T15:00:00+01:00")
        #expect(spring == DateBounds(lower: time("2026-03-29T00:00:00+01:00"), upper: time("2026-03-30T00:00:00+02:00")))
        let autumn = bounds(.within(.day(year: 2026, month: 10, day: 25)), now: "2026-11-20T15:00:00+01:00")
        #expect(autumn == DateBounds(lower: time("2026-10-25T00:00:00+02:00"), upper: time("2026-10-26T00:00:00+01:00")))
        let month = bounds(.within(.month(year: 2026, month: 10)), now: "2026-11-20T15:00:00+01:00")
        #expect(month == DateBounds(lower: time("2026-10-01T00:00:00+02:00"), upper: time("2026-11-01T00:00:00+01:00")))
    }

    @Test("relative months keep the day of the month, clamped to the month's length")
    func monthArithmetic() {
        #expect(bounds(.last(1, .months), now: "2026-03-31T12:00:00+02:00").lower == time("2026-02-28T00:00:00+01:00"))
        #expect(bounds(.last(13, .months), now: "2026-03-31T12:00:00+02:00").lower == time("2025-02-28T00:00:00+01:00"))
        #expect(bounds(.last(1, .months), now: "2026-01-15T12:00:00+01:00").lower == time("2025-12-15T00:00:00+01:00"))
        #expect(bounds(.last(12, .months), now: "2026-01-15T12:00:00+01:00").lower == time("2025-01-15T00:00:00+01:00"))
        #expect(bounds(.last(1, .years), now: "2028-02-29T12:00:00+01:00").lower == time("2027-02-28T00:00:00+01:00"))
        #expect(bounds(.last(4, .weeks), now: "2026-11-20T15:00:00+01:00").lower == time("2026-10-23T00:00:00+02:00"))
        #expect(bounds(.last(6, .months), now: "2026-11-20T15:00:00+01:00") == DateBounds(lower: time("2026-05-20T00:00:00+02:00"), upper: time("2026-11-21T00:00:00+01:00")))
    }

    @Test("open-ended comparisons have one bound")
    func openBounds() {
        let now = "2026-11-20T15:00:00+01:00"
        #expect(bounds(.after(.year(2026)), now: now) == DateBounds(lower: time("2027-01-01T00:00:00+01:00"), upper: nil))
        #expect(bounds(.onOrAfter(.year(2026)), now: now) == DateBounds(lower: time("2026-01-01T00:00:00+01:00"), upper: nil))
        #expect(bounds(.before(.month(year: 2026, month: 12)), now: now) == DateBounds(lower: nil, upper: time("2026-12-01T00:00:00+01:00")))
        #expect(bounds(.onOrBefore(.month(year: 2026, month: 12)), now: now) == DateBounds(lower: nil, upper: time("2027-01-01T00:00:00+01:00")))
        #expect(bounds(.range(.yesterday, .today), now: now) == DateBounds(lower: time("2026-11-19T00:00:00+01:00"), upper: time("2026-11-21T00:00:00+01:00")))
    }
}
