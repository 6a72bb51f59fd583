import VaultPlatform

/// The notes a scan did not make because its filter rejected them from an index
/// (`ScanResult.rejected`), made when every note is wanted after all: when a main cache
/// file is written again.
///
/// They are made from the main note cache file, whose entries the scan found describing
/// each of them as it is (their stat then matched), so the vault is neither walked nor
/// statted a second time. An entry is summed before it is used, as every entry is: a
/// damaged one makes no note, and the caller scans instead. Made once, for whichever
/// cache asks first (the note cache and the word index are written on two cores).
final class RejectedNotes: Sendable {
    private let cache: NoteCache
    private let files: WalkFiles
    /// The positions in `files` of the notes rejected, in order.
    private let positions: [Int]
    /// The notes the scan made, in the order of `files`.
    private let made: [Note]
    private let every = Locked<[Note]??>(nil)

    init(cache: NoteCache, files: WalkFiles, positions: [Int], made: [Note]) {
        self.cache = cache
        self.files = files
        self.positions = positions
        self.made = made
    }

    /// Every note the scan listed, in its order: those it made and those it rejected.
    /// Nil when a rejected note's entry is not sound now.
    func everyNote() -> [Note]? {
        every.withLock { every in
            if let every { return every }
            let notes = make()
            every = .some(notes)
            return notes
        }
    }

    private func make() -> [Note]? {
        let (cache, files, positions) = (cache, files, positions)
        let chunks = ParallelChunks.map(count: positions.count, chunk: 4096) { range -> [Note]? in
            var notes: [Note] = []
            notes.reserveCapacity(range.count)
            for position in positions[range] {
                guard let note = cache.heldNote(at: files[position], position: position) else { return nil }
                notes.append(note)
            }
            return notes
        }
        var rejected: [Note] = []
        rejected.reserveCapacity(positions.count)
        for chunk in chunks {
            guard let chunk else { return nil }
            rejected += chunk
        }
        // Both lists are in listing order: merged by position. A listed file that is in
        // neither (unreadable, binary) is left out, as the scan left it out.
        var notes: [Note] = []
        notes.reserveCapacity(made.count + rejected.count)
        var next = (made: 0, rejected: 0)
        files.forEach(at: 0..<files.count) { position, path, _, _ in
            if next.rejected < positions.count, positions[next.rejected] == position {
                notes.append(rejected[next.rejected])
                next.rejected += 1
            } else if next.made < made.count, made[next.made].path == path {
                notes.append(made[next.made])
                next.made += 1
            }
        }
        return next.made == made.count && next.rejected == rejected.count ? notes : nil
    }
}
