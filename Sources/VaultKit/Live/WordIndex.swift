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
                for close in closeWords(to: word, limit: limit) where !found.contains(close) { found.append(close) }
            }
            return Array(found.prefix(limit))
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

        /// The words within edit distance 2 of `word`, closest first (then the most used):
        /// "did you mean" for a search that found nothing.
        func closeWords(to word: String, limit: Int) -> [String] {
            let folded = String(decoding: FoldedWords.runs(of: TextFolding.fold(word)).runs.joined(), as: UTF8.self)
            guard folded.count >= 3 else { return [] }
            var found: [(distance: Int, uses: Int, word: String)] = []
            let length = folded.count, bytes = folded.utf8.count
            for (candidate, number) in numbers where abs(candidate.utf8.count - bytes) <= 8 && abs(candidate.count - length) <= 2 {
                let distance = EditDistance.distance(folded, candidate)
                guard distance > 0, distance <= 2 else { continue }
                var uses = 0
                postings[Int(number)].forEach { document in if paths[Int(document)] != nil { uses += 1 } }
                if uses > 0 { found.append((distance, uses, candidate)) }
            }
            return found.sorted { ($0.distance, -$0.uses, $0.word) < ($1.distance, -$1.uses, $1.word) }.prefix(limit).map(\.word)
        }
    }

    private struct Store: Sendable {
        /// Nil until built.
        var contents: Contents?
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

    package init(session: VaultSession, compactionMinimum: Int = 4096) {
        self.session = session
        self.compactionMinimum = compactionMinimum
    }

    /// The index, once built; nil while it is being built.
    package var contents: Contents? { store.withLock { $0.contents } }

    /// Indexes `notes` (reading them on all cores), then the changes made meanwhile.
    package func build(_ notes: [Note]) {
        var contents = Contents()
        // Added as each window of notes is read: the words of every note at once would
        // hold several times the index in memory at its peak.
        read(notes) { readings in
            for reading in readings {
                if let stamp = reading.stamp, let words = reading.words { contents.add(path: reading.path, stamp: stamp, words: words, pairs: reading.pairs) }
            }
        }
        contents.trim()
        while true {
            let batch = store.withLock { store -> [Reading]? in
                guard !store.pending.isEmpty else {
                    store.contents = contents
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
    private let made = Locked<(version: Int, documents: [UInt32])?>(nil)

    package init() {}

    func documents(of sorted: [Note], in contents: WordIndex.Contents) -> [UInt32] {
        made.withLock { made in
            if let made, made.version == contents.version { return made.documents }
            let documents = sorted.map { contents.document(of: $0) ?? .max }
            made = (contents.version, documents)
            return documents
        }
    }
}
