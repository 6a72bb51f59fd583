import Dispatch
import Foundation
import VaultPlatform

/// Walks a vault with `readdir` and reads every note once, in parallel on all cores.
///
/// Names starting with `.` are skipped (`.git`, `.vault`, `.trash`, editor swap files),
/// as are non-`.md` files (attachments) and symbolic links, which are never followed.
public struct VaultScanner: Sendable {
    public let root: VaultRoot
    public var timeZone: TimeZone = .current
    /// Whether body `#tags` are tags (`tags.inline`).
    public var inlineTags = true
    /// Directories that hold no notes (the attachment folder), vault-relative.
    public var excludedFolders: Set<String> = []
    /// Whether the counts `VaultIndex` needs (folders, pinned, tags) are gathered while
    /// each note is read. They cost a command that never asks for the index a fifth of
    /// its scan; without them the index counts the notes when it is made.
    public var countsNotes = true
    /// When set (to `count`), a scan without a filter keeps only the notes that can be
    /// among the first `count` in list order (`FirstNotes`); the others, when their cache
    /// entries show them unchanged, are checked but not made (`ScanResult.leftOut`).
    public var keepsFirst: Int?
    /// Listings of directories unchanged since an earlier walk, and where this walk's go.
    var listingCache: ListingCache?
    /// Told how many notes have been read as the scan goes (see `ScanProgress`).
    public var progress: ScanProgress?
    /// Whether the notes a filter rejects before they are made (`ScanFilter.rejects`)
    /// are left out of `allNotes` (`ScanResult.rejected`): only when no counts are
    /// gathered, which need every note.
    var leavesOutRejected = false
    /// Notes read from their files that a cache file written at this moment (nanoseconds
    /// since 1970) could not take (`FileStamp.isSettled(writtenAt:window:)`) have their
    /// tasks and links read only if asked for (`FileProperty`): none of the cache files a
    /// command writes takes them. Up to `laterBytes` of their files are kept for it, and no more
    /// than the recent cache file's share of the notes: past that, the main file is
    /// written for every note, and reading them later would only add a copy.
    var readsLaterUnsettledAt: Int64?

    /// How many bytes of note files a scan keeps for values read later.
    static let laterBytes = 32 << 20

    public init(root: VaultRoot) {
        self.root = root
    }

    /// Scans the vault. With a `filter`, only the notes it accepts are returned; with a
    /// `cache`, notes whose files are unchanged are not read at all (unless the filter
    /// needs their text).
    public func scan(filter: ScanFilter? = nil, cache: NoteCache? = nil) throws(VaultError) -> ScanResult {
        try scan(filter: filter) { cache }
    }

