import Foundation

/// What a query's dates are relative to: the clock and the time zone periods are in.
///
/// `today`, `7d` and `created:2026-11` depend on both; tests inject fixed values.
public struct QueryContext: Sendable {
    /// The moment the query runs: `today` is the day of `now` in `timeZone`.
    public var now: Date
    /// The time zone in which days, months and years start.
    public var timeZone: TimeZone

    /// The vault's links, for `links:` and `is:orphan` (which match nothing without them).
    public var links: LinkGraph?

    public init(now: Date = Date(), timeZone: TimeZone = .current, links: LinkGraph? = nil) {
        self.now = now
        self.timeZone = timeZone
        self.links = links
    }
}
