import VaultPlatform

/// The searchable texts a word search's scan read of the notes no word index file
/// described: the notes the recent file is then written for, which are not read again.
final class ScannedTexts: Sendable {
    private let texts = Locked<[String: (stamp: FileStamp, text: [UInt8])]>([:])
    private let limit: Int

    /// Keeps at most `limit` texts (beyond that many notes the main file is written
    /// again, from the files).
    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps `text`, the searchable text of `note` as the scan read it (the note's stamp
    /// is of those bytes).
    func keep(_ text: UnsafeRawBufferPointer, of note: Note) {
        guard limit > 0 else { return }
        let copy = [UInt8](text)
        texts.withLock { texts in
            if texts.count < limit { texts[note.path] = (note.stamp, copy) }
        }
    }

    /// A word index file for `notes`, from their texts kept as the notes are now; nil
    /// when one of them was not kept (not read by the scan, or read as it was before).
    func chunks(for notes: [Note], writtenAt: Int64) -> [[UInt8]]? {
        texts.withLock { texts -> [[UInt8]]? in
            guard notes.allSatisfy({ texts[$0.path]?.stamp == $0.stamp }) else { return nil }
            var shard = WordShard(documents: 0..<notes.count)
            for (index, note) in notes.enumerated() {
                shard.begin(UInt32(index))
                texts[note.path]?.text.withUnsafeBytes { WordIndexBuild.add(note, text: $0, to: &shard) }
            }
            return WordSegmentWriter(documents: notes.map { ($0.path, $0.stamp) }, shards: [shard]).chunks(writtenAt: writtenAt)
        }
    }
}
