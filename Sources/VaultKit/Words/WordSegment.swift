import VaultPlatform

/// A word index file mapped from `.vault/cache/` (`WordSegmentFormat`): what a command
/// asks instead of reading every note's text.
///
/// Never trusted: the header and its table of sections are summed and checked when the
/// file is opened, each section's bounds too; a document's record, a word and a pair
/// bucket are each summed and checked when used, and their postings decoded with bounds.
/// Anything that fails marks the file damaged (`isDamaged`): the command then answers
/// from the notes' text, and the file is written again.
final class WordSegment: @unchecked Sendable, WordVocabulary {
    private let file: MappedFile
    private let bytes: UnsafeRawBufferPointer
    /// When the file was written (nanoseconds since 1970), for the racy rule.
    let writtenAt: Int64
    let documentCount: Int
    let wordCount: Int
    let pairBucketCount: Int
    private let sections: [Range<Int>]
    private let damage = Locked(false)

    /// True once a check failed on something read from the file.
    var isDamaged: Bool { damage.withLock { $0 } }

    var documentSlots: Int { documentCount }

    /// The file at `path`, if it is a word index of this version whose header holds up.
    convenience init?(path: String, root: VaultRoot) {
        guard let file = MappedFile(path, in: root.descriptor, maximumSize: 1 << 40, populating: { _ in 0 }) else { return nil }
        self.init(file: file)
    }

