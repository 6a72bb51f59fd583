import VaultPlatform

/// The notes each folded word occurs in (`FoldedWords`), so that a server answers a word
/// search from memory instead of reading every file the text summaries cannot rule out
/// (how a needle is answered: `WordVocabulary`). Postings are `PostingList`s (a byte or
/// two a document).
///
/// Each note that is (re)read gets a new document number, larger than all before, so
/// postings stay sorted by appending; the old number is left dead in them until
/// compaction renumbers. A document is used only while its stamp is the note's: anything
/// else is read, as without the index. Built in the background after start (until then
/// word searches read files), then kept up to date with the live index.
package final class WordIndex: Sendable {
    /// The index at one moment.
    package struct Contents: Sendable, WordVocabulary {
        /// Folded word (UTF-8, compared byte for byte as the file's build does) → word number.
        private var numbers: [[UInt8]: UInt32] = [:]
        /// The words' folded UTF-8, each followed by a 0 byte (never in a word), for one
        /// memmem per query; `starts[n]` is where word `n` begins.
        private var spellings: [UInt8] = []
        private var starts: [UInt32] = []
        /// Word number → `WordPairs.key` of its spelling.
        private var keys: [UInt64] = []
        /// Word number → ascending document numbers.
        private var postings: [PostingList] = []
        /// Bucket of two words one right after the other in a note (`WordPairs`) →
        /// ascending document numbers of the notes holding such a pair.
        private var pairs = [PostingList](repeating: PostingList(), count: WordPairs.bucketCount)
        /// Document number → path and stamp (nil: dead).
        private var paths: [String?] = []
        private var stamps: [FileStamp?] = []
        private var documents: [String: UInt32] = [:]
        private var dead = 0
        /// Changes at every edit, so that the positions of a snapshot are reworked.
        package private(set) var version = 0
        /// The paths added or removed lately, with the version each change made, so that a
        /// snapshot's positions are carried over from the one before for every other note
        /// (`WordPositions`); nothing is known of the changes up to `forgottenVersion`.
        private var changes: [(version: Int, path: String)] = []
        private var forgottenVersion = 0
        /// The version of the last renumbering, which changes every document.
        private(set) var renumberedVersion = 0

        /// The paths added or removed after `version`; nil when that is no longer known or
        /// every document was renumbered since.
        func paths(changedAfter version: Int) -> Set<String>? {
            guard version >= forgottenVersion, version >= renumberedVersion, version <= self.version else { return nil }
            var paths = Set<String>()
            for change in changes.reversed() {
                guard change.version > version else { break }
                paths.insert(change.path)
            }
            return paths
        }

        private mutating func log(_ path: String) {
            if changes.count >= 4096 {
                forgottenVersion = changes[2047].version
                changes.removeFirst(2048)
            }
            changes.append((version, path))
        }

        /// The number of words, for the status and the benchmark.
        package var wordCount: Int { starts.count }

        /// About how much memory the index takes: postings and spellings, and the
        /// bookkeeping of each word and document (array headers, dictionary entries).
        package var estimatedBytes: Int {
            let postingBytes = postings.reduce(0) { $0 + $1.capacity + 48 }
            let pairBytes = pairs.reduce(0) { $0 + $1.capacity + ($1.isEmpty ? 16 : 48) }
            return postingBytes + pairBytes + spellings.capacity + starts.capacity * 4 + numbers.count * 40 + paths.count * 56 + documents.count * 40
        }

        /// Indexes the note at `path`: its distinct `words` (folded UTF-8, as
        /// `WordIndexBuild.read` reads them), and the `WordPairs` buckets of the words that
        /// follow each other in it (in any order, repeated or not).
        mutating func add(path: String, stamp: FileStamp, words: [[UInt8]], pairBuckets: [Int]) {
            remove(path)
            let document = UInt32(paths.count)
            paths.append(path)
            stamps.append(stamp)
            documents[path] = document
            for word in words {
                let number: UInt32
                if let known = numbers[word] {
                    number = known
                } else {
                    number = UInt32(starts.count)
                    numbers[word] = number
                    starts.append(UInt32(spellings.count))
                    keys.append(word.withUnsafeBytes { WordPairs.key($0) })
                    spellings.append(contentsOf: word)
                    spellings.append(0)
                    postings.append(PostingList())
                }
                postings[Int(number)].append(document)
            }
            // Each bucket once for the note, so that it is appended once.
            var previous = -1
            for bucket in pairBuckets.sorted() where bucket != previous {
                pairs[bucket].append(document)
                previous = bucket
            }
            version += 1
            log(path)
        }

        mutating func remove(_ path: String) {
            guard let document = documents.removeValue(forKey: path) else { return }
            paths[Int(document)] = nil
            stamps[Int(document)] = nil
            dead += 1
            version += 1
            log(path)
        }

        /// Renumbers the documents without the dead ones once there are more than
        /// `minimum` and they are a quarter of all.
        mutating func compactIfWorthIt(minimum: Int) {
            guard dead > minimum, dead * 4 > paths.count else { return }
            var renumbered = [UInt32](repeating: .max, count: paths.count)
            var next: UInt32 = 0
            for document in paths.indices where paths[document] != nil {
                renumbered[document] = next
                next += 1
            }
            // Renumbering keeps the order, so postings stay sorted.
            for word in postings.indices { postings[word] = postings[word].renumbered(renumbered) }
            for bucket in pairs.indices where !pairs[bucket].isEmpty { pairs[bucket] = pairs[bucket].renumbered(renumbered) }
            paths = paths.filter { $0 != nil }
            stamps = stamps.filter { $0 != nil }
            for (path, document) in documents { documents[path] = renumbered[Int(document)] }
            dead = 0
            version += 1
            renumberedVersion = version
        }

        /// Gives back the room postings grew into while the index was built (appending
        /// doubles an array's capacity: up to half of it unused).
        mutating func trim() {
            for word in postings.indices { postings[word].trim() }
            for bucket in pairs.indices { pairs[bucket].trim() }
        }

        /// The document of the note when it describes the note as it is; nil otherwise.
        func document(of note: Note) -> UInt32? {
            guard let document = documents[note.path], let stamp = stamps[Int(document)],
                  stamp.isSameContent(as: note.stamp) else { return nil }
            return document
        }

        var documentSlots: Int { paths.count }

        var pairBucketCount: Int { WordPairs.bucketCount }

        func pairKey(of word: Int) -> UInt64 { keys[word] }

        func forEachDocument(ofWord word: Int, _ body: (UInt32) -> Void) { postings[word].forEach(body) }

        func forEachDocument(inPairBucket bucket: Int, _ body: (UInt32) -> Void) { pairs[bucket].forEach(body) }

        func word(_ word: Int, fits run: [UInt8], ending: Bool, starting: Bool) -> Bool {
            let start = Int(starts[word])
            let end = word + 1 < starts.count ? Int(starts[word + 1]) - 1 : spellings.count - 1
            guard end - start >= run.count else { return false }
            if starting, !spellings[start..<start + run.count].elementsEqual(run) { return false }
            if ending, !spellings[end - run.count..<end].elementsEqual(run) { return false }
            return true
        }

        func forEachWord(containing run: [UInt8], _ body: (Int) -> Void) {
            spellings.withUnsafeBytes { spellings in
                run.withUnsafeBytes { run in
                    var from = 0
                    while let found = ByteSearch.firstIndex(of: run, in: spellings, from: from) {
                        // The word the hit is in: the last that starts at or before it.
                        var low = 0
                        var high = starts.count
                        while high - low > 1 {
                            let middle = (low + high) / 2
                            if Int(starts[middle]) <= found { low = middle } else { high = middle }
                        }
                        body(low)
                        from = low + 1 < starts.count ? Int(starts[low + 1]) : spellings.count
                    }
                }
            }
        }

        func forEachSpelling(_ body: (Int, UnsafeRawBufferPointer) -> Void) {
            spellings.withUnsafeBytes { spellings in
                for word in starts.indices {
                    let start = Int(starts[word]), end = word + 1 < starts.count ? Int(starts[word + 1]) - 1 : spellings.count - 1
                    body(word, UnsafeRawBufferPointer(rebasing: spellings[start..<end]))
                }
            }
        }

        func isLive(_ document: UInt32) -> Bool { paths[Int(document)] != nil }
    }

    /// What a search asks: the words of the notes read since start (`contents`), and the
    /// file in `.vault/cache/` the server started from (`file`), which describes the other
    /// notes (each only while its stamp there is the note's).
    package struct View: Sendable {
        package let contents: Contents
        let file: WordSegment?
        let racyNanoseconds: Int64

        /// Marks a document number as the file's, not `contents`'.
        static let fileDocument: UInt32 = 1 << 31

        /// What this view's document numbers mean, for the verdicts kept by document.
        var generation: TextVerdicts.Generation {
            TextVerdicts.Generation(renumbering: contents.renumberedVersion, file: file.map(ObjectIdentifier.init))
        }

        /// The note's document: in `contents`, else in the file (`fileDocument` set), else
        /// `UInt32.max` (read the note).
        func document(of note: Note) -> UInt32 {
            if let document = contents.document(of: note) { return document }
            guard let file, let document = note.withPathBytes({ file.document(path: $0, stamp: note.stamp, racyNanoseconds: racyNanoseconds) }) else { return .max }
            return document | Self.fileDocument
        }

        /// Words of the vault close to the words `query` looks for, when it found nothing:
        /// within two edits, closest first, then the most used, at most `limit`.
        package func suggestions(for query: Query, limit: Int = 3) -> [String] {
            var words: [String] = []
            _ = query.expression.contains { term in
                if case .word(let word) = term { words.append(word) }
                return false
            }
            var found: [String] = []
            for word in words {
                var close = contents.closeWords(to: word)
                for candidate in file?.closeWords(to: word) ?? [] {
                    if let index = close.firstIndex(where: { $0.word == candidate.word }) { close[index].uses += candidate.uses } else { close.append(candidate) }
                }
                close.sort { ($0.distance, -$0.uses, $0.word) < ($1.distance, -$1.uses, $1.word) }
                for candidate in close.prefix(limit) where !found.contains(candidate.word) { found.append(candidate.word) }
            }
            return Array(found.prefix(limit))
        }
    }

    private struct Store: Sendable {
        /// Nil until built.
        var contents: Contents?
        var file: WordSegment?
        /// Notes read while the index was being built, applied when it is.
        var pending: [Reading] = []
    }

    /// A note's words as read, or its removal (nil stamp).
    private struct Reading: Sendable {
        let path: String
        let stamp: FileStamp?
        var words: [[UInt8]] = []
        var pairBuckets: [Int] = []
    }

    private let session: VaultSession
    private let store = Locked(Store())
    /// What reading notes showed about the needles searched lately.
    let verdicts = TextVerdicts()
    /// The file's answers to the needles searched lately.
    let fileAnswers = FileAnswers()
    /// How many dead documents are worth a compaction (a test makes it small).
    private let compactionMinimum: Int
    /// The racy rule of the file started from (`WordIndexCache`; a test makes it zero).
    private let racyNanoseconds: Int64

    package init(session: VaultSession, compactionMinimum: Int = 4096, racyNanoseconds: Int64 = 2_000_000_000) {
        self.session = session
        self.compactionMinimum = compactionMinimum
        self.racyNanoseconds = racyNanoseconds
    }

    /// The words of the notes read since start, once built; nil while being built.
    package var contents: Contents? { store.withLock { $0.contents } }

    /// The whole index, once built; nil while being built.
    package var view: View? { store.withLock { store in store.contents.map { View(contents: $0, file: store.file, racyNanoseconds: racyNanoseconds) } } }

    /// Indexes `notes`: from the word index file in `.vault/cache/` (made first, on all
    /// cores, when there is none or it is out of date), reading only the notes it does
    /// not describe as they are; then the changes made meanwhile.
    package func build(_ notes: [Note]) {
        let started = WordIndexCache(root: session.root, racyNanoseconds: racyNanoseconds).mainFile(for: notes, progress: nil)
        var contents = Contents()
        // Added as each window of notes is read: the words of every note at once would
        // hold several times the index in memory at its peak.
        read(started?.changed ?? notes) { readings in
            for reading in readings {
                if let stamp = reading.stamp { contents.add(path: reading.path, stamp: stamp, words: reading.words, pairBuckets: reading.pairBuckets) }
            }
        }
        contents.trim()
        while true {
            let batch = store.withLock { store -> [Reading]? in
                guard !store.pending.isEmpty else {
                    store.contents = contents
                    store.file = started?.file
                    return nil
                }
                defer { store.pending = [] }
                return store.pending
            }
            guard let batch else { return }
            apply(batch, to: &contents)
        }
    }

    /// Re-indexes the notes the live index re-read and forgets the removed ones.
    package func update(_ notes: [Note], removed: [String]) {
        let readings = removed.map { Reading(path: $0, stamp: nil) } + read(notes)
        guard !readings.isEmpty else { return }
        store.withLock { store in
            guard store.contents != nil else {
                store.pending += readings
                return
            }
            apply(readings, to: &store.contents!)
        }
    }

    private func apply(_ readings: [Reading], to contents: inout Contents) {
        for reading in readings {
            if let stamp = reading.stamp {
                contents.add(path: reading.path, stamp: stamp, words: reading.words, pairBuckets: reading.pairBuckets)
            } else {
                contents.remove(reading.path)
            }
        }
        contents.compactIfWorthIt(minimum: compactionMinimum)
    }

    /// The words of `notes` as on disk; a note that cannot be read is removed.
    private func read(_ notes: [Note]) -> [Reading] {
        var readings: [Reading] = []
        readings.reserveCapacity(notes.count)
        read(notes) { readings += $0 }
        return readings
    }

    /// Reads `notes` on all cores, calling `emit` with each chunk's words in order: through
    /// `WordIndexBuild.read` into a shard that keeps each note's words, so that a note is
    /// indexed in memory exactly as the file's build indexes it.
    private func read(_ notes: [Note], emit: ([Reading]) -> Void) {
        let root = session.root
        ParallelChunks.run(count: notes.count, chunk: 256, format: { range -> [Reading] in
            var shard = WordShard(documents: 0..<range.count, keepingDocuments: true)
            var buffer: [UInt8] = []
            var stamps: [FileStamp?] = []
            stamps.reserveCapacity(range.count)
            for (document, index) in range.enumerated() {
                shard.begin(UInt32(document))
                stamps.append(WordIndexBuild.read(notes[index], root: root, into: &shard, buffer: &buffer))
            }
            return range.enumerated().map { document, index in
                guard let stamp = stamps[document] else { return Reading(path: notes[index].path, stamp: nil) }
                let kept = shard.kept[document]
                return Reading(path: notes[index].path, stamp: stamp, words: kept.words.map { Array(shard.spelling(of: $0)) }, pairBuckets: kept.pairBuckets)
            }
        }, emit: emit)
    }
}

