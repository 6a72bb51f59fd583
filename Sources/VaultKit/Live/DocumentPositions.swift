/// Where each word index document is in a snapshot's list: the inverse of the list's
/// documents (`WordPositions`), so that a word search walks from the documents its
/// postings name to their notes instead of testing every note of a million.
struct DocumentPositions: Sendable {
    /// Document of the in-memory part → position in the list; -1: not in the list (dead,
    /// or a note the list has as another document).
    let contents: [Int32]
    /// Document of the file → position in the list; -1 as above.
    let file: [Int32]
    /// The positions of the notes neither part describes as they are (read to answer).
    let unindexed: [Int32]

    /// The inverse of `documents` (one a position, as `WordPositions` makes them), for
    /// `contentsSlots` documents in memory and `fileSlots` in the file.
    init(_ documents: ChunkedList<UInt32>, contentsSlots: Int, fileSlots: Int) {
        var contents = [Int32](repeating: -1, count: contentsSlots)
        var file = [Int32](repeating: -1, count: fileSlots)
        var unindexed: [Int32] = []
        documents.forEachChunk { start, chunk in
            for (offset, document) in chunk.enumerated() {
                let position = Int32(start + offset)
                if document == .max {
                    unindexed.append(position)
                } else if document & WordIndex.View.fileDocument != 0 {
                    let number = Int(document & ~WordIndex.View.fileDocument)
                    if number < file.count { file[number] = position } else { unindexed.append(position) }
                } else if Int(document) < contents.count {
                    contents[Int(document)] = position
                } else {
                    unindexed.append(position)
                }
            }
        }
        self.contents = contents
        self.file = file
        self.unindexed = unindexed
    }

    /// The positions of the notes `required` (of the in-memory part) and `fileRequired`
    /// (of the file) leave possible, with every unindexed note, ascending: every position
    /// outside them is surely not an answer.
    func candidates(required: WordAnswer, fileRequired: WordAnswer?) -> [Int] {
        var positions = unindexed.map { Int($0) }
        Self.collect(required.bits, through: contents, into: &positions)
        if let fileRequired { Self.collect(fileRequired.bits, through: file, into: &positions) }
        positions.sort()
        return positions
    }

    /// Appends the position of each document whose bit is set in `bits` and which is in
    /// the list.
    private static func collect(_ bits: [UInt64], through positions: [Int32], into found: inout [Int]) {
        for block in bits.indices where bits[block] != 0 {
            var word = bits[block]
            while word != 0 {
                let document = block << 6 | word.trailingZeroBitCount
                word &= word - 1
                guard document < positions.count else { return }
                let position = positions[document]
                if position >= 0 { found.append(Int(position)) }
            }
        }
    }
}
