import Foundation

/// The words of a run of documents, as one core reads them during a build: each word's
/// spelling once, numbered in the order met, with the ascending documents it is in; and per
/// bucket of next-word pairs (`WordPairs`), a bitmap of the documents holding one (a
/// bucket holds a quarter of the notes: a bit each is less than a byte each, and setting
/// one costs nothing).
///
/// Words are looked up by their bytes in a table of their own (open addressing on the
/// spelling's key), never as `String`s: hashing a `String` normalises it, and a build
/// meets every word of every note.
struct WordShard {
    /// Folded UTF-8 of every word, one after another; word `n` is
    /// `spellings[starts[n]..<starts[n + 1]]` (`starts` has one more entry).
    private(set) var spellings: [UInt8] = []
    private(set) var starts: [UInt32] = [0]
    private(set) var keys: [UInt64] = []
    private(set) var postings: [PostingList] = []
    /// The documents: a run starting at a multiple of 64, so that shards' bitmaps join
    /// word by word.
    let documents: Range<Int>
    /// Bucket `b`'s bitmap is `pairs[b * pairStride..<(b + 1) * pairStride]`, bit `d` for
    /// document `documents.lowerBound + d`.
    private(set) var pairs: [UInt64]
    let pairStride: Int
    /// Word number + 1 per slot, 0 for none; a power of two, at most half full.
    private var slots = [UInt32](repeating: 0, count: 1 << 12)
    /// The last document (+ 1) each word was added for, so each is added once per document.
    private var lastDocument: [UInt32] = []
    private var document: UInt32 = 0
    private var previousKey: UInt64?
    private var word: [UInt8] = []
    /// Each document's own words, in the order begun, when the shard keeps them (`init`).
    private(set) var kept: [DocumentWords] = []
    private let keepsDocuments: Bool

    /// One document's words as the shard read them: each word's number once, in the order
    /// first met, and the buckets (of `WordPairs.bucketCount`, as a server keeps them in
    /// memory) of the words that follow each other, possibly repeated.
    struct DocumentWords {
        var words: [Int] = []
        var pairBuckets: [Int] = []
    }

    /// A shard for `documents`; with `keepingDocuments`, it also keeps each document's
    /// words apart (`kept`), so that a server indexes a saved note exactly as a build does.
    init(documents: Range<Int>, keepingDocuments: Bool = false) {
        precondition(documents.lowerBound % 64 == 0, "a shard starts at a multiple of 64")
        self.documents = documents
        keepsDocuments = keepingDocuments
        pairStride = (documents.count + 63) / 64
        pairs = [UInt64](repeating: 0, count: pairStride * WordPairs.fileBucketCount)
        word.reserveCapacity(64)
    }

    var wordCount: Int { keys.count }

    /// Starts document `number`, larger than every document before it.
    mutating func begin(_ number: UInt32) {
        document = number
        if keepsDocuments { kept.append(DocumentWords()) }
    }

    /// Adds the words of `text` (UTF-8, folded here), the first following no word.
    mutating func addWords(of text: UnsafeRawBufferPointer) {
        previousKey = nil
        var reader = FoldedWords.Reader(text)
        var word = self.word
        self.word = []
        while let found = reader.nextWord(scratch: &word) {
            switch found {
            case .text(let run): add(UnsafeRawBufferPointer(rebasing: text[run]))
            case .word: word.withUnsafeBytes { add($0) }
            }
        }
        self.word = word
    }

    /// The number of the word spelled `spelling`, if the shard has it.
    func number(of spelling: UnsafeRawBufferPointer, key: UInt64) -> Int? {
        // Through buffer pointers: met at every word of a build, the arrays' checks were
        // a good part of its time.
        slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                starts.withUnsafeBufferPointer { starts in
                    spellings.withUnsafeBytes { spellings in
                        let mask = slots.count - 1
                        var slot = Int(truncatingIfNeeded: key) & mask
                        while slots[slot] != 0 {
                            let word = Int(slots[slot]) - 1
                            if keys[word] == key {
                                let start = Int(starts[word]), count = Int(starts[word + 1]) - start
                                if count == spelling.count,
                                   count == 0 || memcmp(spellings.baseAddress! + start, spelling.baseAddress!, count) == 0 { return word }
                            }
                            slot = (slot + 1) & mask
                        }
                        return nil
                    }
                }
            }
        }
    }

    func spelling(of word: Int) -> ArraySlice<UInt8> {
        spellings[Int(starts[word])..<Int(starts[word + 1])]
    }

    private mutating func add(_ spelling: UnsafeRawBufferPointer) {
        let key = WordPairs.key(spelling)
        let word = number(of: spelling, key: key) ?? insert(spelling, key: key)
        if lastDocument[word] != document &+ 1 {
            lastDocument[word] = document &+ 1
            postings[word].append(document)
            if keepsDocuments { kept[kept.count - 1].words.append(word) }
        }
        if let previousKey {
            let bucket = WordPairs.bucket(previousKey, key, count: WordPairs.fileBucketCount)
            let bit = Int(document) - documents.lowerBound
            pairs[bucket * pairStride + bit >> 6] |= 1 << UInt64(bit & 63)
            if keepsDocuments { kept[kept.count - 1].pairBuckets.append(WordPairs.bucket(previousKey, key)) }
        }
        previousKey = key
    }

    private mutating func insert(_ spelling: UnsafeRawBufferPointer, key: UInt64) -> Int {
        let word = keys.count
        spellings.append(contentsOf: spelling)
        starts.append(UInt32(truncatingIfNeeded: spellings.count))
        keys.append(key)
        postings.append(PostingList())
        lastDocument.append(0)
        if keys.count * 2 > slots.count { grow() } else { place(word) }
        return word
    }

    private mutating func place(_ word: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: keys[word]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(word + 1)
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        for word in keys.indices { place(word) }
    }
}