    /// Scans with the cache `cache` returns once the directories are listed: the cache can
    /// load on another thread meanwhile.
    func scan(filter: ScanFilter?, cache loadedCache: () -> NoteCache?) throws(VaultError) -> ScanResult {
        let listing: DirectoryWalk
        var reuse: (@Sendable (String, FileStamp) -> DirectoryListing?)?
        if let listingCache {
            reuse = { directory, stamp in listingCache.listing(of: directory, stamp: stamp) }
        }
        do {
            listing = try DirectoryWalk(root: root.descriptor, excluding: excludedFolders, reuse: reuse)
        } catch {
            throw .io(path: root.path, operation: "open the vault", errno: error.code)
        }
        if let listingCache {
            listingCache.update(from: listing)
            listingCache.close()
        }
        PhaseTimer.mark("walk directories")
        let cache = loadedCache()
        PhaseTimer.mark("wait for cache")
        let rejects = leavesOutRejected && !countsNotes ? filter?.rejects : nil
        let keepsPlaces = rejects != nil && filter?.keepsEntryPlaces == true
        let output = SharedOutput(count: listing.files.count, keepingPlaces: keepsPlaces)
        defer { output.deallocate() }
        let chunkSize = max(16, listing.files.count / (ProcessInfo.processInfo.activeProcessorCount * 16))
        let chunks = (listing.files.count + chunkSize - 1) / chunkSize
        // Only a scan without a filter, for fewer notes than there are, leaves any out.
        let firstNotes = keepsFirst.flatMap { filter == nil && $0 < listing.files.count ? FirstNotes(count: $0) : nil }
        let worker = ScanWorker(directories: listing.directories, root: root.descriptor, output: output, filter: filter, timeZone: timeZone, inlineTags: inlineTags,
                                firstNotes: firstNotes.map(Unmanaged.passUnretained), rejects: rejects,
                                later: cache == nil ? nil : readsLaterUnsettledAt.map {
                                    LaterReading(unsettledAt: $0, bytes: Self.laterBytes, notes: listing.files.count / Vault.recentShare + 1)
                                })
        let unretainedCache = cache.map(Unmanaged.passUnretained)
        let countsNotes = countsNotes
        let tallies = WorkerSlots(repeating: NoteTally(directories: listing.directories.count), count: chunks)
        let leftOut = WorkerSlots(repeating: 0, count: chunks)
        let rejected = WorkerSlots(repeating: 0, count: chunks)
        let counter = progress.map { ScanProgressCounter($0, total: listing.files.count, usesCache: cache != nil) }
        DispatchQueue.concurrentPerform(iterations: chunks) { iteration in
            // Alternate chunks from the two ends of the listing, so that threads mostly read
            // different directories: opening files side by side in one directory costs
            // the kernel a tenth more time.
            let chunk = iteration % 2 == 0 ? iteration / 2 : chunks - 1 - iteration / 2
            var worker = worker
            defer { worker.finish() }
            var tally = NoteTally(directories: listing.directories.count)
            var unreported = 0
            listing.files.forEach(at: chunk * chunkSize..<min(listing.files.count, (chunk + 1) * chunkSize)) { index, path, directory, nameStart in
                worker.scan(index, path: path, directory: directory, nameStart: nameStart, cache: unretainedCache)
                if countsNotes, output.kept[index], let note = output.notes[index] {
                    tally.add(note, directory: directory)
                }
                if let counter {
                    unreported += 1
                    if unreported == counter.interval {
                        counter.add(unreported)
                        unreported = 0
                    }
                }
            }
            counter?.add(unreported)
            tallies[chunk] = tally
            leftOut[chunk] = worker.leftOut
            rejected[chunk] = worker.rejected
        }
        withExtendedLifetime((cache, firstNotes)) {}
        var tally: NoteTally?
        if countsNotes {
            var total = NoteTally(directories: listing.directories.count)
            for chunk in 0..<chunks { total.merge(tallies[chunk]) }
            tally = total
        }
        tallies.free()
        let notesLeftOut = (0..<chunks).reduce(0) { $0 + leftOut[$1] }
        leftOut.free()
        let notesRejected = (0..<chunks).reduce(0) { $0 + rejected[$1] }
        rejected.free()
        PhaseTimer.mark("read notes")
        var kept: [Note] = []
        var cacheHits = 0
        var madeUndescribed: [Int] = []
        // Where the notes a filter rejected were listed, for a cache written from every note.
        var rejectedPositions: [Int] = []
        var rejectedPlaces: [Int] = []
        // Where the notes made were listed, merged with those.
        var madePositions: [Int] = []
        if notesRejected > 0 {
            rejectedPositions.reserveCapacity(notesRejected)
            madePositions.reserveCapacity(listing.files.count - notesRejected)
            if keepsPlaces { rejectedPlaces.reserveCapacity(notesRejected) }
        }
        // Written in place: appended one by one, 100,000 notes took two milliseconds.
        let allNotes = [Note](unsafeUninitializedCapacity: listing.files.count) { buffer, count in
            for index in 0..<listing.files.count {
                guard let note = output.notes.moveElement(from: index) else {
                    if notesRejected > 0, output.fromCache[index] {
                        rejectedPositions.append(index)
                        if keepsPlaces { rejectedPlaces.append(output.entryPlaces[index]) }
                    }
                    continue
                }
                if filter != nil, output.kept[index] { kept.append(note) }
                if output.fromCache[index] { cacheHits += 1 }
                if !output.fromMain[index] { madeUndescribed.append(count) }
                if notesRejected > 0 { madePositions.append(index) }
                buffer.initializeElement(at: count, to: note)
                count += 1
            }
        }
        PhaseTimer.mark("collect notes")
        // Without a filter both lists are one array: the notes are not copied.
        let notes = filter == nil ? allNotes : kept
        return ScanResult(
            notes: notes,
            folders: listing.directories,
            issues: listing.skipped.map(ScanIssue.init) + output.issuesInOrder,
            allNotes: allNotes,
            cacheHits: cacheHits + notesLeftOut + notesRejected,
            madeUndescribed: madeUndescribed,
            leftOut: notesLeftOut,
            rejected: notesRejected,
            temporaries: listing.temporaries,
            tally: tally,
            pathsLeftOut: notesLeftOut > 0 || notesRejected > 0 ? listing.files : nil,
            rejectedNotes: notesRejected > 0 ? cache.map { RejectedNotes(cache: $0, files: listing.files, positions: rejectedPositions, places: rejectedPlaces, made: allNotes, madePositions: madePositions) } : nil
        )
    }

