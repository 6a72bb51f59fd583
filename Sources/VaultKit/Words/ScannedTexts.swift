import Foundation
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
    /// Their words are read on all cores, a shard each (indexing 1,000 changed notes on
    /// one core, while the other had written the note cache and waited, was most of a
    /// word search's time after the scan).
    func chunks(for notes: [Note], writtenAt: Int64) -> [[UInt8]]? {
        let kept = texts.withLock { texts -> [[UInt8]]? in
            var kept: [[UInt8]] = []
            kept.reserveCapacity(notes.count)
            for note in notes {
                guard let text = texts[note.path], text.stamp == note.stamp else { return nil }
                kept.append(text.text)
            }
            return kept
        }
        guard let kept else { return nil }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // A multiple of 64, so that each shard's pair bitmaps start on a word.
        let chunk = max(64, (notes.count + cores - 1) / cores + 63) / 64 * 64
        let shards = notes.isEmpty ? [WordShard(documents: 0..<0)] : ParallelChunks.map(count: notes.count, chunk: chunk) { range -> WordShard in
            var shard = WordShard(documents: range)
            for index in range {
                shard.begin(UInt32(index))
                kept[index].withUnsafeBytes { WordIndexBuild.add(notes[index], text: $0, to: &shard) }
            }
            return shard
        }
        return WordSegmentWriter(documents: notes.map { ($0.path, $0.stamp) }, shards: shards).chunks(writtenAt: writtenAt)
    }
}
