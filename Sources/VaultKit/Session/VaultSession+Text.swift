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
