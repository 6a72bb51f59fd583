import VaultPlatform

extension VaultSession {
    /// The summary of the note at `path` as it is on disk now, and the stamp of the file
    /// it describes; nil when the file cannot be read as a note. `buffer` is reused across
    /// calls.
    public func textSummary(of note: Note, buffer: inout [UInt8]) -> (stamp: FileStamp, summary: TextSummary)? {
        guard let status = try? root.read(note.path, into: &buffer) else { return nil }
        return buffer.withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(status.size)])
            guard !VaultScanner.looksBinary(bytes) else { return nil }
            return (status.stamp, TextSummary(text: bytes, title: note.title))
        }
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
    /// on disk now, each once, and the stamp of the file they come from; nil when the file
    /// cannot be read as a note. The text is the one `matches` searches: the body, or the
    /// whole file when the front matter is broken.
    package func words(of note: Note, buffer: inout [UInt8]) -> (stamp: FileStamp, words: [String])? {
        guard let status = try? root.read(note.path, into: &buffer) else { return nil }
        return buffer.withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(status.size)])
            guard !VaultScanner.looksBinary(bytes) else { return nil }
            let start = note.frontMatterError == nil ? NoteReader.bodyStart(of: bytes) : 0
            var words: Set<String> = []
            FoldedWords.forEach(in: UnsafeRawBufferPointer(rebasing: bytes[start...])) { words.insert(String(decoding: $0, as: UTF8.self)) }
            note.withTitleBytes { title in
                FoldedWords.forEach(in: title) { words.insert(String(decoding: $0, as: UTF8.self)) }
            }
            return (status.stamp, Array(words))
        }
    }
}
