import Dispatch

/// The vault as a running `vault serve` knows it, for answering `vault` commands from
/// memory instead of a scan (as git asks its fsmonitor).
public struct LiveVault: Sendable {
    let live: LiveIndex

    package init(live: LiveIndex) {
        self.live = live
    }

    /// The vault once every change made to its files before this call has been read; nil
    /// when the server cannot be sure of that within `timeout` (the command then scans).
    public func settled(timeout: DispatchTimeInterval) async -> SettledVault? {
        await live.settled(timeout: timeout).map { SettledVault(snapshot: $0, text: live.text) }
    }

    /// Calls `body` with what `settled` returns, when it is known; returns at once.
    public func whenSettled(timeout: DispatchTimeInterval, _ body: @escaping @Sendable (SettledVault?) -> Void) {
        let text = live.text
        live.whenSettled(timeout: timeout) { snapshot in body(snapshot.map { SettledVault(snapshot: $0, text: text) }) }
    }
}

/// One consistent view of the vault, every change before a moment read.
public struct SettledVault: Sendable {
    let snapshot: LiveIndex.Snapshot
    let text: TextIndex

    /// Every note, as a scan of the vault would return it.
    public var scan: ScanResult { snapshot.scan }
    /// Every note in list order (pinned first, then most recently modified).
    public var sorted: [Note] { snapshot.sorted }
    /// The folders and tags of every note.
    public var index: VaultIndex { snapshot.index }

    /// The notes `query` selects, in list order.
    public func notes(matching query: Query, context: QueryContext) -> [Note] {
        snapshot.notes(matching: query, context: context, text: text)
    }
}

extension LiveIndex.Snapshot {
    /// The notes of `sorted` that `query` selects, in order: notes' texts are read only
    /// where the text summaries leave a word open.
    package func notes(matching query: Query, context: QueryContext, text: TextIndex) -> [Note] {
        let context = context.linked(for: query) { scan.notes }
        let evaluator = query.evaluator(context: context)
        let candidates = candidates(for: evaluator)
        guard query.needsText else { return candidates.filter { evaluator.matchesWithoutText($0) ?? false } }
        return text.select(candidates, evaluator, summaries: text.summaries)
    }
}