    /// Git's rule: a NUL byte in the first 8000 bytes makes a file binary.
    static func looksBinary(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ByteSearch.looksBinary(bytes)
    }
}

/// The outcome of a scan.
public struct ScanResult: Sendable {
    /// Every note, in directory order (of a scan for the first few in list order, those
    /// that can be among them: see `leftOut`).
    public var notes: [Note]
    /// Every directory below the root (vault-relative), dot-directories excluded.
    public var folders: [String]
    /// Files the scan skipped, and why.
    public var issues: [ScanIssue]
    /// Every note read, whether the filter kept it or not (but for those `leftOut`).
    public var allNotes: [Note] = []
    /// How many notes came from the cache unread.
    public var cacheHits = 0
    /// Where in `allNotes` the notes are that the main cache file did not describe as they
    /// are (read from their files, or from the recent file): those the recent file is
    /// written for, known from the scan rather than looked up again.
    var madeUndescribed: [Int] = []
    /// How many notes a scan for the first few in list order left out, since they cannot
    /// be among them (`VaultScanner.keepsFirst`): `notes` are then only those that can.
    public var leftOut = 0
    /// How many notes the filter rejected before they were made (`ScanFilter.rejects`),
    /// each described as it is by the main note cache file: in neither `notes` nor
    /// `allNotes`.
    package internal(set) var rejected = 0
    /// Temporary files of `vault`'s write path (`.NAME.vault-PID-N.tmp`) seen in note
    /// folders, possibly left by a process that was killed.
    public var temporaries: [String] = []
    /// The counts of `notes`, gathered while they were read.
    var tally: NoteTally?
    /// The paths of the notes left out or rejected, freed with the result rather than with
    /// the scan: one by one, 100,000 of them took 3 ms (a tenth of a word search's
    /// instructions), and a command keeps its scan until it exits, reachable
    /// (LeakSanitizer reports nothing), where exit returns the memory at once. Not freed on
    /// another core either: a thread still freeing at exit left them half released.
    var pathsLeftOut: WalkFiles?
    /// Makes the notes `rejected` left out, when a cache is written from every note.
    var rejectedNotes: RejectedNotes?

    /// Every note the scan listed, for a cache written again from all of them: `allNotes`
    /// when the scan made each, else with those it rejected made from the main note cache
    /// file (no second scan). Nil when one of those cannot be made (its entry is damaged).
    func everyNote() -> [Note]? {
        rejected == 0 ? allNotes : rejectedNotes?.everyNote()
    }

    /// This scan with only `selected` (notes of it) kept, as a scan with a filter that
    /// selects them would have returned.
    public func keeping(_ selected: [Note]) -> ScanResult {
        var result = self
        result.notes = selected
        result.tally = nil
        return result
    }
}

/// Selects notes during a scan, reading a note's text only when its fields cannot decide.
public struct ScanFilter: Sendable {
    /// true or false when the note's fields decide; nil when its text must be read.
    public var decide: @Sendable (Note) -> Bool?
    /// Decides with the note's searchable text: the body, or the whole file when its
    /// front matter is missing or broken.
    public var matches: @Sendable (Note, UnsafeRawBufferPointer) -> Bool
    /// True when the note at a path (its bytes) with a stamp is certainly not selected,
    /// known from an index before the note is made (a word index): the scan then need not
    /// make it (see `VaultScanner.leavesOutRejected`). Nil: every note is made. The last
    /// argument is where the index most likely has the note (an index built from the same
    /// walk numbers notes in its order), and is set to where it had it (-1: nowhere).
    var rejects: (@Sendable (UnsafeRawBufferPointer, FileStamp, inout Int) -> Bool)?
    /// True when the notes `rejects` rejects are read from their entries afterwards
    /// (`RejectedNotes.taskNotes()`): the scan then records where each entry is. A word
    /// search, which reads none of them, records nothing.
    var keepsEntryPlaces = false

    public init(decide: @escaping @Sendable (Note) -> Bool?, matches: @escaping @Sendable (Note, UnsafeRawBufferPointer) -> Bool) {
        self.decide = decide
        self.matches = matches
    }

