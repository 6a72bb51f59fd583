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
    /// Where each of `made` was listed, in order (as many as `made`, filled in one loop):
    /// both lists are merged by position.
    private let madePositions: [Int]
    private let every = Locked<[Note]??>(nil)

    init(cache: NoteCache, files: WalkFiles, positions: [Int], places: [Int], made: [Note], madePositions: [Int]) {
        self.cache = cache
        self.files = files
        self.positions = positions
        self.places = places
        self.made = made
        self.madePositions = madePositions
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
        // Everything about a rejected note on all cores, its path too: merging them one by
        // one on one core, through the whole listing, was a third of this.
        let chunks = ParallelChunks.map(count: positions.count, chunk: 4096) { range -> TaskColumns? in
            var held = TaskColumns(capacity: range.count)
            for rank in range {
                // At the place the scan found it: not looked up again by path.
                guard let (key, values) = cache.heldValues(atPlace: places[rank], position: positions[rank]) else { return nil }
                let list = values.reader(at: NoteTasks.self)
                if !Self.hasNoTask(list) { held.append(path: files[positions[rank]], key: key, list: list, origin: positions[rank]) }
            }
            return held
        }
        var merged = TaskColumns(capacity: chunks.reduce(made.count) { $0 + ($1?.origins.count ?? 0) })
        let merging = inListingOrder(chunks, listed: { $0.origins[...] }) { place in
            merged.append(made: made[place], at: place)
        } held: { chunk, index in
            merged.append(path: chunk.paths[index], key: chunk.keys[index], list: chunk.lists[index], origin: chunk.origins[index])
        } whole: { chunk in
            merged.append(contentsOf: chunk)
        }
        guard merging else { return nil }
        let (paths, origins) = (merged.paths, merged.origins)
        return TaskNotes(paths: paths, keys: merged.keys, lists: merged.lists, keeper: self) { index in
            origins[index] < 0 ? made[-1 - origins[index]] : cache.heldNote(at: paths[index], position: origins[index])
        }
    }

    /// The notes `taskNotes()` gathers, column by column.
    private struct TaskColumns: @unchecked Sendable {
        var paths: [String] = []
        var keys: [ListOrderKey] = []
        var lists: [ByteReader] = []
        /// Where each note is: its listing position when rejected, else -1 - its place in `made`.
        var origins: [Int] = []

        init(capacity: Int) {
            paths.reserveCapacity(capacity)
            keys.reserveCapacity(capacity)
            lists.reserveCapacity(capacity)
            origins.reserveCapacity(capacity)
        }

        mutating func append(path: String, key: ListOrderKey, list: ByteReader, origin: Int) {
            paths.append(path)
            keys.append(key)
            lists.append(list)
            origins.append(origin)
        }

        mutating func append(contentsOf other: TaskColumns) {
            paths += other.paths
            keys += other.keys
            lists += other.lists
            origins += other.origins
        }

        /// The note made at `place` in `made`, if it has a task.
        mutating func append(made note: Note, at place: Int) {
            let list = note.encodedValue(of: NoteTasks.self)
            if !RejectedNotes.hasNoTask(list) { append(path: note.path, key: note.orderKey, list: list, origin: -1 - place) }
        }
    }

    /// True when the task list at `list` says it holds no task. A list whose count does
    /// not read is kept: reading its records then finds it damaged.
    private static func hasNoTask(_ list: ByteReader) -> Bool {
        var reader = list
        return NoteTaskList.count(from: &reader, statuses: .all)?.total == 0
    }

    private func make() -> [Note]? {
        let (cache, files, positions, made) = (cache, files, positions, made)
        let chunks = ParallelChunks.map(count: positions.count, chunk: 4096) { range -> (notes: [Note], listed: ArraySlice<Int>)? in
            var notes: [Note] = []
            notes.reserveCapacity(range.count)
            for position in positions[range] {
                guard let note = cache.heldNote(at: files[position], position: position) else { return nil }
                notes.append(note)
            }
            return (notes, positions[range])
        }
        // A listed file that is in neither list (unreadable, binary) is left out, as the
        // scan left it out.
        var notes: [Note] = []
        notes.reserveCapacity(made.count + positions.count)
        let merging = inListingOrder(chunks, listed: \.listed) { place in
            notes.append(made[place])
        } held: { chunk, index in
            notes.append(chunk.notes[index])
        } whole: { chunk in
            notes += chunk.notes
        }
        return merging ? notes : nil
    }

    /// Walks the notes made and the chunks of rejected ones together, in listing order,
    /// by their positions (both lists are in that order): `made` with each made note's
    /// place in `made`, `held` with a chunk and the offset of one of its notes, and `whole`
    /// with a chunk that has no made note listed among its own (a vault read from its
    /// cache), joined at once. False when a chunk is missing: an entry was not sound.
    private func inListingOrder<Chunk>(
        _ chunks: [Chunk?], listed: (Chunk) -> ArraySlice<Int>,
        made: (Int) -> Void, held: (Chunk, Int) -> Void, whole: (Chunk) -> Void
    ) -> Bool {
        var next = 0
        for chunk in chunks {
            guard let chunk else { return false }
            let positions = listed(chunk)
            if next == madePositions.count || positions.last.map({ madePositions[next] > $0 }) ?? true {
                whole(chunk)
                continue
            }
            for (offset, position) in positions.enumerated() {
                while next < madePositions.count, madePositions[next] < position {
                    made(next)
                    next += 1
                }
                held(chunk, offset)
            }
        }
        while next < madePositions.count {
            made(next)
            next += 1
        }
        return true
    }
}
