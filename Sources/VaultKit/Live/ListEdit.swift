/// How a snapshot's list of notes came from the one before: some positions removed, then
/// each re-read note inserted where list order puts it. Replayed on what is kept for each
/// position of the list (the word index's document of each note, `WordPositions`), so that
/// a save re-works the notes it touched, not every note of the vault.
struct ListEdit: Sendable {
    /// Positions in the list before, ascending.
    let removed: [Int]
    /// Each inserted note, with the position it was inserted at, in the order inserted.
    let inserted: [(position: Int, note: Note)]
    /// Every path removed or inserted.
    let paths: Set<String>

    /// `sorted` without the notes at `paths`, with `notes` inserted in list order (as
    /// `VaultIndex.sorted(_:removing:inserting:)` makes it), and the edit that made it.
    static func apply(to sorted: [Note], removing paths: [String], inserting notes: [Note]) -> (sorted: [Note], edit: ListEdit) {
        let gone = Set(paths)
        // A save removes a path or two: comparing them is cheaper than hashing every path,
        // and no note is copied to look at its path (a copy retains its every reference:
        // one by one, that was most of a save's work at a million notes).
        var removed: [Int] = []
        sorted.withUnsafeBufferPointer { notes in
            for position in notes.indices where paths.count <= 16 ? paths.contains(notes[position].path) : gone.contains(notes[position].path) {
                removed.append(position)
            }
        }
        var result = without(removed, in: sorted, reserving: notes.count)
        var inserted: [(position: Int, note: Note)] = []
        for note in notes {
            var low = 0, high = result.count
            while low < high {
                let middle = (low + high) / 2
                if VaultIndex.listOrder(result[middle], note) { low = middle + 1 } else { high = middle }
            }
            result.insert(note, at: low)
            inserted.append((low, note))
        }
        return (result, ListEdit(removed: removed, inserted: inserted, paths: gone.union(notes.map(\.path))))
    }

    /// `values`, one for each position of the list before, as they are for the list after:
    /// those of removed positions left out, `value(note)` for each inserted note.
    func replay<Value>(on values: [Value], _ value: (Note) -> Value) -> [Value] {
        var result = Self.without(removed, in: values, reserving: inserted.count)
        for (position, note) in inserted { result.insert(value(note), at: position) }
        return result
    }

    /// Where each of the `count` positions of the list before is in the list after (-1:
    /// removed), and where each inserted note ended up.
    func moves(count: Int) -> (moved: [Int32], inserted: [(position: Int, note: Note)]) {
        var number: Int32 = -1
        // Positions before, inserted notes as -2, -3, … in the order inserted.
        let after = replay(on: (0..<Int32(count)).map { $0 }) { _ in
            number -= 1
            return number
        }
        var moved = [Int32](repeating: -1, count: count)
        var placed = [Int](repeating: 0, count: inserted.count)
        for (position, value) in after.enumerated() {
            if value >= 0 { moved[Int(value)] = Int32(position) } else { placed[Int(-value - 2)] = position }
        }
        return (moved, zip(placed, inserted).map { ($0, $1.note) })
    }

    /// `values` without the (ascending) positions `removed`: the runs between them, each
    /// copied at once, with room for `extra` more.
    private static func without<Value>(_ removed: [Int], in values: [Value], reserving extra: Int) -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(values.count - removed.count + extra)
        var next = 0
        for position in removed {
            result.append(contentsOf: values[next..<position])
            next = position + 1
        }
        result.append(contentsOf: values[next...])
        return result
    }
}
