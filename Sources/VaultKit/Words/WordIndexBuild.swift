import Foundation
import VaultPlatform

/// Reads notes' words on all cores and lays them out as a word index file: each core
/// reads a run of notes into a `WordShard` of its own, and the shards are merged once.
struct WordIndexBuild {
    let root: VaultRoot
    let progress: ScanProgress?

    /// The file's bytes for `notes`, numbered in their order. A note that cannot be read
    /// as one (gone, binary) keeps its number with a stamp no file has, so that it is
    /// read when asked about.
    func chunks(for notes: [Note], writtenAt: Int64) -> [[UInt8]] {
        let counter = progress.map { ScanProgressCounter($0, total: notes.count, usesCache: false) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // A multiple of 64, so that each shard's pair bitmaps start on a word.
        let chunk = (max(256, (notes.count + cores * 4 - 1) / (cores * 4)) + 63) / 64 * 64
        let root = self.root
        let parts = ParallelChunks.map(count: notes.count, chunk: chunk) { range -> (stamps: [FileStamp], shard: WordShard) in
            var shard = WordShard(documents: range)
            var stamps: [FileStamp] = []
            stamps.reserveCapacity(range.count)
            var buffer: [UInt8] = []
            var unreported = 0
            for index in range {
                let note = notes[index]
                shard.begin(UInt32(index))
                stamps.append(Self.read(note, root: root, into: &shard, buffer: &buffer) ?? Self.unreadable)
                unreported += 1
                if let counter, unreported == counter.interval {
                    counter.add(unreported)
                    unreported = 0
                }
            }
            counter?.add(unreported)
            return (stamps, shard)
        }
        var documents: [(path: String, stamp: FileStamp)] = []
        documents.reserveCapacity(notes.count)
        for part in parts {
            for stamp in part.stamps { documents.append((notes[documents.count].path, stamp)) }
        }
        return WordSegmentWriter(documents: documents, shards: parts.map(\.shard)).chunks(writtenAt: writtenAt)
    }

    /// A stamp no file has: its document is never the note's.
    static let unreadable = FileStamp(size: -1, inode: 0, mtimeSeconds: 0, mtimeNanoseconds: 0, ctimeSeconds: 0, ctimeNanoseconds: 0, mode: 0)

    /// Adds the words of `note`'s searchable text and title to the shard, as a word search
    /// reads them (the text `VaultSession.matches` searches); the stamp of the bytes read,
    /// nil when the file cannot be read as a note or is no longer the one `note` was made
    /// from (its title and front matter are the note's: a search would trust them with the
    /// new stamp). The one reader of a note's words: the
    /// file's build and the server's in-memory index (`WordIndex`) both read through it.
    static func read(_ note: Note, root: VaultRoot, into shard: inout WordShard, buffer: inout [UInt8]) -> FileStamp? {
        guard let status = try? root.read(note.path, into: &buffer) else { return nil }
        return buffer.withUnsafeBytes { raw -> FileStamp? in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(status.size)])
            guard status.stamp == note.stamp, !VaultScanner.looksBinary(bytes) else { return nil }
            let start = note.frontMatterError == nil ? NoteReader.bodyStart(of: bytes) : 0
            add(note, text: UnsafeRawBufferPointer(rebasing: bytes[start...]), to: &shard)
            return status.stamp
        }
    }

    /// Adds the words of `note` to the shard's current document: those of `text`, its
    /// searchable text, and of its title. What every index holds of a note.
    static func add(_ note: Note, text: UnsafeRawBufferPointer, to shard: inout WordShard) {
        shard.addWords(of: text)
        // The title is matched apart from the text: its first word follows nothing.
        note.withTitleBytes { shard.addWords(of: $0) }
    }
}
