import VaultPlatform

/// What reading notes has shown about needles the word index cannot decide alone (a
/// phrase, a needle with punctuation): for each needle searched lately, which documents
/// were read and which of those hold it. A server asked the same phrase again (the next
/// page, the list refreshed after a save, the same search typed again) reads only the
/// notes it has not read for that needle, instead of every candidate the pairs leave.
///
/// Kept by document, not by path: a document is one note at one stamp, and a note that
/// changes gets a new document, so a verdict never outlives the text it was read from.
/// Forgotten when the documents are renumbered (compaction) or the file changes.
final class TextVerdicts: Sendable {
    /// The verdicts of one needle, by document (the file's with `WordIndex.View.fileDocument`).
    struct Needle: Sendable {
        fileprivate var contentsRead = DocumentBits(), contentsHeld = DocumentBits()
        fileprivate var fileRead = DocumentBits(), fileHeld = DocumentBits()

        /// True or false when the document was read for this needle; nil when it was not.
        func verdict(_ document: UInt32) -> Bool? {
            guard document != .max else { return nil }
            if document & WordIndex.View.fileDocument != 0 {
                let number = document & ~WordIndex.View.fileDocument
                return fileRead.contains(number) ? fileHeld.contains(number) : nil
            }
            return contentsRead.contains(document) ? contentsHeld.contains(document) : nil
        }

        fileprivate mutating func record(_ document: UInt32, holds: Bool) {
            if document & WordIndex.View.fileDocument != 0 {
                let number = document & ~WordIndex.View.fileDocument
                fileRead.insert(number)
                if holds { fileHeld.insert(number) }
            } else {
                contentsRead.insert(document)
                if holds { contentsHeld.insert(document) }
            }
        }
    }

    /// What the documents' numbers mean: the index's renumbering and its file.
    struct Generation: Equatable, Sendable {
        let renumbering: Int
        let file: ObjectIdentifier?
    }

    private struct State {
        var generation: Generation?
        var needles: [[UInt32]: Needle] = [:]
        /// The needles, least recently used first.
        var order: [[UInt32]] = []
    }

    private let state = Locked(State())
    /// How many needles are kept: each is two bits a document of each part at most
    /// (512 KB at a million notes).
    private let capacity: Int

    init(capacity: Int = 32) {
        self.capacity = capacity
    }

    /// The verdicts known for each of `needles` (empty for one never read).
    func known(_ needles: [[UInt32]], in generation: Generation) -> [Needle] {
        state.withLock { state in
            guard state.generation == generation else { return needles.map { _ in Needle() } }
            return needles.map { needle in
                guard let known = state.needles[needle] else { return Needle() }
                if let index = state.order.firstIndex(of: needle) { state.order.append(state.order.remove(at: index)) }
                return known
            }
        }
    }

    /// Keeps what reading showed: for each entry, the needle, the document and whether it
    /// holds the needle.
    func record(_ verdicts: [(needle: [UInt32], document: UInt32, holds: Bool)], in generation: Generation) {
        guard !verdicts.isEmpty else { return }
        state.withLock { state in
            if state.generation != generation {
                state = State(generation: generation)
            }
            for verdict in verdicts where verdict.document != .max {
                if state.needles[verdict.needle] == nil {
                    if state.order.count >= capacity { state.needles[state.order.removeFirst()] = nil }
                    state.order.append(verdict.needle)
                }
                state.needles[verdict.needle, default: Needle()].record(verdict.document, holds: verdict.holds)
            }
        }
    }
}

/// A set of document numbers, a bit each, growing as needed.
private struct DocumentBits: Sendable {
    private var bits: [UInt64] = []

    func contains(_ document: UInt32) -> Bool {
        let block = Int(document >> 6)
        return block < bits.count && bits[block] & (1 << UInt64(document & 63)) != 0
    }

    mutating func insert(_ document: UInt32) {
        let block = Int(document >> 6)
        if block >= bits.count { bits += [UInt64](repeating: 0, count: max(block + 1 - bits.count, bits.count / 4)) }
        bits[block] |= 1 << UInt64(document & 63)
    }
}
