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
        /// Folded word → word number.
        private var numbers: [String: UInt32] = [:]
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

        /// The number of words, for the status and the benchmark.
        package var wordCount: Int { starts.count }

        /// About how much memory the index takes: postings and spellings, and the
        /// bookkeeping of each word and document (array headers, dictionary entries).
        package var estimatedBytes: Int {
            let postingBytes = postings.reduce(0) { $0 + $1.capacity + 48 }
            let pairBytes = pairs.reduce(0) { $0 + $1.capacity + ($1.isEmpty ? 16 : 48) }
            return postingBytes + pairBytes + spellings.capacity + starts.capacity * 4 + numbers.count * 40 + paths.count * 56 + documents.count * 40
        }

        /// Indexes the note at `path`: its distinct `words`, and `pairs` of indices into
        /// `words` (first << 32 | second) for the words that follow each other in it.
        mutating func add(path: String, stamp: FileStamp, words: [String], pairs notePairs: [UInt64] = []) {
            remove(path)
            let document = UInt32(paths.count)
            paths.append(path)
            stamps.append(stamp)
            documents[path] = document
            var wordNumbers: [Int] = []
            wordNumbers.reserveCapacity(words.count)
            for word in words {
                let number: UInt32
                if let known = numbers[word] {
                    number = known
                } else {
                    number = UInt32(starts.count)
                    numbers[word] = number
                    starts.append(UInt32(spellings.count))
                    var spelling = word
                    keys.append(spelling.withUTF8 { WordPairs.key(UnsafeRawBufferPointer($0)) })
                    spellings.append(contentsOf: word.utf8)
                    spellings.append(0)
                    postings.append(PostingList())
                }
                postings[Int(number)].append(document)
                wordNumbers.append(Int(number))
            }
            var buckets: [Int] = notePairs.compactMap { pair in
                let first = Int(pair >> 32), second = Int(pair & 0xFFFF_FFFF)
                guard first < wordNumbers.count, second < wordNumbers.count else { return nil }
                return WordPairs.bucket(keys[wordNumbers[first]], keys[wordNumbers[second]])
            }
            // Each bucket once for the note, so that it is appended once.
            buckets.sort()
            var previous = -1
            for bucket in buckets where bucket != previous {
                pairs[bucket].append(document)
                previous = bucket
            }
            version += 1
        }

        mutating func remove(_ path: String) {
            guard let document = documents.removeValue(forKey: path) else { return }
            paths[Int(document)] = nil
            stamps[Int(document)] = nil
            dead += 1
            version += 1
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

    /// A note's words as read, or its removal (nil words).
    private struct Reading: Sendable {
        let path: String
        let stamp: FileStamp?
        let words: [String]?
        var pairs: [UInt64] = []
    }

    private let session: VaultSession
    private let store = Locked(Store())
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
                if let stamp = reading.stamp, let words = reading.words { contents.add(path: reading.path, stamp: stamp, words: words, pairs: reading.pairs) }
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
        let readings = removed.map { Reading(path: $0, stamp: nil, words: nil) } + read(notes)
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
            if let stamp = reading.stamp, let words = reading.words {
                contents.add(path: reading.path, stamp: stamp, words: words, pairs: reading.pairs)
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

    /// Reads `notes` on all cores, calling `emit` with each chunk's words in order.
    private func read(_ notes: [Note], emit: ([Reading]) -> Void) {
        let session = self.session
        ParallelChunks.run(count: notes.count, chunk: 256, format: { range -> [Reading] in
            var buffer: [UInt8] = []
            return notes[range].map { note in
                let read = session.words(of: note, buffer: &buffer)
                return Reading(path: note.path, stamp: read?.stamp, words: read?.words, pairs: read?.pairs ?? [])
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

/// The word index's document for each note of a snapshot's list, worked out once per
/// snapshot and version of the index (`UInt32.max`: none, read the note).
package final class WordPositions: Sendable {
    private let made = Locked<(version: Int, file: ObjectIdentifier?, documents: [UInt32])?>(nil)

    package init() {}

    func documents(of sorted: [Note], in view: WordIndex.View) -> [UInt32] {
        made.withLock { made in
            let file = view.file.map(ObjectIdentifier.init)
            if let made, made.version == view.contents.version, made.file == file { return made.documents }
            let documents = sorted.map { view.document(of: $0) }
            made = (view.contents.version, file, documents)
            return documents
        }
    }
}
