/// What the word index knows, wherever it is kept (in memory as a server builds it,
/// `WordIndex.Contents`, or mapped from `.vault/cache/` as a command reads it,
/// `WordSegment`): the words, the notes each is in, and the notes holding each bucket of
/// next-word pairs. The one way a needle is answered from it is `answer(_:)` below.
///
/// A word search finds its needle anywhere in the folded text (`TextMatcher`), so the
/// notes holding a needle of word scalars are exactly those holding a word that contains
/// it: the vocabulary is searched for such words and their postings united. A needle with
/// other scalars (a phrase, `e-mail`) narrows to the notes holding each of its runs, each
/// run but the last ending a word and each but the first starting one, and, for each two
/// runs in a row, holding such words one right after the other (the pairs); those few are
/// read to confirm.
protocol WordVocabulary {
    /// One more than the largest document number.
    var documentSlots: Int { get }
    /// How many buckets the pairs are kept in: a power of two, at most `WordPairs.bucketCount`.
    var pairBucketCount: Int { get }
    /// Calls `body` with the number of each word that contains `run` (folded UTF-8).
    func forEachWord(containing run: [UInt8], _ body: (Int) -> Void)
    /// True when word `word` (known to contain `run`) ends with it (if `ending`) and starts
    /// with it (if `starting`).
    func word(_ word: Int, fits run: [UInt8], ending: Bool, starting: Bool) -> Bool
    /// The word's `WordPairs.key`, for the pair buckets.
    func pairKey(of word: Int) -> UInt64
    /// Calls `body` with the documents the word is in, ascending.
    func forEachDocument(ofWord word: Int, _ body: (UInt32) -> Void)
    /// Calls `body` with the documents holding a pair of bucket `bucket`, ascending.
    func forEachDocument(inPairBucket bucket: Int, _ body: (UInt32) -> Void)
    /// Calls `body` with each word's number and folded UTF-8.
    func forEachSpelling(_ body: (Int, UnsafeRawBufferPointer) -> Void)
    /// False for a document left dead by a note read again.
    func isLive(_ document: UInt32) -> Bool
}

/// The buckets next-word pairs are kept in: a pair is kept as a bucket of its two words'
/// keys' hash, not exactly, so a bucket shared by other pairs only lets more notes be read,
/// never fewer, and a million distinct pairs cost no dictionary.
enum WordPairs {
    /// Enough that a bucket rarely holds a common pair besides the one looked for (and the
    /// words' postings rule most of those notes out anyway), 1 MB while empty. A phrase
    /// unites the buckets of every pair its words may form (`the` is the end of `bathe`
    /// too): with 16,384 buckets, `"the budget"` read twice the notes at a million notes,
    /// and the index was only 1% smaller.
    static let bucketCount = 1 << 16

    /// The buckets a file keeps: 1,024, a bitmap of the notes each once a note holds a few
    /// hundred pairs. A phrase's candidates are first the notes holding each of its words,
    /// which a bucket then narrows to about a quarter beyond those that hold the pair; with
    /// 65,536 buckets (as in memory) the pairs were 56 MB of a 92 MB file at 100,000
    /// notes, with 1,024 they are 13 MB.
    static let fileBucketCount = 1 << 10

    /// A word's key: a hash of its folded spelling, the same wherever the word is numbered
    /// (each core's part of a build numbers words its own way).
    static func key(_ spelling: UnsafeRawBufferPointer) -> UInt64 {
        WordChecksum.of(spelling)
    }

    @inline(__always)
    static func bucket(_ first: UInt64, _ second: UInt64, count: Int = bucketCount) -> Int {
        let mixed = (first &* 0x9E37_79B9_7F4A_7C15 ^ second) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 40) & (count - 1)
    }
}

extension WordVocabulary {
    /// The documents whose text may hold `matcher`'s needle, and whether they surely do
    /// (the needle is one word); nil when the index cannot narrow (no word in it).
    func answer(_ matcher: TextMatcher) -> WordAnswer? {
        let (runs, isOneWord) = FoldedWords.runs(of: matcher.needle)
        guard !runs.isEmpty else { return nil }
        let blocks = (documentSlots + 63) / 64
        var bits: [UInt64]?
        func narrow(_ found: [UInt64]) {
            if var narrowed = bits {
                for index in narrowed.indices { narrowed[index] &= found[index] }
                bits = narrowed
            } else {
                bits = found
            }
        }
        // Between two runs the needle has other scalars, which end a word of the text:
        // a run followed by another ends a word, a run after another starts one.
        var runWords: [[Int]] = []
        for (position, run) in runs.enumerated() {
            var found = [UInt64](repeating: 0, count: blocks)
            var matching: [Int] = []
            forEachWord(containing: run) { word in
                guard runs.count == 1 || self.word(word, fits: run, ending: position + 1 < runs.count, starting: position > 0) else { return }
                matching.append(word)
                forEachDocument(ofWord: word) { document in found[Int(document >> 6)] |= 1 << UInt64(document & 63) }
            }
            narrow(found)
            runWords.append(matching)
        }
        // Two runs in a row are in words right after each other: the notes of their
        // pairs' buckets, unless there are too many pairs to look up.
        for position in runWords.indices.dropLast() {
            let firsts = runWords[position].map(pairKey), seconds = runWords[position + 1].map(pairKey)
            guard firsts.count * seconds.count <= 4096 else { continue }
            var buckets = Set<Int>()
            var found = [UInt64](repeating: 0, count: blocks)
            for first in firsts {
                for second in seconds where buckets.insert(WordPairs.bucket(first, second, count: pairBucketCount)).inserted {
                    forEachDocument(inPairBucket: WordPairs.bucket(first, second, count: pairBucketCount)) { document in found[Int(document >> 6)] |= 1 << UInt64(document & 63) }
                }
            }
            narrow(found)
        }
        return bits.map { WordAnswer(bits: $0, isExact: isOneWord) }
    }

    /// The words within edit distance 2 of `word`, with their distance and the notes they
    /// are in: "did you mean" for a search that found nothing.
    func closeWords(to word: String) -> [(distance: Int, uses: Int, word: String)] {
        let folded = String(decoding: FoldedWords.runs(of: TextFolding.fold(word)).runs.joined(), as: UTF8.self)
        guard folded.count >= 3 else { return [] }
        var found: [(distance: Int, uses: Int, word: String)] = []
        let length = folded.count, bytes = folded.utf8.count
        forEachSpelling { number, spelling in
            guard abs(spelling.count - bytes) <= 8 else { return }
            let candidate = String(decoding: spelling, as: UTF8.self)
            guard abs(candidate.count - length) <= 2 else { return }
            let distance = EditDistance.distance(folded, candidate)
            guard distance > 0, distance <= 2 else { return }
            var uses = 0
            forEachDocument(ofWord: number) { document in if isLive(document) { uses += 1 } }
            if uses > 0 { found.append((distance, uses, candidate)) }
        }
        return found
    }
}
