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
    /// Where each one's entry is in the main file, as the scan found it
    /// (`NoteCache.mainPlace(of:position:stamp:)`); empty when the scan's filter did not
    /// keep them (`ScanFilter.keepsEntryPlaces`).
    private let places: [Int]
    /// The notes the scan made, in the order of `files`.
    private let made: [Note]
    private let every = Locked<[Note]??>(nil)

    init(cache: NoteCache, files: WalkFiles, positions: [Int], places: [Int], made: [Note]) {
        self.cache = cache
        self.files = files
        self.positions = positions
        self.places = places
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

    /// Every note the scan listed that has a task, in its order, as the agenda reads it
    /// (`TaskNotes`): the rejected ones' order keys and task lists straight from their
    /// entries, summed as `everyNote()` sums them, without making their notes. A note
    /// without a task (four in ten of a large vault) has neither records nor problems, and
    /// is left out here rather than sorted, merged and its path escaped for nothing. Nil
    /// when a rejected note's entry is not sound now, or the scan did not keep where the
    /// entries are (`ScanFilter.keepsEntryPlaces`).
    func taskNotes() -> TaskNotes? {
        let (cache, files, positions, places, made) = (cache, files, positions, places, made)
        guard places.count == positions.count else { return nil }
        Note.readLaterValues(of: made)
        let chunks = ParallelChunks.map(count: positions.count, chunk: 4096) { range -> [(key: ListOrderKey, list: ByteReader?)]? in
            var held: [(key: ListOrderKey, list: ByteReader?)] = []
            held.reserveCapacity(range.count)
            for rank in range {
                // At the place the scan found it: not looked up again by path.
                guard let (key, values) = cache.heldValues(atPlace: places[rank], position: positions[rank]) else { return nil }
                let list = values.reader(at: NoteTasks.self)
                held.append((key, Self.hasNoTask(list) ? nil : list))
            }
            return held
        }
        let total = made.count + positions.count
        var paths: [String] = []
        var keys: [ListOrderKey] = []
        var lists: [ByteReader] = []
        // Where each note is: its listing position when rejected, else -1 - its place in `made`.
        var origins: [Int] = []
        paths.reserveCapacity(total)
        keys.reserveCapacity(total)
        lists.reserveCapacity(total)
        origins.reserveCapacity(total)
        var next = (made: 0, rejected: 0, chunk: 0, inChunk: 0)
        var sound = true
        // Merged by position, as `everyNote()` merges them.
        files.forEach(at: 0..<files.count) { position, path, _, _ in
            if next.rejected < positions.count, positions[next.rejected] == position {
                guard sound, let chunk = chunks[next.chunk] else {
                    sound = false
                    return
                }
                let (key, list) = chunk[next.inChunk]
                (next.rejected, next.inChunk) = (next.rejected + 1, next.inChunk + 1)
                if next.inChunk == chunk.count { (next.chunk, next.inChunk) = (next.chunk + 1, 0) }
                guard let list else { return }
                paths.append(path)
                keys.append(key)
                lists.append(list)
                origins.append(position)
            } else if next.made < made.count, made[next.made].path == path {
                let note = made[next.made]
                let list = note.encodedValue(of: NoteTasks.self)
                if !Self.hasNoTask(list) {
                    paths.append(path)
                    keys.append(note.orderKey)
                    lists.append(list)
                    origins.append(-1 - next.made)
                }
                next.made += 1
            }
        }
        guard sound, next.made == made.count, next.rejected == positions.count else { return nil }
        return TaskNotes(paths: paths, keys: keys, lists: lists, keeper: self) { index in
            origins[index] < 0 ? made[-1 - origins[index]] : cache.heldNote(at: paths[index], position: origins[index])
        }
    }

    /// True when the task list at `list` says it holds no task. A list whose count does
    /// not read is kept: reading its records then finds it damaged.
    private static func hasNoTask(_ list: ByteReader) -> Bool {
        var reader = list
        return NoteTaskList.count(from: &reader, statuses: .all)?.total == 0
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