    init?(file: MappedFile) {
        let bytes = file.bytes
        guard bytes.count >= WordSegmentFormat.headerSize else { return nil }
        func load(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        guard load(0) == WordSegmentFormat.magic,
              UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)) == WordSegmentFormat.version,
              load(40) >= 256, load(40) <= UInt64(WordPairs.bucketCount), load(40).nonzeroBitCount == 1 else { return nil }
        var summed = Array(UnsafeRawBufferPointer(rebasing: bytes[0..<48]))
        summed += UnsafeRawBufferPointer(rebasing: bytes[WordSegmentFormat.fixedHeaderSize..<WordSegmentFormat.headerSize])
        guard summed.withUnsafeBytes({ WordChecksum.of($0) }) == load(48) else { return nil }
        let documents = load(24), words = load(32)
        guard documents < UInt64(UInt32.max), words < UInt64(UInt32.max) else { return nil }
        var sections: [Range<Int>] = []
        for index in WordSegmentFormat.Section.allCases.indices {
            let offset = load(WordSegmentFormat.fixedHeaderSize + index * 16), length = load(WordSegmentFormat.fixedHeaderSize + index * 16 + 8)
            guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset, offset % 8 == 0 else { return nil }
            sections.append(Int(offset)..<Int(offset + length))
        }
        let count = { (section: WordSegmentFormat.Section) in sections[section.rawValue].count }
        let slots = count(.slots) / 4
        guard count(.documents) == Int(documents) * WordSegmentFormat.documentSize,
              slots >= 16, slots.nonzeroBitCount == 1, count(.slots) == slots * 4, slots >= Int(documents) * 2,
              count(.starts) == (Int(words) + 1) * 4, count(.postingStarts) == (Int(words) + 1) * 8,
              count(.wordChecksums) == Int(words) * 8,
              count(.pairStarts) == (Int(load(40)) + 1) * 8, count(.pairChecksums) == Int(load(40)) * 8
        else { return nil }
        self.file = file
        self.bytes = bytes
        writtenAt = Int64(bitPattern: load(16))
        documentCount = Int(documents)
        wordCount = Int(words)
        pairBucketCount = Int(load(40))
        self.sections = sections
    }

    // MARK: - Documents

    /// The document of the note at `path` when the file describes the note as it is now
    /// (`stamp`), and changed more than `racyNanoseconds` before the file was written
    /// (git's racy rule: a note changed within a clock tick of being read may look
    /// unchanged). `position`: where the note is in the walk. A file built from the same
    /// walk numbers its notes in that order, so the document at `position` is looked at
    /// first: found so, the path is not hashed nor the slots probed, and the records are
    /// read in order rather than at random.
    func document(path: UnsafeRawBufferPointer, stamp: FileStamp, racyNanoseconds: Int64, near position: Int? = nil) -> UInt32? {
        if let position, position >= 0, position < documentCount {
            switch look(at: position, path: path, stamp: stamp, racyNanoseconds: racyNanoseconds) {
            case .anotherNote: break
            case .damaged: return damaged()
            case .changed: return nil
            case .described: return UInt32(position)
            }
        }
        let slots = sections[WordSegmentFormat.Section.slots.rawValue]
        let mask = slots.count / 4 - 1
        var slot = Int(truncatingIfNeeded: WordSegmentFormat.pathHash(path)) & mask
        for _ in 0...mask {
            let value = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: slots.lowerBound + slot * 4, as: UInt32.self))
            guard value != 0 else { return nil }
            let document = Int(value) - 1
            guard document < documentCount else { return damaged() }
            switch look(at: document, path: path, stamp: stamp, racyNanoseconds: racyNanoseconds) {
            case .anotherNote: slot = (slot + 1) & mask
            case .damaged: return damaged()
            case .changed: return nil
            case .described: return UInt32(document)
            }
        }
        return nil
    }

    /// What one document says of the note at `path` with `stamp`.
    private enum Look { case anotherNote, damaged, changed, described }

    /// What document `document` (below `documentCount`) says of the note at `path`.
    private func look(at document: Int, path: UnsafeRawBufferPointer, stamp: FileStamp, racyNanoseconds: Int64) -> Look {
        let record = sections[WordSegmentFormat.Section.documents.rawValue].lowerBound + document * WordSegmentFormat.documentSize
        let pathOffset = u64(record), pathLength = Int(u32(record + 8))
        let paths = sections[WordSegmentFormat.Section.paths.rawValue]
        guard pathOffset <= UInt64(paths.count), UInt64(pathLength) <= UInt64(paths.count) - pathOffset else { return .damaged }
        let start = paths.lowerBound + Int(pathOffset)
        let stored = UnsafeRawBufferPointer(rebasing: bytes[start..<start + pathLength])
        // memcmp: the generic `elementsEqual` was 6% of a search's profile.
        guard stored.count == path.count, ByteSearch.compare(stored, path) == 0 else { return .anotherNote }
        let summed = UnsafeRawBufferPointer(rebasing: bytes[record..<record + 56])
        guard WordSegmentFormat.documentChecksum(record: summed, path: stored) == u64(record + 56) else { return .damaged }
        let mtime = Int64(bitPattern: u64(record + 32)), mtimeNanos = Int64(u32(record + 48))
        let ctime = Int64(bitPattern: u64(record + 40)), ctimeNanos = Int64(u32(record + 52))
        guard u32(record + 12) == stamp.mode, Int64(bitPattern: u64(record + 16)) == stamp.size, u64(record + 24) == stamp.inode,
              mtime == stamp.mtimeSeconds, mtimeNanos == stamp.mtimeNanoseconds,
              ctime == stamp.ctimeSeconds, ctimeNanos == stamp.ctimeNanoseconds,
              stamp.isSettled(writtenAt: writtenAt, window: racyNanoseconds)
        else { return .changed }
        return .described
    }

    /// The notes among `notes` this file does not describe as they are now (see
    /// `document(path:stamp:racyNanoseconds:)`): those a command must read.
    func undescribed(_ notes: [Note], racyNanoseconds: Int64) -> [Note] {
        notes.filter { note in note.withPathBytes { document(path: $0, stamp: note.stamp, racyNanoseconds: racyNanoseconds) == nil } }
    }

    // MARK: - Words

    func forEachWord(containing run: [UInt8], _ body: (Int) -> Void) {
        let spellings = UnsafeRawBufferPointer(rebasing: bytes[sections[WordSegmentFormat.Section.spellings.rawValue]])
        run.withUnsafeBytes { run in
            var from = 0
            while let found = ByteSearch.firstIndex(of: run, in: spellings, from: from) {
                // The word the hit is in: the last that starts at or before it.
                var low = 0
                var high = wordCount
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if Int(start(of: middle)) <= found { low = middle } else { high = middle }
                }
                // A hit that runs past its word's end met a separator changed by damage:
                // words hold no 0 byte, so a sound file has no such hit.
                guard let spelling = spelling(of: low), found + run.count <= Int(start(of: low)) + spelling.count else {
                    damage.withLock { $0 = true }
                    return
                }
                body(low)
                from = Int(start(of: low)) + spelling.count + 1
            }
        }
    }

    func word(_ word: Int, fits run: [UInt8], ending: Bool, starting: Bool) -> Bool {
        guard let spelling = spelling(of: word), spelling.count >= run.count else { return false }
        if starting, !spelling.prefix(run.count).elementsEqual(run) { return false }
        if ending, !spelling.suffix(run.count).elementsEqual(run) { return false }
        return true
    }

    func pairKey(of word: Int) -> UInt64 {
        spelling(of: word).map(WordPairs.key) ?? 0
    }

    func forEachDocument(ofWord word: Int, _ body: (UInt32) -> Void) {
        guard let spelling = spelling(of: word),
              let postings = list(.postingStarts, .postings, word, count: wordCount),
              WordSegmentFormat.wordChecksum(spelling: spelling, postings: postings) == u64(sections[WordSegmentFormat.Section.wordChecksums.rawValue].lowerBound + word * 8),
              WordSegmentFormat.decode(postings, documents: documentCount, body)
        else { return markDamaged() }
    }

    func forEachDocument(inPairBucket bucket: Int, _ body: (UInt32) -> Void) {
        guard let postings = list(.pairStarts, .pairPostings, bucket, count: pairBucketCount),
              WordSegmentFormat.pairChecksum(bucket: bucket, postings: postings) == u64(sections[WordSegmentFormat.Section.pairChecksums.rawValue].lowerBound + bucket * 8),
              WordSegmentFormat.decode(postings, documents: documentCount, body)
        else { return markDamaged() }
    }

    func forEachSpelling(_ body: (Int, UnsafeRawBufferPointer) -> Void) {
        for word in 0..<wordCount {
            if let spelling = spelling(of: word) { body(word, spelling) }
        }
    }

    func isLive(_ document: UInt32) -> Bool { true }

    // MARK: - Reading the file

    private func start(of word: Int) -> UInt32 {
        u32(sections[WordSegmentFormat.Section.starts.rawValue].lowerBound + word * 4)
    }

    /// The spelling of word `word`, without its 0; nil when the table says otherwise.
    private func spelling(of word: Int) -> UnsafeRawBufferPointer? {
        guard word >= 0, word < wordCount else { return nil }
        let spellings = sections[WordSegmentFormat.Section.spellings.rawValue]
        let start = Int(self.start(of: word)), end = Int(self.start(of: word + 1))
        guard start < end, end <= spellings.count else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[spellings.lowerBound + start..<spellings.lowerBound + end - 1])
    }

    /// Entry `index` of a list section, by its table of starts.
    private func list(_ table: WordSegmentFormat.Section, _ data: WordSegmentFormat.Section, _ index: Int, count: Int) -> UnsafeRawBufferPointer? {
        guard index >= 0, index < count else { return nil }
        let starts = sections[table.rawValue].lowerBound, region = sections[data.rawValue]
        let start = u64(starts + index * 8), end = u64(starts + index * 8 + 8)
        guard start <= end, end <= UInt64(region.count) else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[region.lowerBound + Int(start)..<region.lowerBound + Int(end)])
    }

    private func u64(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    private func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }

    private func markDamaged() { damage.withLock { $0 = true } }

    private func damaged() -> UInt32? {
        markDamaged()
        return nil
    }
}

extension WordSegment {
    /// Where a section lies in the file, for tests that damage it.
    func range(of section: WordSegmentFormat.Section) -> Range<Int> { sections[section.rawValue] }
}
