import VaultPlatform

/// Lays out a word index file (`WordSegmentFormat`) from the shards a build read, in
/// document order: shard `n`'s documents all come before shard `n + 1`'s, so each word's
/// postings are its shards' postings one after another.
struct WordSegmentWriter {
    /// The documents, numbered by their place: path and stamp.
    let documents: [(path: String, stamp: FileStamp)]
    let shards: [WordShard]

    /// The file's bytes in parts (header and tables, postings, pair postings), for a
    /// write that does not join them.
    func chunks(writtenAt: Int64) -> [[UInt8]] {
        // One numbering for every shard's words.
        var merged = WordShard.Numbering()
        let numbers = shards.map { shard in (0..<shard.wordCount).map { merged.number(shard.spelling(of: $0), key: shard.keys[$0]) } }
        var postings = [PostingList](repeating: PostingList(), count: merged.count)
        for (shard, numbers) in zip(shards, numbers) {
            for (word, number) in numbers.enumerated() { postings[number].append(contentsOf: shard.postings[word]) }
        }
        let bucketCount = WordPairs.fileBucketCount

        var sections = [[UInt8]](repeating: [], count: WordSegmentFormat.Section.allCases.count)
        func put(_ section: WordSegmentFormat.Section, _ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { sections[section.rawValue].append(contentsOf: $0) }
        }
        func put32(_ section: WordSegmentFormat.Section, _ value: UInt32) {
            withUnsafeBytes(of: value.littleEndian) { sections[section.rawValue].append(contentsOf: $0) }
        }
        // Documents and their paths.
        var paths: [UInt8] = []
        var record = ByteWriter()
        for (path, stamp) in documents {
            var path = path
            path.withUTF8 { utf8 in
                record.bytes.removeAll(keepingCapacity: true)
                record.uint(UInt64(paths.count))
                record.uint32(UInt32(utf8.count))
                record.uint32(stamp.mode)
                record.int(stamp.size)
                record.uint(stamp.inode)
                record.int(stamp.mtimeSeconds)
                record.int(stamp.ctimeSeconds)
                record.uint32(UInt32(truncatingIfNeeded: stamp.mtimeNanoseconds))
                record.uint32(UInt32(truncatingIfNeeded: stamp.ctimeNanoseconds))
                let checksum = record.bytes.withUnsafeBytes { WordSegmentFormat.documentChecksum(record: $0, path: UnsafeRawBufferPointer(utf8)) }
                record.uint(checksum)
                sections[WordSegmentFormat.Section.documents.rawValue] += record.bytes
                paths.append(contentsOf: utf8)
            }
        }
        sections[WordSegmentFormat.Section.paths.rawValue] = paths
        // The path table, at most half full.
        var slotCount = 16
        while slotCount < documents.count * 2 { slotCount *= 2 }
        var slots = [UInt32](repeating: 0, count: slotCount)
        for (number, document) in documents.enumerated() {
            var path = document.path
            var slot = path.withUTF8 { Int(truncatingIfNeeded: WordSegmentFormat.pathHash(UnsafeRawBufferPointer($0))) } & (slotCount - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slotCount - 1) }
            slots[slot] = UInt32(number + 1)
        }
        for slot in slots { put32(.slots, slot) }
        // Words: spellings, where each starts, postings and checksums.
        var postingBytes: [UInt8] = []
        for (number, spelling) in merged.spellings.enumerated() {
            put32(.starts, UInt32(sections[WordSegmentFormat.Section.spellings.rawValue].count))
            sections[WordSegmentFormat.Section.spellings.rawValue] += spelling
            sections[WordSegmentFormat.Section.spellings.rawValue].append(0)
            put(.postingStarts, UInt64(postingBytes.count))
            let encoded = WordSegmentFormat.encode(postings[number], documents: documents.count)
            postingBytes += encoded
            let checksum = spelling.withUnsafeBytes { spelling in encoded.withUnsafeBytes { WordSegmentFormat.wordChecksum(spelling: spelling, postings: $0) } }
            put(.wordChecksums, checksum)
        }
        put32(.starts, UInt32(sections[WordSegmentFormat.Section.spellings.rawValue].count))
        put(.postingStarts, UInt64(postingBytes.count))
        postings = []
        var pairBytes: [UInt8] = []
        // Each bucket's bitmap: the shards' one after another (each starts at a multiple
        // of 64 documents).
        var bits = [UInt64](repeating: 0, count: (documents.count + 63) / 64)
        for bucket in 0..<bucketCount {
            for shard in shards {
                let base = shard.documents.lowerBound / 64
                for offset in 0..<shard.pairStride { bits[base + offset] = shard.pairs[bucket * shard.pairStride + offset] }
            }
            put(.pairStarts, UInt64(pairBytes.count))
            let encoded = WordSegmentFormat.encode(bits: bits, documents: documents.count)
            pairBytes += encoded
            put(.pairChecksums, encoded.withUnsafeBytes { WordSegmentFormat.pairChecksum(bucket: bucket, postings: $0) })
        }
        put(.pairStarts, UInt64(pairBytes.count))
        sections[WordSegmentFormat.Section.postings.rawValue] = postingBytes
        sections[WordSegmentFormat.Section.pairPostings.rawValue] = pairBytes

        // The header, then each section at an 8-byte boundary.
        var table = ByteWriter()
        var offset = WordSegmentFormat.headerSize
        var layout: [[UInt8]] = []
        for section in sections {
            let padding = (8 - offset % 8) % 8
            offset += padding
            table.uint(UInt64(offset))
            table.uint(UInt64(section.count))
            layout.append([UInt8](repeating: 0, count: padding))
            layout.append(section)
            offset += section.count
        }
        var header = ByteWriter()
        header.uint(WordSegmentFormat.magic)
        header.uint32(WordSegmentFormat.version)
        header.uint32(0)
        header.int(writtenAt)
        header.uint(UInt64(documents.count))
        header.uint(UInt64(merged.count))
        header.uint(UInt64(bucketCount))
        let checksum = (header.bytes + table.bytes).withUnsafeBytes { WordChecksum.of($0) }
        header.uint(checksum)
        header.bytes += table.bytes
        return [header.bytes] + layout
    }
}

extension WordShard {
    /// Numbers spellings from many shards as one: the words of a merged index.
    struct Numbering {
        private(set) var spellings: [ArraySlice<UInt8>] = []
        private var table: [ArraySliceKey: Int] = [:]

        var count: Int { spellings.count }

        mutating func number(_ spelling: ArraySlice<UInt8>, key: UInt64) -> Int {
            let found = ArraySliceKey(spelling: spelling, key: key)
            if let number = table[found] { return number }
            table[found] = spellings.count
            spellings.append(spelling)
            return spellings.count - 1
        }
    }

    /// A spelling hashed by its precomputed key.
    struct ArraySliceKey: Hashable {
        let spelling: ArraySlice<UInt8>
        let key: UInt64

        func hash(into hasher: inout Hasher) { hasher.combine(key) }
        static func == (a: Self, b: Self) -> Bool { a.key == b.key && a.spelling.elementsEqual(b.spelling) }
    }
}
