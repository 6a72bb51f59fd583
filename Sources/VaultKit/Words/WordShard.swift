/// The words of a run of documents, as one core reads them during a build: each word's
/// spelling once, numbered in the order met, with the ascending documents it is in; and per
/// bucket of next-word pairs (`WordPairs`), the documents holding one.
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
    private(set) var pairs = [PostingList](repeating: PostingList(), count: WordPairs.bucketCount)
    /// Word number + 1 per slot, 0 for none; a power of two, at most half full.
    private var slots = [UInt32](repeating: 0, count: 1 << 12)
    /// The last document (+ 1) each word was added for, so each is added once per document.
    private var lastDocument: [UInt32] = []
    private var document: UInt32 = 0
    private var previousKey: UInt64?
    private var documentBuckets: [Int] = []

    var wordCount: Int { keys.count }

    /// Starts document `number`, larger than every document before it.
    mutating func begin(_ number: UInt32) {
        document = number
        documentBuckets.removeAll(keepingCapacity: true)
    }

    /// Adds the words of `text` (UTF-8, folded here), the first following no word.
    mutating func addWords(of text: UnsafeRawBufferPointer) {
        previousKey = nil
        FoldedWords.forEach(in: text) { spelling in add(UnsafeRawBufferPointer(spelling)) }
    }

    /// Ends the document: its pairs' buckets, each once.
    mutating func end() {
        documentBuckets.sort()
        var previous = -1
        for bucket in documentBuckets where bucket != previous {
            pairs[bucket].append(document)
            previous = bucket
        }
    }

    /// The number of the word spelled `spelling`, if the shard has it.
    func number(of spelling: UnsafeRawBufferPointer, key: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: key) & mask
        while slots[slot] != 0 {
            let word = Int(slots[slot]) - 1
            if keys[word] == key, self.spelling(of: word).elementsEqual(spelling) { return word }
            slot = (slot + 1) & mask
        }
        return nil
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
        }
        if let previousKey { documentBuckets.append(WordPairs.bucket(previousKey, key)) }
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
