import Foundation
import VaultPlatform

/// A vault opened for one command: its root, settings, clock and the write path.
public struct Vault: Sendable {
    public let root: VaultRoot
    public private(set) var config: VaultConfig
    /// The current time; tests inject a fixed one.
    public var now: @Sendable () -> Date = { Date() }
    public var timeZone: TimeZone = .current

    public init(root: VaultRoot) {
        self.root = root
        self.config = VaultConfig.load(from: root)
    }

    /// This vault with its settings read again from `.vault/config.yaml` (which changed);
    /// everything else of it (clock, time zone, cache, journal) is kept.
    public func reloadingConfig() -> Vault {
        var copy = self
        copy.config = VaultConfig.load(from: root)
        return copy
    }

    /// The stamp of `.vault/config.yaml` (nil when there is none): a long-running front end
    /// reads the settings again when it changes.
    public var configStamp: FileStamp? {
        root.status(VaultRoot.settingsDirectory + "/" + VaultConfig.fileName)?.stamp
    }

    /// Whether scans use and refresh the front-matter cache in `.vault/cache/`.
    public var usesCache = true

    /// Told how far each scan has got (a front end shows it when a scan takes long).
    public var scanProgress: ScanProgress?

    /// Reads every note (see `VaultScanner`), through the cache unless it is disabled,
    /// and refreshes the cache when any note had to be read. With `keepingFirst` (and no
    /// filter, and no counts), the notes kept are only those that can be among the first
    /// `keepingFirst` in list order (`VaultScanner.keepsFirst`).
    public func scan(filter: ScanFilter? = nil, countingNotes: Bool = true, keepingFirst: Int? = nil) throws(VaultError) -> ScanResult {
        try scan(filter: filter, countingNotes: countingNotes, keepingFirst: keepingFirst, alongside: nil)
    }

    /// `scan(filter:countingNotes:keepingFirst:)`, running `alongside` with the result on
    /// another core while the cache is written (a word search brings its index up to
    /// date meanwhile), done before this returns.
    func scan(filter: ScanFilter?, countingNotes: Bool, keepingFirst: Int?, alongside: (@Sendable (ScanResult) -> Void)?) throws(VaultError) -> ScanResult {
        var scanner = VaultScanner(root: root)
        scanner.countsNotes = countingNotes
        // The counts are of every note: a scan that counts makes them all.
        scanner.keepsFirst = countingNotes ? nil : keepingFirst
        // Notes a filter rejects from its index alone are not made when nothing counts them.
        scanner.leavesOutRejected = !countingNotes
        scanner.timeZone = timeZone
        scanner.inlineTags = config.inlineTags
        scanner.excludedFolders = [config.attachmentFolder]
        scanner.progress = scanProgress
        PhaseTimer.mark("start")
        guard usesCache else {
            let result = try scanner.scan(filter: filter)
            alongside?(result)
            return result
        }
        let startedAt = now()
        // The cache loads while the directories are listed: the walk starts in the root
        // alone, with the other cores idle.
        let pending = Pending { [root, timeZone, config] in NoteCache.load(root: root, timeZone: timeZone, inlineTags: config.inlineTags) }
        scanner.listingCache = ListingCache.open(root: root)
        // No cache file written now can take a note changed within its racy window: such
        // a note's tasks and links are read only if the command asks for them.
        scanner.readsLaterUnsettledAt = startedAt.nanosecondsSince1970
        var cache: NoteCache?
        var result = try scanner.scan(filter: filter) {
            cache = pending.value
            return cache
        }
        // A cache a filter found damaged is not copied into a new one: the next scan
        // writes it from the files.
        let stale = cache?.repair.hasRepaired != true
            && (Self.cacheIsStale(entries: cache?.describedCount, hits: result.cacheHits, notes: result.allNotes.count + result.leftOut + result.rejected)
                || cache?.recentIsUnsound == true)
        if stale, result.leftOut > 0 {
            // The cache is written from every note: made this time.
            scanner.keepsFirst = nil
            scanner.listingCache = nil
            result = try scanner.scan(filter: filter) { cache }
        }
        // A copy of the result for `alongside`, let go on its thread when it is done.
        let other = alongside.map { [result] body in Pending { body(result) } }
        if stale {
            writeCache(result.allNotes, undescribed: result.madeUndescribed, rejected: result.rejected, main: cache, startedAt: startedAt) {
                // The main file is written from every note: those the scan left out are
                // made from their entries, which it found as the files are; scanned
                // again only when one of those is damaged.
                if let every = result.everyNote() { return every }
                scanner.leavesOutRejected = false
                scanner.listingCache = nil
                return (try? scanner.scan(filter: filter) { cache })?.allNotes
            }
        }
        _ = other?.value
        return result
    }

