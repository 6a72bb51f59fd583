import VaultPlatform

/// The word index file a word search's scan builds as it reads the notes, when there is
/// none to answer from (or it is damaged): every note is read then anyway, and its words
/// are taken from that reading, so that the file is not built by reading every note again.
///
/// The scan's threads hand notes in no set order, so each takes a part (a `WordShard` of
/// its own, numbered from zero) from a free list, adds the note and gives the part back;
/// a full part is set aside. The file numbers the parts' documents one part after
/// another, each part from a multiple of 64 (the pair bitmaps join word by word): the
/// documents between are placeholders no note has.
final class WordIndexPass: Sendable {
    /// One core's notes at a time: their words, and each note's path and stamp.
    private struct Part {
        var shard: WordShard
        var documents: [(path: String, stamp: FileStamp)] = []
    }

    private struct State {
        var free: [Part] = []
        var full: [Part] = []
        var made = 0
    }

    private let state = Locked(State())
    private let largestPart: Int

    /// Parts hold at most `largestPart` notes (a multiple of 64): the first ones fewer,
    /// so that a small vault is not a large bitmap of placeholders.
    init(largestPart: Int = 16_384) {
        precondition(largestPart % 64 == 0 && largestPart > 0, "a part holds a multiple of 64 notes")
        self.largestPart = largestPart
    }

    /// Adds the words of `note`, whose searchable text as the scan read it is `text` (the
    /// note's stamp is of those bytes).
    func add(_ text: UnsafeRawBufferPointer, of note: Note) {
        var part = state.withLock { state -> Part in
            if let part = state.free.popLast() { return part }
            let size = min(largestPart, 256 << min(state.made, 16))
            state.made += 1
            return Part(shard: WordShard(documents: 0..<size))
        }
        part.shard.begin(UInt32(part.documents.count))
        WordIndexBuild.add(note, text: text, to: &part.shard)
        part.documents.append((note.path, note.stamp))
        state.withLock { state in
            if part.documents.count == part.shard.documents.count { state.full.append(part) } else { state.free.append(part) }
        }
    }

    /// The word index file for `notes` (every note the scan made), from the words taken as
    /// the scan read them; a note the scan did not hand over as it is now is read here.
    func chunks(for notes: [Note], root: VaultRoot, writtenAt: Int64, noteRead: (@Sendable (String) -> Void)? = nil) -> [[UInt8]] {
        var parts = state.withLock { state -> [Part] in
            defer { state = State() }
            return state.full + state.free
        }
        // The scan hands over each note it makes once: as many as the notes, they are the
        // notes. Else each document is checked against the notes (paths hashed: only then).
        var current: [String: FileStamp]?
        if parts.reduce(0, { $0 + $1.documents.count }) != notes.count {
            var stamps: [String: FileStamp] = [:]
            for note in notes { stamps[note.path] = note.stamp }
            var taken = Set<String>()
            for part in parts {
                for document in part.documents where stamps[document.path] == document.stamp { taken.insert(document.path) }
            }
            let missing = notes.filter { !taken.contains($0.path) }
            if !missing.isEmpty {
                var part = Part(shard: WordShard(documents: 0..<((missing.count + 63) / 64 * 64)))
                var buffer: [UInt8] = []
                for note in missing {
                    part.shard.begin(UInt32(part.documents.count))
                    let stamp = WordIndexBuild.read(note, root: root, into: &part.shard, buffer: &buffer)
                    noteRead?(note.path)
                    part.documents.append((note.path, stamp ?? WordIndexBuild.unreadable))
                    stamps[note.path] = stamp ?? WordIndexBuild.unreadable
                }
                parts.append(part)
            }
            current = stamps
        }
        var documents: [(path: String, stamp: FileStamp)] = []
        var offsets: [Int] = []
        for part in parts {
            while documents.count % 64 != 0 { documents.append(Self.placeholder) }
            offsets.append(documents.count)
            for document in part.documents {
                // A reading of a note as it no longer is (or of none) is no note's.
                documents.append(current.map { $0[document.path] == document.stamp } ?? true ? document : Self.placeholder)
            }
        }
        return WordSegmentWriter(documents: documents, shards: parts.map(\.shard), offsets: offsets).chunks(writtenAt: writtenAt)
    }

    /// A document no note is: no path, and a stamp no file has.
    static let placeholder = (path: "", stamp: WordIndexBuild.unreadable)
}
