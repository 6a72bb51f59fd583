import Foundation
import VaultPlatform

/// The word index a command keeps in `.vault/cache/` (docs/cache.md), so that a word
/// search reads only the notes changed since and the candidates it must confirm, not every
/// note's text: `words-v1.bin` holds every note's words as of a build, and
/// `words-recent-v1.bin` the notes changed since, rebuilt alone while they are few.
///
/// A note is answered from a file only while the file's stamp for it is the note's (and
/// older than the file by two seconds); anything else is read, as without the index, and
/// goes into the recent file after the command. A file that is missing, of another
/// version or damaged is ignored and written again.
struct WordIndexCache {
    static let mainPath = ".vault/cache/words-v1.bin"
    static let recentPath = ".vault/cache/words-recent-v1.bin"

    let root: VaultRoot
    private let main: WordSegment?
    private let recent: WordSegment?
    /// The files read, most recent first.
    private var segments: [WordSegment] { [recent, main].compactMap { $0 } }
    /// How long before a file was written a note must have last changed to be answered
    /// from it (git's racy rule; a test makes it zero).
    private let racyNanoseconds: Int64

    /// The clock the files are dated by: the session's, as the note cache's.
    private let now: @Sendable () -> Date

    init(root: VaultRoot, racyNanoseconds: Int64 = 2_000_000_000, now: @escaping @Sendable () -> Date = { Date() }) {
        self.root = root
        self.racyNanoseconds = racyNanoseconds
        self.now = now
        main = WordSegment(path: Self.mainPath, root: root)
        recent = main == nil ? nil : WordSegment(path: Self.recentPath, root: root)
    }

    /// A search of one query through the files: the scan filter that decides words from
    /// them, and what it could not answer.
    final class Search: Sendable {
        let filter: ScanFilter
        /// True when a note was asked about that no file described, or a file was damaged.
        fileprivate let missed: Locked<Bool>
        fileprivate let damaged: Bool
        /// The texts the scan read of notes no file described, for the recent file.
        fileprivate let texts: ScannedTexts
        /// When the search began, before the scan read any text: what a file of those
        /// texts is dated, so that the racy rule counts from before they were read.
        fileprivate let startedAt: Int64

        fileprivate init(filter: ScanFilter, missed: Locked<Bool>, damaged: Bool, texts: ScannedTexts, startedAt: Int64) {
            self.filter = filter
            self.missed = missed
            self.damaged = damaged
            self.texts = texts
            self.startedAt = startedAt
        }
    }

    /// The scan filter for `evaluator`, answering its words from the files for the notes
    /// they describe as they are.
    func search(_ evaluator: QueryEvaluator) -> Search {
        let startedAt = now().nanosecondsSince1970
        let condition = evaluator.condition
        var matchers: [TextMatcher] = []
        condition.forEachTextMatcher { matcher in
            if !matchers.contains(matcher) { matchers.append(matcher) }
        }
        var usable: [(segment: WordSegment, answers: [WordAnswer?])] = []
        var damaged = false
        for segment in segments {
            let answers = matchers.map { segment.answer($0) }
            if segment.isDamaged { damaged = true } else { usable.append((segment, answers)) }
        }
        let missed = Locked(damaged || main == nil)
        let segments = usable, textMatchers = matchers
        let racy = racyNanoseconds
        // Kept only while the recent file can take them: past that, the main file is
        // written for every note, read on all cores.
        let texts = ScannedTexts(limit: damaged ? 0 : (main?.documentCount ?? 0) / Self.recentShare + 1)
        let describes: @Sendable (Note) -> Bool = { note in
            note.withPathBytes { path in segments.contains { $0.segment.document(path: path, stamp: note.stamp, racyNanoseconds: racy) != nil } }
        }
        /// What a file's answers say of `matcher` for one of its documents.
        @Sendable func answer(_ matcher: TextMatcher, _ answers: [WordAnswer?], _ document: UInt32) -> Bool? {
            guard let index = textMatchers.firstIndex(of: matcher) else { return nil }
            return answers[index].map { $0.decide(document) } ?? (matcher.isEmpty ? true : nil)
        }
        var filter = ScanFilter(decide: { note in
            if let decided = condition.decide(note) { return decided }
            let found = note.withPathBytes { path -> (answers: [WordAnswer?], document: UInt32)? in
                for (segment, answers) in segments {
                    if let document = segment.document(path: path, stamp: note.stamp, racyNanoseconds: racy) { return (answers, document) }
                }
                return nil
            }
            guard let found else {
                missed.withLock { $0 = true }
                return nil
            }
            return condition.decide(note) { answer($0, found.answers, found.document) }
        }, matches: { note, text in
            // The text read to answer is the text to index: the note is not read again. Not
            // that of a note changed within the racy window, which the file leaves out.
            if note.stamp.isSettled(writtenAt: startedAt, window: racy), !describes(note) { texts.keep(text, of: note) }
            return evaluator.matches(note, text: text)
        })
        // Most notes of a word search are rejected by the main file from their path and
        // stamp alone, before they are made. Only the main file's: `refresh` then needs
        // only the notes made, the others being the main file's as they are.
        if let main, let answers = usable.first(where: { $0.segment === main })?.answers {
            filter.rejects = { path, stamp, position in
                guard let document = main.document(path: path, stamp: stamp, racyNanoseconds: racy, near: position) else {
                    position = -1
                    return false
                }
                position = Int(document)
                return condition.decideWords { answer($0, answers, document) } == false
            }
        }
        return Search(filter: filter, missed: missed, damaged: damaged, texts: texts, startedAt: startedAt)
    }

