import VaultPlatform

/// The layout of a word index file in `.vault/cache/` (see docs/cache.md): a header, then
/// sections at 8-byte boundaries, every integer little-endian.
///
/// | section | holds |
/// |---|---|
/// | documents | per document: path offset (8), path length (4), mode (4), size, inode, mtime s, ctime s (8 each), mtime ns, ctime ns (4 each), checksum (8) |
/// | paths | the documents' paths, UTF-8, one after another |
/// | slots | path hash table: document + 1 per slot (4), 0 for none; a power of two |
/// | spellings | every word's folded UTF-8 followed by a 0 byte |
/// | starts | where each word's spelling starts (4 each), and the end |
/// | postingStarts | where each word's postings start (8 each), and the end |
/// | wordChecksums | per word, of its spelling and postings (8) |
/// | postings | `PostingList` bytes of every word, one after another |
/// | pairStarts | where each pair bucket's postings start (8 each), and the end |
/// | pairChecksums | per bucket, of its postings (8) |
/// | pairPostings | `PostingList` bytes of every bucket |
enum WordSegmentFormat {
    static let magic: UInt64 = 0x3130_5344_524F_5756  // "VWORDS01"
    /// Changes whenever the layout or what a word is changes.
    static let version: UInt32 = 1
    static let documentSize = 64

    enum Section: Int, CaseIterable {
        case documents, paths, slots, spellings, starts, postingStarts, wordChecksums, postings, pairStarts, pairChecksums, pairPostings
    }

    /// magic, version + reserved, written at, documents, words, pair buckets, header checksum
    static let fixedHeaderSize = 56
    static let headerSize = fixedHeaderSize + Section.allCases.count * 16

    /// The checksum of a document's record: its path and stamp.
    static func documentChecksum(record: UnsafeRawBufferPointer, path: UnsafeRawBufferPointer) -> UInt64 {
        WordChecksum.of(record) &* 0x9E37_79B9_7F4A_7C15 ^ WordChecksum.of(path)
    }

    /// The checksum of a word: its spelling and its postings.
    static func wordChecksum(spelling: UnsafeRawBufferPointer, postings: UnsafeRawBufferPointer) -> UInt64 {
        WordChecksum.of(spelling) &* 0x9E37_79B9_7F4A_7C15 ^ WordChecksum.of(postings)
    }

    /// The checksum of a pair bucket's postings.
    static func pairChecksum(bucket: Int, postings: UnsafeRawBufferPointer) -> UInt64 {
        UInt64(bucket) &* 0xBF58_476D_1CE4_E5B9 ^ WordChecksum.of(postings)
    }

    /// The slot a path's hash starts at.
    static func pathHash(_ path: UnsafeRawBufferPointer) -> UInt64 { WordChecksum.of(path) }
}