    /// Keeps every note, but leaves out (`ScanResult.rejected`) those the main note cache
    /// file describes as they are, when nothing counts the notes: for a command that reads
    /// them from their entries (`VaultSession.scanLeavingOutCached()`).
    static let leavingOutCached: ScanFilter = {
        var filter = ScanFilter(decide: { _ in true }, matches: { _, _ in true })
        filter.rejects = { _, _, _ in true }
        filter.keepsEntryPlaces = true
        return filter
    }()
}

/// A file or directory the scan did not read as a note.
public struct ScanIssue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case binary
        case symbolicLink
        case nameNotUTF8
        case unreadable(String)
    }

    public var path: String
    public var kind: Kind

    /// True for what every command should mention: a note that could not be read.
    /// Symbolic links are reported by `vault check` only.
    public var isWarning: Bool { kind != .symbolicLink }

    public var diagnostic: Diagnostic {
        let message: String
        switch kind {
        case .binary: message = "skipped: binary file (contains NUL bytes)"
        case .symbolicLink: message = "skipped: symbolic link (vault does not follow links)"
        case .nameNotUTF8: message = "skipped: name is not valid UTF-8"
        case .unreadable(let reason): message = "skipped: \(reason)"
        }
        return Diagnostic(path: path, severity: .warning, message: message)
    }

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    init(path: String, unreadable error: SystemError) {
        let message = VaultError.io(path: path, operation: error.operation, errno: error.code).errorDescription ?? error.reason
        self.init(path: path, kind: .unreadable(message))
    }

    /// An entry the directory walk passed over.
    init(_ skipped: DirectoryWalk.Skipped) {
        switch skipped.reason {
        case .symbolicLink: self.init(path: skipped.path, kind: .symbolicLink)
        case .nameNotUTF8(let name): self.init(path: skipped.path + VaultPath.displayed(bytes: name), kind: .nameNotUTF8)
        case .unreadable(let error): self.init(path: skipped.path, kind: .unreadable("cannot open directory: " + error.reason))
        }
    }
}

/// Shares the result buffers with the worker threads; each index is written by one worker.
private struct SharedOutput: @unchecked Sendable {
    let notes: UnsafeMutableBufferPointer<Note?>
    /// The few files that could not be read, by position: kept apart rather than beside
    /// every note (an optional issue per file was 48 MB of a million-note scan).
    private let issues = Locked<[(position: Int, issue: ScanIssue)]>([])
    let kept: UnsafeMutableBufferPointer<Bool>
    let fromCache: UnsafeMutableBufferPointer<Bool>
    /// Which notes were made from an entry of the main cache file (not the recent one).
    let fromMain: UnsafeMutableBufferPointer<Bool>
    /// Where the main cache file's entry of each rejected note is, when the filter keeps
    /// them (`ScanFilter.keepsEntryPlaces`; empty otherwise): for `RejectedNotes`, which
    /// then need not look each up again.
    let entryPlaces: UnsafeMutableBufferPointer<Int>

    init(count: Int, keepingPlaces: Bool) {
        notes = .allocate(capacity: count)
        notes.initialize(repeating: nil)
        kept = .allocate(capacity: count)
        kept.initialize(repeating: false)
        fromCache = .allocate(capacity: count)
        fromCache.initialize(repeating: false)
        fromMain = .allocate(capacity: count)
        fromMain.initialize(repeating: false)
        entryPlaces = .allocate(capacity: keepingPlaces ? count : 0)
    }

    func report(_ issue: ScanIssue, at position: Int) {
        issues.withLock { $0.append((position, issue)) }
    }

    /// The issues in the order of the files.
    var issuesInOrder: [ScanIssue] {
        issues.withLock { $0.sorted { $0.position < $1.position }.map(\.issue) }
    }

    /// Frees the buffers; `notes` must have been moved out already.
    func deallocate() {
        notes.deallocate()
        kept.deallocate()
        fromCache.deallocate()
        fromMain.deallocate()
        entryPlaces.deallocate()
    }
}

