/// A list kept in chunks of a few thousand entries, each behind its own copy-on-write: a
/// copy of the list shares every chunk, and an edit of the copy copies only the chunks it
/// touches and the table of chunks. What lets each snapshot of the live index hold a
/// million-entry list that differs from the one before by a note or two, at the cost of
/// those notes rather than of the million (an `Array` is copied whole at the first edit).
///
/// Chunks hold from one up to `2 × chunkSize` entries: an insertion goes into the chunk
/// it lands in (split in two when full), and a chunk emptied by removals goes, so no edit
/// shifts the entries of other chunks.
package struct ChunkedList<Element> {
    /// One chunk's entries; changed in place only while no other list holds it.
    fileprivate final class Chunk {
        var elements: [Element]
        init(_ elements: [Element]) { self.elements = elements }
    }

    /// The entries a chunk is made with; it may grow to twice that before it splits.
    package let chunkSize: Int
    private var chunks: [Chunk] = []
    /// `ends[c]`: the number of entries in chunks `0...c`.
    private var ends: [Int] = []
    /// Told of each chunk copied because another list shared it (a test's count).
    let copies: ChunkCopies?

    /// The list of `elements`.
    package init(_ elements: some Collection<Element>, chunkSize: Int = 4096, copies: ChunkCopies? = nil) {
        precondition(chunkSize > 0)
        self.chunkSize = chunkSize
        self.copies = copies
        var start = elements.startIndex
        var end = 0
        while start != elements.endIndex {
            let stop = elements.index(start, offsetBy: chunkSize, limitedBy: elements.endIndex) ?? elements.endIndex
            let chunk = Array(elements[start..<stop])
            end += chunk.count
            chunks.append(Chunk(chunk))
            ends.append(end)
            start = stop
        }
    }

    /// The empty list.
    package init(chunkSize: Int = 4096, copies: ChunkCopies? = nil) {
        self.init([], chunkSize: chunkSize, copies: copies)
    }

    /// How many chunks the list has (for tests of how an edit is shared).
    var chunkCount: Int { chunks.count }

    /// A list of `elements` made as this one is (chunk size, counter), each of its chunks
    /// counted as copied: what an edit that makes the list again costs.
    func remade(from elements: [Element]) -> ChunkedList {
        let list = ChunkedList(elements, chunkSize: chunkSize, copies: copies)
        copies?.add(list.chunkCount)
        return list
    }

    /// Inserts `element` at `position` (`0...count`).
    mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "position out of range")
        guard !chunks.isEmpty else {
            chunks = [Chunk([element])]
            ends = [1]
            return
        }
        // At a chunk's end rather than the next one's start: appending never copies a
        // chunk it does not need.
        var chunk = chunkIndex(containing: Swift.max(position - 1, 0))
        let offset = position - start(of: chunk)
        makeUnique(chunk)
        chunks[chunk].elements.insert(element, at: offset)
        for later in chunk..<ends.count { ends[later] += 1 }
        if chunks[chunk].elements.count >= 2 * chunkSize {
            let elements = chunks[chunk].elements, half = elements.count / 2
            chunks[chunk] = Chunk(Array(elements[..<half]))
            chunks.insert(Chunk(Array(elements[half...])), at: chunk + 1)
            ends.insert(ends[chunk], at: chunk + 1)
            ends[chunk] -= elements.count - half
            chunk += 1
        }
    }

    /// Removes the entry at `position` and returns it.
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "position out of range")
        let chunk = chunkIndex(containing: position)
        let offset = position - start(of: chunk)
        if chunks[chunk].elements.count == 1 {
            let element = chunks[chunk].elements[0]
            chunks.remove(at: chunk)
            ends.remove(at: chunk)
            for later in chunk..<ends.count { ends[later] -= 1 }
            return element
        }
        makeUnique(chunk)
        let element = chunks[chunk].elements.remove(at: offset)
        for later in chunk..<ends.count { ends[later] -= 1 }
        return element
    }

    /// Appends `element`.
    mutating func append(_ element: Element) {
        insert(element, at: count)
    }

    /// Removes the entries at `positions` (ascending, each once): one by one when they are
    /// few, the list made again when they are many (a `git pull` that deletes thousands).
    mutating func remove(atAscending positions: [Int]) {
        guard !positions.isEmpty else { return }
        guard positions.count > Swift.max(16, count / chunkSize) else {
            for position in positions.reversed() { remove(at: position) }
            return
        }
        var kept: [Element] = []
        kept.reserveCapacity(count - positions.count)
        var next = 0
        forEachChunk { start, elements in
            for offset in elements.indices {
                if next < positions.count, positions[next] == start + offset { next += 1 } else { kept.append(elements[offset]) }
            }
        }
        self = remade(from: kept)
    }

    /// The first position whose entry `predicate` accepts, through the chunks: no search
    /// per entry, as `firstIndex(where:)` makes by subscript.
    func firstPosition(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        for index in chunks.indices {
            let found = try chunks[index].elements.withUnsafeBufferPointer { elements in try elements.firstIndex(where: predicate) }
            if let found { return start(of: index) + found }
        }
        return nil
    }

    /// The chunk whose entries include `position` (`0..<count`).
    private func chunkIndex(containing position: Int) -> Int {
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func start(of chunk: Int) -> Int { chunk == 0 ? 0 : ends[chunk - 1] }

    /// Copies chunk `index` when another list holds it too.
    private mutating func makeUnique(_ index: Int) {
        guard !isKnownUniquelyReferenced(&chunks[index]) else { return }
        chunks[index] = Chunk(chunks[index].elements)
        copies?.add(1)
    }
}

