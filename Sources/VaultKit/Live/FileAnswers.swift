import VaultPlatform

/// The word index file's answers to the needles searched lately. The file does not change
/// while it is mapped, so its answer to a needle (a bit for each of its million documents,
/// made by decoding the postings of every word that may hold it and its pairs' buckets)
/// is made once, not on every search of the same needle.
final class FileAnswers: Sendable {
    private struct Entry {
        let file: ObjectIdentifier
        let needle: [UInt32]
        let answer: WordAnswer?
    }

    /// Least recently used first.
    private let entries = Locked<[Entry]>([])
    /// Each entry is a bit a document of the file: 128 KB at a million notes.
    private let capacity: Int

    init(capacity: Int = 16) {
        self.capacity = capacity
    }

    /// `file`'s answer to `matcher`, made by `make` when not kept.
    func answer(_ matcher: TextMatcher, of file: WordSegment, make: () -> WordAnswer?) -> WordAnswer? {
        let identity = ObjectIdentifier(file)
        let kept = entries.withLock { entries -> Entry? in
            guard let index = entries.firstIndex(where: { $0.file == identity && $0.needle == matcher.needle }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry
        }
        if let kept { return kept.answer }
        let answer = make()
        entries.withLock { entries in
            entries.removeAll { $0.file != identity || $0.needle == matcher.needle }
            if entries.count >= capacity { entries.removeFirst() }
            entries.append(Entry(file: identity, needle: matcher.needle, answer: answer))
        }
        return answer
    }
}