/// What the word index knows of one needle: the documents that may hold it, and whether
/// they surely do.
package struct WordAnswer: Sendable {
    let bits: [UInt64]
    let isExact: Bool

    @inline(__always)
    func contains(_ document: UInt32) -> Bool {
        Int(document >> 6) < bits.count && bits[Int(document >> 6)] & (1 << UInt64(document & 63)) != 0
    }

    /// The outcome for a document: nil when its text must be read to confirm.
    @inline(__always)
    func decide(_ document: UInt32) -> Bool? {
        contains(document) ? (isExact ? true : nil) : false
    }
}

/// The word index's document for each note of a snapshot's list (`UInt32.max`: none, read
/// the note), worked out once per snapshot and version of the index.
///
/// Carried over from the snapshot before (`ListEdit`): only the notes a save re-read are
/// looked up in the index, every other note keeps its document, so that a save costs one
/// note at a million. All are looked up (on all cores) only for the first snapshot, after
/// the index renumbers, or when the index changed in ways the edits do not account for.
package final class WordPositions: Sendable {
    private struct Made {
        let version: Int
        let file: ObjectIdentifier?
        let documents: ChunkedList<UInt32>
    }

    private struct State {
        var made: Made?
        /// The snapshot before and how this one's list came from it, until made.
        var origin: (previous: WordPositions, edit: ListEdit)?
        var lookups = 0
        /// The inverse of `made`'s documents, made when a word search first walks them.
        var inverse: (version: Int, file: ObjectIdentifier?, positions: DocumentPositions)?
    }

    private let state: Locked<State>
    /// How many of its snapshot's notes a carried-over list may go back through.
    private static let longestChain = 64

    /// For a snapshot read afresh.
    package init() {
        state = Locked(State())
    }

    /// For the snapshot whose list `edit` made from `previous`'s.
    init(after previous: WordPositions, edit: ListEdit) {
        state = Locked(State(origin: (previous, edit)))
    }

    /// How many notes have been looked up in the index to make this snapshot's documents:
    /// the work a save cost (one per note it re-read), or the whole list.
    package var lookups: Int { state.withLock { $0.lookups } }

    func documents(of sorted: ChunkedList<Note>, in view: WordIndex.View) -> ChunkedList<UInt32> {
        let file = view.file.map(ObjectIdentifier.init)
        return state.withLock { state in
            if let made = state.made, made.version == view.contents.version, made.file == file { return made.documents }
            var lookups = 0
            let documents = carriedOver(in: view, file: file, origin: state.origin, lookups: &lookups)
                ?? Self.lookUp(sorted, in: view, lookups: &lookups)
            state.made = Made(version: view.contents.version, file: file, documents: documents)
            state.origin = nil
            state.lookups += lookups
            return documents
        }
    }

    /// Where each of `documents` (this snapshot's, as `documents(of:in:)` made them for
    /// `view`) is in the list: made once per snapshot and version of the index, one pass
    /// over the list, so that each word search after walks only its candidates.
    func positions(of documents: ChunkedList<UInt32>, in view: WordIndex.View) -> DocumentPositions {
        let file = view.file.map(ObjectIdentifier.init), version = view.contents.version
        return state.withLock { state in
            if let inverse = state.inverse, inverse.version == version, inverse.file == file { return inverse.positions }
            let positions = DocumentPositions(documents, contentsSlots: view.contents.documentSlots, fileSlots: view.file?.documentSlots ?? 0)
            state.inverse = (version, file, positions)
            return positions
        }
    }

    /// What was made for a snapshot before, replayed through the edits since, with the
    /// notes they inserted looked up; nil when nothing made is near enough, or the index
    /// changed other notes since it was made.
    private func carriedOver(in view: WordIndex.View, file: ObjectIdentifier?, origin: (previous: WordPositions, edit: ListEdit)?, lookups: inout Int) -> ChunkedList<UInt32>? {
        var edits: [ListEdit] = []
        var next = origin
        var base: Made?
        while let origin = next, edits.count < Self.longestChain {
            edits.append(origin.edit)
            (base, next) = origin.previous.state.withLock { ($0.made, $0.origin) }
            if base != nil { break }
        }
        guard let base, base.file == file, let changed = view.contents.paths(changedAfter: base.version) else { return nil }
        var touched = Set<String>()
        for edit in edits { touched.formUnion(edit.paths) }
        guard changed.isSubset(of: touched) else { return nil }
        var documents = base.documents
        for edit in edits.reversed() {
            documents = edit.replay(on: documents) { note in
                lookups += 1
                return view.document(of: note)
            }
        }
        return documents
    }

    /// Every note of `sorted` looked up, on all cores.
    private static func lookUp(_ sorted: ChunkedList<Note>, in view: WordIndex.View, lookups: inout Int) -> ChunkedList<UInt32> {
        lookups += sorted.count
        let documents = ParallelChunks.map(count: sorted.count, chunk: 16384) { range in
            var note = sorted.reader
            return range.map { view.document(of: note($0)) }
        }
        return ChunkedList(documents.flatMap { $0 }, chunkSize: sorted.chunkSize, copies: sorted.copies)
    }
}