extension ChunkedList: RandomAccessCollection {
    package var startIndex: Int { 0 }
    package var endIndex: Int { ends.last ?? 0 }

    package subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "position out of range")
            let chunk = chunkIndex(containing: position)
            return chunks[chunk].elements[position - start(of: chunk)]
        }
        set {
            precondition(position >= 0 && position < count, "position out of range")
            let chunk = chunkIndex(containing: position)
            makeUnique(chunk)
            chunks[chunk].elements[position - start(of: chunk)] = newValue
        }
    }

    /// Walks the chunks, not a search per entry.
    package struct Iterator: IteratorProtocol {
        fileprivate let chunks: [Chunk]
        fileprivate var chunk = 0
        fileprivate var current: [Element] = []
        fileprivate var offset = 0

        package mutating func next() -> Element? {
            while offset == current.count {
                guard chunk < chunks.count else { return nil }
                current = chunks[chunk].elements
                chunk += 1
                offset = 0
            }
            defer { offset += 1 }
            return current[offset]
        }
    }

    package func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// Reads entries by position, a search only when the position is outside the chunk
    /// read last: ascending positions cost no search.
    package struct Reader {
        private let list: ChunkedList
        private var chunk = -1
        private var current: [Element] = []
        private var start = 0
        private var end = 0

        fileprivate init(_ list: ChunkedList) { self.list = list }

        package mutating func callAsFunction(_ position: Int) -> Element {
            if position < start || position >= end {
                precondition(position >= 0 && position < list.count, "position out of range")
                let next = chunk + 1
                chunk = next < list.ends.count && position >= end && position < list.ends[next] ? next : list.chunkIndex(containing: position)
                current = list.chunks[chunk].elements
                start = list.start(of: chunk)
                end = list.ends[chunk]
            }
            return current[position - start]
        }
    }

    /// A reader of the list as it is now.
    package var reader: Reader { Reader(self) }

    /// The entries as an array, copied chunk by chunk.
    package var array: [Element] {
        var array: [Element] = []
        array.reserveCapacity(count)
        for chunk in chunks { array.append(contentsOf: chunk.elements) }
        return array
    }

    /// Calls `body` with each chunk's entries in order, for a loop that wants a buffer: the
    /// list read in place, no entry copied.
    package func forEachChunk(_ body: (_ start: Int, _ elements: [Element]) throws -> Void) rethrows {
        for index in chunks.indices { try body(start(of: index), chunks[index].elements) }
    }

    /// Stands for one chunk, the same for every list that shares it, for as long as it is
    /// held: a chunk never changes while anything else holds it (`makeUnique`), so what was
    /// worked out from a chunk's entries (the notes of each tag) holds while its reference
    /// is equal.
    package struct ChunkReference: Hashable, @unchecked Sendable {
        // Held, never changed through: the chunk's identity, not its entries.
        fileprivate let chunk: Chunk

        package static func == (left: ChunkReference, right: ChunkReference) -> Bool { left.chunk === right.chunk }
        package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(chunk)) }
    }

    /// Calls `body` with each chunk's start, entries and reference, in order.
    func forEachChunk(_ body: (_ start: Int, _ elements: [Element], _ reference: ChunkReference) throws -> Void) rethrows {
        for index in chunks.indices { try body(start(of: index), chunks[index].elements, ChunkReference(chunk: chunks[index])) }
    }
}

extension ChunkedList: @unchecked Sendable where Element: Sendable {}
// A chunk is changed only while one list alone holds it (`makeUnique`), so lists on
// different threads never change one they share.

extension ChunkedList: Equatable where Element: Equatable {
    package static func == (left: ChunkedList, right: ChunkedList) -> Bool { left.elementsEqual(right) }
}
