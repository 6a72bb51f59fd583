/// One replacement in a file's bytes: at `offset`, `removed` gave way to `inserted`.
///
/// What an operation changed in a file, kept in its history record so that `vault undo`
/// can put back exactly those bytes and nothing else.
public struct ByteSplice: Sendable, Equatable {
    /// Where `removed` starts in the bytes before the change.
    public var offset: Int
    public var removed: [UInt8]
    public var inserted: [UInt8]

    public init(offset: Int, removed: [UInt8], inserted: [UInt8]) {
        self.offset = offset
        self.removed = removed
        self.inserted = inserted
    }

    /// `bytes` with `splices` (in offset order, not overlapping, offsets in `bytes`)
    /// applied; nil when a splice's `removed` is not what `bytes` holds there.
    public static func apply(_ splices: [ByteSplice], to bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + splices.reduce(0) { $0 + $1.inserted.count - $1.removed.count })
        var position = 0
        for splice in splices {
            let end = splice.offset + splice.removed.count
            guard splice.offset >= position, end <= bytes.count, bytes[splice.offset..<end].elementsEqual(splice.removed) else { return nil }
            result.append(contentsOf: bytes[position..<splice.offset])
            result.append(contentsOf: splice.inserted)
            position = end
        }
        result.append(contentsOf: bytes[position...])
        return result
    }

    /// The splices that turn the result of `splices` back into the bytes they were applied to.
    public static func inverted(_ splices: [ByteSplice]) -> [ByteSplice] {
        var shift = 0
        return splices.map { splice in
            defer { shift += splice.inserted.count - splice.removed.count }
            return ByteSplice(offset: splice.offset + shift, removed: splice.inserted, inserted: splice.removed)
        }
    }

    /// The one splice between `before` and `after` (their common start and end left out),
    /// on character boundaries; empty when they are equal.
    public static func between(_ before: [UInt8], _ after: [UInt8]) -> [ByteSplice] {
        guard before != after else { return [] }
        var prefix = 0
        let shorter = min(before.count, after.count)
        while prefix < shorter, before[prefix] == after[prefix] { prefix += 1 }
        // Never split a character: back up to the start of one.
        while prefix > 0, prefix < before.count, before[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < shorter - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        while suffix > 0, before[before.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        return [ByteSplice(offset: prefix, removed: Array(before[prefix..<(before.count - suffix)]),
                           inserted: Array(after[prefix..<(after.count - suffix)]))]
    }
}
