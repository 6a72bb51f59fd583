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
