/// How a snapshot's list of notes came from the one before: some positions removed, and
/// the re-read notes inserted where list order puts them. Replayed on what is kept for each
/// position of the list (the word index's document of each note, `WordPositions`), so that
/// a save re-works the notes it touched, not every note of the vault.
///
/// Lists are `ChunkedList`s: a save edits the chunks it touches; a bulk change (a `git
/// pull` of thousands of notes) makes the list again in one pass, merging the kept runs
/// with the inserted notes, never inserting note by note into a million.
struct ListEdit: Sendable {
    /// Positions in the list before, ascending.
    let removed: [Int]
    /// Each inserted note with its position in the list after, ascending.
    let inserted: [(position: Int, note: Note)]
    /// Every path removed or inserted.
    let paths: Set<String>

    /// `sorted` without the notes `old` (as they were when `sorted` was made: each is
    /// found by its place in list order), with `notes` inserted in list order (as
    /// `VaultIndex.sorted(_:removing:inserting:)` makes it), and the edit that made it.
    static func apply(to sorted: ChunkedList<Note>, removing old: [Note], inserting notes: [Note]) -> (sorted: ChunkedList<Note>, edit: ListEdit) {
        var reader = sorted.reader
        var removed: [Int] = []
        var lost: Set<String> = []
        for note in old {
            if let position = position(of: note, in: sorted, reader: &reader) { removed.append(position) } else { lost.insert(note.path) }
        }
        // A note not where its order puts it (never, while the list is sorted): looked for
        // by path, through the chunks, no note copied.
        if !lost.isEmpty {
            sorted.forEachChunk { start, chunk in
                chunk.withUnsafeBufferPointer { notes in
                    for offset in notes.indices where lost.contains(notes[offset].path) { removed.append(start + offset) }
                }
            }
        }
        removed = Array(Set(removed)).sorted()
        // The inserted notes in list order; of notes that tie, the one given last first,
        // where inserting them one by one would put it.
        let order = notes.indices.sorted { a, b in
            VaultIndex.listOrder(notes[a], notes[b]) || (!VaultIndex.listOrder(notes[b], notes[a]) && a > b)
        }
        var inserted: [(position: Int, note: Note)] = []
        inserted.reserveCapacity(notes.count)
        for (rank, index) in order.enumerated() {
            let note = notes[index]
            // Before every note of the list it does not follow: the list before is sorted,
            // so those it follows are a run at its start, removed ones included.
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if VaultIndex.listOrder(reader(middle), note) { low = middle + 1 } else { high = middle }
            }
            inserted.append((low - removed.countBelow(low) + rank, note))
        }
        let edit = ListEdit(removed: removed, inserted: inserted, paths: Set(old.map(\.path) + notes.map(\.path)))
        return (edit.replay(on: sorted) { $0 }, edit)
    }

    /// Where `note` is in `sorted`: found among the notes that tie with it in list order.
    private static func position(of note: Note, in sorted: ChunkedList<Note>, reader: inout ChunkedList<Note>.Reader) -> Int? {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if VaultIndex.listOrder(reader(middle), note) { low = middle + 1 } else { high = middle }
        }
        var position = low
        while position < sorted.count {
            let there = reader(position)
            if there.path == note.path { return position }
            if VaultIndex.listOrder(note, there) { return nil }
            position += 1
        }
        return nil
    }

    /// `values`, one for each position of the list before, as they are for the list after:
    /// those of removed positions left out, `value(note)` for each inserted note.
    func replay<Value>(on values: ChunkedList<Value>, _ value: (Note) -> Value) -> ChunkedList<Value> {
        // An edit of a chunk costs about a chunk; making the list again, the whole list.
        guard removed.count + inserted.count > max(16, values.count / values.chunkSize) else {
            var result = values
            for position in removed.reversed() { result.remove(at: position) }
            for (position, note) in inserted { result.insert(value(note), at: position) }
            return result
        }
        var merged: [Value] = []
        merged.reserveCapacity(values.count - removed.count + inserted.count)
        var reader = values.reader
        var before = 0, removedIndex = 0
        /// Copies the kept values of the list before until the list after has `count`.
        func keep(until count: Int) {
            while merged.count < count, before < values.count {
                if removedIndex < removed.count, removed[removedIndex] == before {
                    removedIndex += 1
                } else {
                    merged.append(reader(before))
                }
                before += 1
            }
        }
        for (position, note) in inserted {
            keep(until: position)
            merged.append(value(note))
        }
        keep(until: .max)
        return values.remade(from: merged)
    }
}

extension [Int] {
    /// How many of these ascending positions are below `position`.
    fileprivate func countBelow(_ position: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