    /// Writes the notes the main cache file does not describe into the recent file, or,
    /// when they (or its entries of notes gone) are more than a share of the notes, the
    /// main file again for every note. `undescribed`: where in `notes` those are, as the scan
    /// found them; `rejected`: how many notes the scan did not make, every one described by
    /// the main file; `everyNote` makes them all, for the main file.
    ///
    /// The recent file leaves out notes changed within the racy window of its write time,
    /// which no later scan could take from it. While there are such notes, it is not
    /// written again unless it lacks one of the others: edits made just before a command
    /// (a script's, a sync's) are read again by the next one, which writes it once they
    /// have settled.
    private func writeCache(_ notes: [Note], undescribed: [Int], rejected: Int, main: NoteCache?, startedAt: Date, everyNote: () -> [Note]?) {
        if let main {
            let changed = undescribed.map { notes[$0] }
            let total = notes.count + rejected
            let described = total - changed.count
            if !Self.rewritesMainFile(entries: main.count, described: described, notes: total) {
                let writtenAt = startedAt.nanosecondsSince1970
                let settled = changed.filter { $0.stamp.isSettled(writtenAt: writtenAt) }
                if settled.count < changed.count, main.recentHolds(settled, notes: total) { return }
                NoteCache.writeRecent(settled, described: described, main: main, root: root, timeZone: timeZone, inlineTags: config.inlineTags, startedAt: startedAt)
                PhaseTimer.mark("write recent cache")
                return
            }
        }
        guard let every = rejected == 0 ? notes : everyNote() else { return }
        NoteCache.write(every, root: root, timeZone: timeZone, inlineTags: config.inlineTags, startedAt: startedAt)
        PhaseTimer.mark("write cache")
    }

    /// Whether the main cache file is written again rather than the recent file: when the
    /// notes it does not describe as they are, or its entries that describe no note now,
    /// are more than an eighth of the notes (the recent file's share, as the word index's).
    /// Below that, the recent file costs a few entries where the main file cost all of
    /// them (300 ms for one note in 100 changed among 100,000).
    static func rewritesMainFile(entries: Int, described: Int, notes: Int) -> Bool {
        notes - described > notes / recentShare || entries - described > notes / recentShare
    }

    /// The recent cache file holds at most one note in this many.
    static let recentShare = 8

    /// Whether the cache is worth writing again (its recent file, or all of it: see
    /// `rewritesMainFile`). `entries`: how many notes the files describe. In a large vault, a few notes changed,
    /// added or removed since it was written are read again on each run instead (a
    /// millisecond or two), since writing it is not (half a second for one edited note
    /// among 100,000, nine seconds among a million). It cannot go wrong either way: an
    /// entry is used only for the file it describes.
    static func cacheIsStale(entries: Int?, hits: Int, notes: Int) -> Bool {
        guard let entries else { return true }
        let tolerated = notes < largeVault ? 0 : 64 + notes / 1000
        return notes - hits > tolerated || entries - hits > tolerated
    }

    /// From this many notes on, rewriting the cache costs more than reading a few notes.
    static let largeVault = 20_000

    /// Passed to every `NoteWriter` (tests play an editor saving a note mid-operation).
    public var afterRead: (@Sendable (String) -> Void)?

    /// Set while an operation is recorded for `vault undo`: every write is noted in it.
    public var journal: WriteJournal?

    /// The one write path for notes.
    public var writer: NoteWriter {
        var writer = NoteWriter(root: root)
        writer.timeZone = timeZone
        writer.afterRead = afterRead
        writer.journal = journal
        return writer
    }
}
