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

extension QueryContext {
    /// This context as `query` needs it: with the links of `notes` when it asks about
    /// links (`links:`, `is:orphan`); the notes are read only then. The one place that rule
    /// is written, for scans, tasks and the live index alike.
    func linked<Failure: Error>(for query: Query?, notes: () throws(Failure) -> [Note]) throws(Failure) -> QueryContext {
        guard query?.needsLinks == true else { return self }
        var context = self
        context.links = LinkGraph(try notes())
        return context
    }
}