/// Reads the notes of a run of listed files: one per thread, with its own buffer and
/// open directory.
private struct ScanWorker {
    let output: SharedOutput
    let filter: ScanFilter?
    let timeZone: TimeZone
    let inlineTags: Bool
    private var buffer: [UInt8] = []
    // Files are listed directory by directory, so a worker opens few directories, and each
    // note is then found by one name lookup instead of a whole path.
    private var directory: DirectoryHandle
    /// Set once a filter has needed a cached note's text: from then on the worker opens
    /// files directly rather than stat them first.
    private var opensFirst = false
    /// Which notes to make, when the scan is for the first few in list order (kept alive,
    /// like the cache, by the scan).
    private let firstNotes: Unmanaged<FirstNotes>?
    /// How many cached notes this worker did not make, as they cannot be among those.
    private(set) var leftOut = 0
    /// Rejects notes before they are made, when the scan leaves those out.
    private let rejects: (@Sendable (UnsafeRawBufferPointer, FileStamp, inout Int) -> Bool)?
    /// How far the index `rejects` asks, and the note cache, had the last note from its
    /// place in the walk: notes added or removed before it shift the rest, and the next
    /// lookup looks there first (a miss in the cache is a binary search of the paths).
    private var indexShift = 0
    private var cacheShift = 0
    /// How many notes `rejects` rejected.
    private(set) var rejected = 0
    /// Which notes read from their files have their tasks and links read later.
    private let later: LaterReading?

    init(directories: [String], root: Int32, output: SharedOutput, filter: ScanFilter?, timeZone: TimeZone, inlineTags: Bool, firstNotes: Unmanaged<FirstNotes>?,
         rejects: (@Sendable (UnsafeRawBufferPointer, FileStamp, inout Int) -> Bool)?, later: LaterReading?) {
        self.firstNotes = firstNotes
        self.rejects = rejects
        self.later = later
        self.output = output
        self.filter = filter
        self.timeZone = timeZone
        self.inlineTags = inlineTags
        directory = DirectoryHandle(root: root, directories: directories)
    }

    mutating func finish() { directory.close() }

    /// Reads the note listed at `index`, through `cache`, which the scan keeps alive until
    /// every worker is done. Unretained: retained and released for each note, by both
    /// cores, its reference count had them waiting on each other.
    mutating func scan(_ index: Int, path: String, directory: Int, nameStart: Int, cache: Unmanaged<NoteCache>?) {
        // The name is the end of the path: no string of its own.
        path.withCString { scan(index, path: path, pathBytes: $0, name: $0 + nameStart, directory: directory, cache: cache) }
    }

