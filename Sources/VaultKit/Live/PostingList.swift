/// Ascending document numbers, each stored as its distance from the one before in 7-bit
/// groups (a byte for a distance under 128): about a byte a document for a common word,
/// where an array of `UInt32` takes four, and the word index holds hundreds a note.
struct PostingList: Sendable {
    private var bytes: [UInt8] = []
    /// The last document appended (meaningless while empty).
    private var last: UInt32 = 0

    var isEmpty: Bool { bytes.isEmpty }

    /// The bytes the list holds room for, for the index's size estimate.
    var capacity: Int { bytes.capacity }

    /// Appends `document`, which is larger than every document before it or the last one
    /// again (then nothing changes: a note's pairs may share a bucket).
    mutating func append(_ document: UInt32) {
        guard bytes.isEmpty || document > last else { return }
        // A long list grows by a quarter, not doubled as appending would: while the index
        // is built, the room lists grow into is most of the server's memory beyond the
        // index itself. A short one doubles: growing by a quarter from a few bytes copied
        // each list thirty times on its way to a thousand documents.
        if bytes.capacity - bytes.count < 5 { bytes.reserveCapacity(bytes.count < 4096 ? bytes.count * 2 + 8 : bytes.count + bytes.count / 4) }
        var distance = bytes.isEmpty ? document : document - last
        while distance >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: distance) | 0x80)
            distance >>= 7
        }
        bytes.append(UInt8(distance))
        last = document
    }

    /// The encoded bytes, as a word index file keeps them.
    var encoded: [UInt8] { bytes }

    /// Calls `body` with each document, in ascending order.
    @inline(__always)
    func forEach(_ body: (UInt32) -> Void) {
        bytes.withUnsafeBytes { _ = PostingList.forEach(in: $0, below: 1 << 32, body) }
    }

    /// Calls `body` with each document `bytes` encode, in ascending order, while they are
    /// below `limit`; false when the bytes are not a list (cut short, a distance too long,
    /// a document at or past `limit`): read from a file, they are checked as they go.
    @inline(__always)
    static func forEach(in bytes: UnsafeRawBufferPointer, below limit: UInt64, _ body: (UInt32) -> Void) -> Bool {
        var index = 0
        var document: UInt32 = 0
        var first = true
        while index < bytes.count {
            var distance: UInt32 = 0
            var shift: UInt32 = 0
            while true {
                guard index < bytes.count, shift < 32 else { return false }
                let byte = bytes[index]
                index += 1
                distance |= UInt32(byte & 0x7F) << shift
                guard byte & 0x80 != 0 else { break }
                shift += 7
            }
            let (next, overflow) = document.addingReportingOverflow(distance)
            guard !overflow, UInt64(next) < limit, first || distance > 0 else { return false }
            first = false
            document = next
            body(document)
        }
        return true
    }

    /// Appends every document of `other`, whose first is larger than this list's last.
    mutating func append(contentsOf other: PostingList) {
        other.forEach { append($0) }
    }

    /// The list with each document `renumbered` maps, those it maps to `UInt32.max` left
    /// out (the map keeps the order, as compaction's does).
    func renumbered(_ renumbered: [UInt32]) -> PostingList {
        var list = PostingList()
        forEach { document in
            let number = renumbered[Int(document)]
            if number != .max { list.append(number) }
        }
        list.trim()
        return list
    }

    /// Gives back the room appending grew into.
    mutating func trim() {
        if bytes.capacity > bytes.count { bytes = bytes.withUnsafeBufferPointer { Array($0) } }
    }
}
