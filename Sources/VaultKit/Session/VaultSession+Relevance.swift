import VaultPlatform

extension VaultSession {
    /// `notes` (matched by `query`, in list order) in `order`; they stay in list order
    /// when the query has no words to rank by. Up to `RelevanceRanking.bodyLimit` notes,
    /// each note's text is read from disk to find its headings and count its words.
    public func sorted(_ notes: [Note], by order: SearchOrder, for query: Query) -> [Note] {
        switch order {
        case .relevance:
            let ranking = RelevanceRanking(query)
            guard !ranking.isEmpty, notes.count > 1 else { return notes }
            let readsBodies = notes.count <= RelevanceRanking.bodyLimit
            var buffer: [UInt8] = []
            let measures = notes.map { note -> RelevanceRanking.Measure in
                guard readsBodies, let status = try? root.read(note.path, into: &buffer) else {
                    return ranking.measure(note, body: nil)
                }
                return buffer.withUnsafeBytes { raw in
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(status.size)])
                    // The text a word search searches: the body, or all of a broken note.
                    let start = note.frontMatterError == nil ? NoteReader.bodyStart(of: bytes) : 0
                    return ranking.measure(note, body: UnsafeRawBufferPointer(rebasing: bytes[start...]))
                }
            }
            return ranking.ranked(notes, measures: measures)
        }
    }
}
