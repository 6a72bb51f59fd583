import VaultPlatform

extension VaultSession {
    /// The notes among `notes` that `evaluator` matches, in their order: those its
    /// metadata terms decide are not read, the others are read from disk now, on all cores.
    public func select(_ notes: [Note], _ evaluator: QueryEvaluator) -> [Note] {
        var matching: [Int] = []
        var unsettled: [Int] = []
        for (index, note) in notes.enumerated() {
            switch evaluator.matchesWithoutText(note) {
            case true?: matching.append(index)
            case nil: unsettled.append(index)
            case false?: continue
            }
        }
        let session = self
        let candidates = unsettled
        ParallelChunks.run(count: candidates.count, chunk: 64, format: { range -> [Int] in
            var buffer: [UInt8] = []
            return candidates[range].filter { session.matches(notes[$0], evaluator, buffer: &buffer) }
        }, emit: { matching += $0 })
        return matching.sorted().map { notes[$0] }
    }

    /// True when `note` matches `evaluator`, its text read from disk now (false when the
    /// file is gone or unreadable).
    public func matches(_ note: Note, _ evaluator: QueryEvaluator, buffer: inout [UInt8]) -> Bool {
        guard let status = try? root.read(note.path, into: &buffer) else { return false }
        return buffer.withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(status.size)])
            let start = note.frontMatterError == nil ? NoteReader.bodyStart(of: bytes) : 0
            return evaluator.matches(note, text: UnsafeRawBufferPointer(rebasing: bytes[start...]))
        }
    }
}

extension VaultSession {
    /// The folded words (`FoldedWords`) of the note's searchable text and title, as it is
    /// on disk now, each once; the pairs of words that follow each other in the text or the
    /// title, as indices into `words` (first << 32 | second), each once; and the stamp of
    /// the file they come from. Nil when the file cannot be read as a note. The text is the
    /// one `matches` searches: the body, or the whole file when the front matter is broken.
    package func words(of note: Note, buffer: inout [UInt8]) -> (stamp: FileStamp, words: [String], pairs: [UInt64])? {
        guard let status = try? root.read(note.path, into: &buffer) else { return nil }
        return buffer.withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(status.size)])
            guard !VaultScanner.looksBinary(bytes) else { return nil }
            let start = note.frontMatterError == nil ? NoteReader.bodyStart(of: bytes) : 0
            var numbers: [String: UInt64] = [:]
            var words: [String] = []
            var pairs: Set<UInt64> = []
            var previous: UInt64?
            func visit(_ spelling: UnsafeBufferPointer<UInt8>) {
                let word = String(decoding: spelling, as: UTF8.self)
                let number: UInt64
                if let known = numbers[word] {
                    number = known
                } else {
                    number = UInt64(words.count)
                    numbers[word] = number
                    words.append(word)
                }
                if let previous { pairs.insert(previous << 32 | number) }
                previous = number
            }
            FoldedWords.forEach(in: UnsafeRawBufferPointer(rebasing: bytes[start...]), visit)
            // The title is matched apart from the text: its first word follows nothing.
            previous = nil
            note.withTitleBytes { title in FoldedWords.forEach(in: title, visit) }
            return (status.stamp, words, Array(pairs))
        }
    }
}
