import Foundation
import VaultPlatform

extension VaultSession {
    /// Whether each of `notes` matches `evaluator`, each read from disk now, on all cores
    /// (false when the file is gone or unreadable); `record` is given, for each note read
    /// as the stamp its document (`documents`, `.max`: none) describes, whether it holds
    /// each of `matchers` the outcome needed, so that the same needle is not read for it
    /// again (`TextVerdicts`). A note last changed within `racyNanoseconds` of the reading
    /// gives nothing to keep: one rewritten within the same clock tick at the same size
    /// keeps its stamp, as the word file's documents and the note cache know.
    func verify(
        _ notes: [Note], documents: [UInt32], _ evaluator: QueryEvaluator, matchers: [TextMatcher],
        racyNanoseconds: Int64, record: ([(needle: [UInt32], document: UInt32, holds: Bool)]) -> Void
    ) -> [Bool] {
        let root = self.root
        let now = Date().nanosecondsSince1970
        let condition = evaluator.condition
        let chunks = ParallelChunks.map(count: notes.count, chunk: 16) { range -> [(holds: Bool, verdicts: [(needle: [UInt32], document: UInt32, holds: Bool)])] in
            var buffer: [UInt8] = []
            return range.map { index in
                let note = notes[index]
                // A note the other terms decide is not read (one the index does not describe).
                if let decided = evaluator.matchesWithoutText(note) { return (decided, []) }
                guard let status = try? root.read(note.path, into: &buffer) else { return (false, []) }
                return buffer.withUnsafeBytes { raw in
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<Int(status.size)])
                    let start = note.frontMatterError == nil ? NoteReader.bodyStart(of: bytes) : 0
                    let text = UnsafeRawBufferPointer(rebasing: bytes[start...])
                    // Each needle the outcome asks for, looked for once.
                    var found: [(needle: [UInt32], document: UInt32, holds: Bool)] = []
                    let outcome = condition.decide(note) { matcher in
                        guard matchers.contains(matcher) else { return nil }
                        if let seen = found.first(where: { $0.needle == matcher.needle }) { return seen.holds }
                        let holds = matcher.matches(note, text: text)
                        found.append((matcher.needle, documents[index], holds))
                        return holds
                    }
                    let holds = outcome ?? evaluator.matches(note, text: text)
                    // What was read is the document's text only while the stamps agree.
                    let kept = documents[index] != .max && status.stamp.isSameContent(as: note.stamp)
                        && status.stamp.isSettled(writtenAt: now, window: racyNanoseconds)
                    return (holds, kept ? found : [])
                }
            }
        }
        record(chunks.flatMap { $0.flatMap(\.verdicts) })
        return chunks.flatMap { $0.map(\.holds) }
    }
}
