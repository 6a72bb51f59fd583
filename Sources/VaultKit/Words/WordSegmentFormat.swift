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
/// | pairPostings | the lists of every bucket |
///
/// A list of documents is empty, or a kind byte and its documents: 0 and `PostingList`
/// bytes, or 1 and a bitmap of every document (bit `d % 8` of byte `d / 8`), whichever is
/// smaller; a word in most notes takes a bit a note instead of a byte.
enum WordSegmentFormat {
    static let magic: UInt64 = 0x3130_5344_524F_5756  // "VWORDS01"
    /// Changes whenever the layout or what a word is changes, or which words a note's
    /// title has (the rule that derives it: `NoteProperties.readingRules`).
    static let version: UInt32 = 3
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

    /// `list` as a file keeps it, for `documents` documents.
    static func encode(_ list: PostingList, documents: Int) -> [UInt8] {
        let encoded = list.encoded
        guard !encoded.isEmpty else { return [] }
        let bitmapSize = (documents + 7) / 8
        guard encoded.count > bitmapSize else { return [0] + encoded }
        var bitmap = [UInt8](repeating: 0, count: bitmapSize + 1)
        bitmap[0] = 1
        list.forEach { document in bitmap[1 + Int(document >> 3)] |= 1 << UInt8(document & 7) }
        return bitmap
    }

    /// The documents whose bits are set in `bits`, as `encode(_:documents:)` keeps them.
    static func encode(bits: [UInt64], documents: Int) -> [UInt8] {
        let count = bits.reduce(0) { $0 + $1.nonzeroBitCount }
        guard count > 0 else { return [] }
        let bitmapSize = (documents + 7) / 8
        // A list costs at least a byte a document: past that many, the bitmap is smaller.
        guard count < bitmapSize else {
            var bitmap = [UInt8](repeating: 1, count: bitmapSize + 1)
            bits.withUnsafeBytes { raw in
                for index in 0..<bitmapSize { bitmap[index + 1] = raw[index] }
            }
            return bitmap
        }
        var list = PostingList()
        for (index, word) in bits.enumerated() where word != 0 {
            var word = word
            while word != 0 {
                list.append(UInt32(index * 64 + word.trailingZeroBitCount))
                word &= word - 1
            }
        }
        return encode(list, documents: documents)
    }

    /// Calls `body` with each document of a list `encode` made, ascending; false when the
    /// bytes are not such a list for `documents` documents.
    @inline(__always)
    static func decode(_ bytes: UnsafeRawBufferPointer, documents: Int, _ body: (UInt32) -> Void) -> Bool {
        guard let kind = bytes.first else { return true }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[1...])
        switch kind {
        case 0:
            return PostingList.forEach(in: rest, below: UInt64(documents), body)
        case 1:
            guard rest.count == (documents + 7) / 8 else { return false }
            for index in rest.indices where rest[index] != 0 {
                var byte = rest[index]
                while byte != 0 {
                    let document = index * 8 + byte.trailingZeroBitCount
                    guard document < documents else { return false }
                    body(UInt32(document))
                    byte &= byte - 1
                }
            }
            return true
        default:
            return false
        }
    }

    /// The slot a path's hash starts at.
    static func pathHash(_ path: UnsafeRawBufferPointer) -> UInt64 { WordChecksum.of(path) }
}