    private mutating func scan(_ index: Int, path: String, pathBytes: UnsafePointer<CChar>, name: UnsafePointer<CChar>, directory directoryIndex: Int, cache: Unmanaged<NoteCache>?) {
        let directoryFD = directory.descriptor(for: directoryIndex)
        // A cached note a filter can decide on needs only a stat, cheaper than an open.
        var cached: Note?
        let guess = index + cacheShift
        if let cache, !opensFirst, let stamp = Syscalls.stamp(name, in: directoryFD) {
            // Rejected by the filter's index, and cached as it is: not made at all (no
            // entry summed or decoded), as most notes of a word search.
            if let rejects, let (place, number) = cache._withUnsafeGuaranteedRef({ $0.mainPlace(of: path, position: guess, stamp: stamp) }) {
                cacheShift = number - index
                var indexed = index + indexShift
                let isRejected = rejects(UnsafeRawBufferPointer(start: pathBytes, count: path.utf8.count), stamp, &indexed)
                if indexed >= 0 { indexShift = indexed - index }
                if isRejected {
                    output.fromCache[index] = true
                    if !output.entryPlaces.isEmpty { output.entryPlaces[index] = place }
                    rejected += 1
                    return
                }
            }
            if let entry = cache._withUnsafeGuaranteedRef({ $0.entry(at: path, position: guess, stamp: stamp) }) {
                if entry.number >= 0, !entry.isRecent { cacheShift = entry.number - index }
                if let firstNotes, !firstNotes._withUnsafeGuaranteedRef({ $0.mayKeep(entry.orderKey) }) {
                    output.fromCache[index] = true
                    leftOut += 1
                    return
                }
                if let note = cache._withUnsafeGuaranteedRef({ $0.note(entry, path: path, position: guess, stamp: stamp) }) {
                    firstNotes?._withUnsafeGuaranteedRef { $0.add(note.orderKey) }
                    if Self.settle(index, note, fromMain: !entry.isRecent, output: output, filter: filter) { return }
                    // Without an index deciding most notes, the next ones likely need
                    // their text too.
                    if rejects == nil { opensFirst = true }
                    cached = note
                }
            }
        }
        let file: OpenFile
        do {
            file = try OpenFile(name, in: directoryFD)
        } catch {
            output.notes[index] = nil
            output.fromCache[index] = false
            output.report(ScanIssue(path: path, unreadable: error), at: index)
            return
        }
        defer { file.close() }
        // The file may have changed between the stat and the open: the cache must
        // describe the bytes about to be read, or it is not used.
        if let note = cached, note.stamp != file.status.stamp {
            cached = nil
            output.fromCache[index] = false
            output.fromMain[index] = false
        }
        let stamp = file.status.stamp
        if cached == nil, let cache, filter != nil, let entry = cache._withUnsafeGuaranteedRef({ $0.entry(at: path, position: guess, stamp: stamp) }),
           let note = cache._withUnsafeGuaranteedRef({ $0.note(entry, path: path, position: guess, stamp: stamp) }) {
            if Self.settle(index, note, fromMain: !entry.isRecent, output: output, filter: filter) {
                opensFirst = false
                return
            }
            cached = note
        }
        let stat: FileStatus
        do {
            stat = try file.readAll(into: &buffer, endAtShortRead: true)
        } catch {
            output.notes[index] = nil
            output.fromCache[index] = false
            output.fromMain[index] = false
            output.report(ScanIssue(path: path, unreadable: error), at: index)
            return
        }
        buffer.withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(stat.size)])
            if VaultScanner.looksBinary(bytes) {
                output.report(ScanIssue(path: path, kind: .binary), at: index)
                return
            }
            // A cached note whose text a filter needs keeps its cached fields.
            let note = cached ?? NoteReader.read(bytes, path: path, status: stat, timeZone: timeZone, inlineTags: inlineTags,
                                                 readingLater: later?.takes(stat.stamp) ?? false)
            output.notes[index] = note
            firstNotes?._withUnsafeGuaranteedRef { $0.add(note.orderKey) }
            guard let filter else {
                output.kept[index] = true
                return
            }
            if let decided = filter.decide(note) {
                output.kept[index] = decided
            } else {
                let start = note.frontMatterError == nil ? NoteReader.bodyStart(of: bytes) : 0
                output.kept[index] = filter.matches(note, UnsafeRawBufferPointer(rebasing: bytes[start...]))
            }
        }
    }

    /// Keeps a cached note when no filter needs its text; true when it is settled.
    /// Static: called from a mutating method, a method of the worker had it copied first.
    private static func settle(_ index: Int, _ note: Note, fromMain: Bool, output: SharedOutput, filter: ScanFilter?) -> Bool {
        output.fromCache[index] = true
        output.fromMain[index] = fromMain
        output.notes[index] = note
        guard let filter else {
            output.kept[index] = true
            return true
        }
        guard let decided = filter.decide(note) else { return false }
        output.kept[index] = decided
        return true
    }
}

/// Which notes read from their files have their tasks and links read later
/// (`VaultScanner.readsLaterUnsettledAt`): those not settled at a moment, while the copies
/// of their files fit a number of bytes and they are not more than a number of notes,
/// shared by the workers.
private final class LaterReading: Sendable {
    let unsettledAt: Int64
    private let left: Locked<(bytes: Int, notes: Int)>

    init(unsettledAt: Int64, bytes: Int, notes: Int) {
        self.unsettledAt = unsettledAt
        left = Locked((bytes, notes))
    }

    /// Whether the note of a file with `stamp` is read so, its copy counted if it is.
    func takes(_ stamp: FileStamp) -> Bool {
        guard !stamp.isSettled(writtenAt: unsettledAt) else { return false }
        return left.withLock { left in
            guard left.notes > 0, stamp.size <= Int64(left.bytes) else { return false }
            left.bytes -= Int(stamp.size)
            left.notes -= 1
            return true
        }
    }
}

/// The open directory of the notes a worker is reading, reopened when the directory changes.
private struct DirectoryHandle {
    let root: Int32
    let directories: [String]
    private var index = -1
    private var descriptor: Int32 = -1

    init(root: Int32, directories: [String]) {
        self.root = root
        self.directories = directories
    }

    /// A descriptor for directory `wanted` (-1: the root); the root itself is never closed.
    mutating func descriptor(for wanted: Int) -> Int32 {
        guard wanted >= 0 else { return root }
        if wanted != index {
            close()
            descriptor = (try? Syscalls.openDirectory(directories[wanted], in: root)) ?? -1
            index = wanted
        }
        return descriptor
    }

    mutating func close() {
        if descriptor >= 0 { Syscalls.close(descriptor) }
        descriptor = -1
        index = -1
    }
}