    /// The recent file holds at most one note in this many.
    static let recentShare = 8

    /// Brings the files up to date after `search` scanned `notes` (every note of the
    /// vault the scan made; the `rejected` others are described by the main file as they
    /// are, see `ScanFilter.rejects`): nothing when it answered every note it asked about;
    /// else the recent file again for the notes the main file does not describe, or, once
    /// they are more than an eighth of the notes (or there is no sound main file), the
    /// main file for every note, which `everyNote` makes when some were not.
    func refresh(after search: Search, notes: [Note], rejected: Int = 0, everyNote: () -> [Note]? = { nil }, progress: ScanProgress?) {
        let damaged = search.damaged || segments.contains { $0.isDamaged }
        guard damaged || search.missed.withLock({ $0 }) else { return }
        let writtenAt = now().nanosecondsSince1970
        let main = damaged ? nil : self.main
        var changed: [Note] = []
        if let main {
            changed = main.undescribed(notes, racyNanoseconds: racyNanoseconds)
        }
        if main != nil, changed.count <= (notes.count + rejected) / Self.recentShare {
            // A note changed within the racy window of the file could never be answered
            // from it; and a file that would hold no note the one there lacks is not
            // written again (edits made just before, read again by the next search either way).
            let settled = changed.filter { $0.stamp.isSettled(writtenAt: search.startedAt, window: racyNanoseconds) }
            if settled.allSatisfy({ note in note.withPathBytes { recent?.document(path: $0, stamp: note.stamp, racyNanoseconds: racyNanoseconds) != nil } }) {
                return
            }
            root.prepareCacheDirectory()
            let chunks = search.texts.chunks(for: settled, writtenAt: search.startedAt)
                ?? WordIndexBuild(root: root, progress: nil).chunks(for: settled, writtenAt: writtenAt)
            try? root.write(chunks: chunks, to: Self.recentPath, mode: 0o644)
        } else {
            root.prepareCacheDirectory()
            guard let notes = rejected == 0 ? notes : everyNote() else { return }
            let chunks = WordIndexBuild(root: root, progress: progress).chunks(for: notes, writtenAt: writtenAt)
            try? root.write(chunks: chunks, to: Self.mainPath, mode: 0o644)
            _ = root.removeFile(Self.recentPath)
        }
    }


    /// The main file for `notes`, as a server starts from it, and the notes it does not
    /// describe as they are: written again first when it is missing, damaged, or
    /// describes fewer than seven eighths of them. Nil when it cannot be written (a
    /// read-only vault): then every note is for the caller to read.
    func mainFile(for notes: [Note], progress: ScanProgress?) -> (file: WordSegment, changed: [Note])? {
        if let main, !main.isDamaged {
            let changed = main.undescribed(notes, racyNanoseconds: racyNanoseconds)
            if !main.isDamaged, changed.count <= notes.count / Self.recentShare { return (main, changed) }
        }
        let writtenAt = now().nanosecondsSince1970
        root.prepareCacheDirectory()
        let chunks = WordIndexBuild(root: root, progress: progress).chunks(for: notes, writtenAt: writtenAt)
        guard (try? root.write(chunks: chunks, to: Self.mainPath, mode: 0o644)) != nil,
              let written = WordSegment(path: Self.mainPath, root: root) else { return nil }
        _ = root.removeFile(Self.recentPath)
        return (written, written.undescribed(notes, racyNanoseconds: racyNanoseconds))
    }
}
