import Foundation
import VaultPlatform

/// A summary of every note's text (`TextSummary`), so that a word search reads only the
/// few notes that may hold the word instead of every file of the vault.
///
/// It is built in the background once the server answers (reading every note takes a few
/// seconds on a large vault; until it is done, a word search reads the files), and kept
/// up to date with the live index. A summary is used only while the note's stamp is the
/// one it was made from: a stale summary costs a read, never a missed note.
package final class TextIndex: Sendable {
    fileprivate struct Entry: Sendable {
        let stamp: FileStamp
        let summary: TextSummary
    }

    /// The summaries of one moment, looked up by note.
    package struct Summaries: Sendable {
        fileprivate let entries: [String: Entry]

        package func summary(for note: Note) -> TextSummary? {
            guard let entry = entries[note.path], entry.stamp.isSameContent(as: note.stamp) else { return nil }
            return entry.summary
        }
    }

    private let session: VaultSession
    private let entries = Locked<[String: Entry]>([:])
    private let built = Locked(false)

    package init(session: VaultSession) {
        self.session = session
    }

    /// The summaries, once every note has one; nil while they are being built.
    package var summaries: Summaries? {
        guard built.withLock({ $0 }) else { return nil }
        return Summaries(entries: entries.withLock { $0 })
    }

    package var isReady: Bool { built.withLock { $0 } }

    /// Summarises `notes`, on all cores; summaries made meanwhile by `update` are kept.
    package func build(_ notes: [Note]) {
        let made = summarise(notes)
        entries.withLock { $0.merge(made) { current, _ in current } }
        built.withLock { $0 = true }
    }

    /// Summarises the notes re-read by the live index and forgets the removed ones.
    package func update(_ notes: [Note], removed: [String]) {
        let made = summarise(notes)
        entries.withLock { entries in
            for path in removed { entries[path] = nil }
            entries.merge(made) { _, new in new }
        }
    }

    /// The notes among `notes` that `evaluator` matches, in their order: notes the
    /// summaries settle are not read; the others are read on all cores.
    package func select(_ notes: [Note], _ evaluator: QueryEvaluator, summaries: Summaries?) -> [Note] {
        var matching: [Int] = []
        var unsettled: [Int] = []
        for (index, note) in notes.enumerated() {
            switch evaluator.matchesWithoutText(note, summary: summaries?.summary(for: note)) {
            case true?: matching.append(index)
            case nil: unsettled.append(index)
            case false?: continue
            }
        }
        let session = self.session
        let candidates = unsettled
        ParallelChunks.run(count: candidates.count, chunk: 64, format: { range -> [Int] in
            var buffer: [UInt8] = []
            return candidates[range].filter { session.matches(notes[$0], evaluator, buffer: &buffer) }
        }, emit: { matching += $0 })
        return matching.sorted().map { notes[$0] }
    }

    private func summarise(_ notes: [Note]) -> [String: Entry] {
        var made: [String: Entry] = [:]
        made.reserveCapacity(notes.count)
        let session = self.session
        ParallelChunks.run(count: notes.count, chunk: 512, format: { range -> [(String, Entry)] in
            var buffer: [UInt8] = []
            return notes[range].compactMap { note in
                session.textSummary(of: note, buffer: &buffer).map { (note.path, Entry(stamp: $0.stamp, summary: $0.summary)) }
            }
        }, emit: { pairs in
            for (path, entry) in pairs { made[path] = entry }
        })
        return made
    }
}
