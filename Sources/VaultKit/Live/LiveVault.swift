import Dispatch

/// The vault as a running `vault serve` knows it, for answering `vault` commands from
/// memory instead of a scan (as git asks its fsmonitor).
public struct LiveVault: Sendable {
    let live: LiveIndex

    package init(live: LiveIndex) {
        self.live = live
    }

    /// The vault once every change made to its files before this call has been read; nil
    /// when the server cannot be sure of that within `timeout` (the command then scans).
    public func settled(timeout: DispatchTimeInterval) async -> SettledVault? {
        await live.settled(timeout: timeout).map { SettledVault(snapshot: $0, words: live.words) }
    }

    /// Calls `body` with what `settled` returns, when it is known; returns at once.
    public func whenSettled(timeout: DispatchTimeInterval, _ body: @escaping @Sendable (SettledVault?) -> Void) {
        let words = live.words
        live.whenSettled(timeout: timeout) { snapshot in body(snapshot.map { SettledVault(snapshot: $0, words: words) }) }
    }
}

/// One consistent view of the vault, every change before a moment read.
public struct SettledVault: Sendable {
    let snapshot: LiveIndex.Snapshot
    let words: WordIndex

    /// Every note, as a scan of the vault would return it.
    public var scan: ScanResult { snapshot.scan }
    /// Every note in list order (pinned first, then most recently modified).
    public var sorted: [Note] { snapshot.sorted.array }
    /// The folders and tags of every note.
    public var index: VaultIndex { snapshot.index }

    /// The notes `query` selects, in list order.
    public func notes(matching query: Query, context: QueryContext) -> [Note] {
        snapshot.notes(matching: query, context: context, words: words)
    }
}

extension LiveIndex.Snapshot {
    /// The notes of `sorted` that `query` selects, in order, with words decided by `words`
    /// once it is built: only the notes it cannot decide (a phrase's candidates, a note
    /// changed since it was indexed) are read, and of those only the ones not read for the
    /// same needle before (`TextVerdicts`). Until then every candidate a word search has is
    /// read, on all cores.
    ///
    /// Only the notes the postings leave possible are visited, from the documents to their
    /// positions in the list (`DocumentPositions`), not every note of the list;
    /// `visitingEveryNote` tests each note instead (what the tests compare the walk with).
    package func notes(matching query: Query, context: QueryContext, words: WordIndex, visitingEveryNote: Bool = false) -> [Note] {
        guard query.needsText, let view = words.view else { return notesReadingText(matching: query, context: context) }
        let context = context.linked(for: query) { scan.notes }
        let evaluator = query.evaluator(context: context)
        let documents = wordPositions.documents(of: sorted, in: view)
        let condition = evaluator.condition
        var matchers: [TextMatcher] = []
        condition.forEachTextMatcher { matcher in
            if !matchers.contains(matcher) { matchers.append(matcher) }
        }
        // Each part of the index answers for its own documents; a damaged file answers
        // nothing, and its notes are read.
        let answers = matchers.map { view.contents.answer($0) }
        var fileAnswers = view.file.map { file in matchers.map { matcher in words.fileAnswers.answer(matcher, of: file) { file.answer(matcher) } } }
        if view.file?.isDamaged == true { fileAnswers = nil }
        let required = condition.requiredDocuments { matcher in matchers.firstIndex(of: matcher).flatMap { answers[$0] } }
        let fileRequired = fileAnswers.flatMap { fileAnswers in condition.requiredDocuments { matcher in matchers.firstIndex(of: matcher).flatMap { fileAnswers[$0] } } }
        let generation = view.generation
        let known = words.verdicts.known(matchers.map(\.needle), in: generation)
        var matching: [Int] = []
        // With the document whose verdicts reading them gives (`.max`: none kept).
        var unsettled: [(position: Int, document: UInt32)] = []
        // Positions are visited in ascending order: each reader searches once a chunk.
        var documentAt = documents.reader, noteAt = sorted.reader
        func visit(_ position: Int) {
            let key = documentAt(position)
            guard key != .max else { return unsettled.append((position, key)) }
            let inFile = key & WordIndex.View.fileDocument != 0
            let document = key & ~WordIndex.View.fileDocument
            if inFile {
                guard fileAnswers != nil else { return unsettled.append((position, .max)) }
                if let fileRequired, !fileRequired.contains(document) { return }
            } else if let required, !required.contains(document) {
                return
            }
            func text(_ matcher: TextMatcher) -> Bool? {
                guard let index = matchers.firstIndex(of: matcher) else { return nil }
                let answer = inFile ? fileAnswers?[index] : answers[index]
                if let decided = answer.map({ $0.decide(document) }) ?? (matcher.isEmpty ? true : nil) { return decided }
                return known[index].verdict(key)
            }
            // The words alone decide most candidates of a word search: the note is not
            // fetched from the list for them.
            let outcome = condition.decideWords(text) ?? condition.decide(noteAt(position), text: text)
            switch outcome {
            case true?: matching.append(position)
            case nil: unsettled.append((position, key))
            case false?: break
            }
        }
        if let positions = candidatePositions(for: evaluator) {
            for position in positions { visit(Int(position)) }
        } else if !visitingEveryNote, let required, view.file == nil || (fileAnswers != nil && fileRequired != nil) {
            // Every note outside the postings would be left at `requiredHere` above.
            let inverse = wordPositions.positions(of: documents, in: view)
            for position in inverse.candidates(required: required, fileRequired: fileRequired) { visit(position) }
        } else {
            for position in sorted.indices { visit(position) }
        }
        guard !unsettled.isEmpty else { return matching.map { noteAt($0) } }
        // The rest are read, then merged in list order.
        let holds = session.verify(unsettled.map { noteAt($0.position) }, documents: unsettled.map(\.document), evaluator,
                                   matchers: matchers, racyNanoseconds: view.racyNanoseconds) { words.verdicts.record($0, in: generation) }
        let confirmed = unsettled.indices.filter { holds[$0] }.map { unsettled[$0].position }
        return (matching + confirmed).sorted().map { noteAt($0) }
    }

    /// The notes of `sorted` that `query` selects, reading the text of every candidate a
    /// word leaves open.
    private func notesReadingText(matching query: Query, context: QueryContext) -> [Note] {
        let context = context.linked(for: query) { scan.notes }
        let evaluator = query.evaluator(context: context)
        let candidates = candidates(for: evaluator)
        guard query.needsText else { return candidates.filter { evaluator.matchesWithoutText($0) ?? false } }
        return session.select(candidates, evaluator)
    }
}

extension QueryCondition {
    /// Calls `body` with each word or phrase matcher of the condition.
    func forEachTextMatcher(_ body: (TextMatcher) -> Void) {
        switch self {
        case .all(let operands), .any(let operands): for operand in operands { operand.forEachTextMatcher(body) }
        case .not(let operand): operand.forEachTextMatcher(body)
        case .text(let matcher): body(matcher)
        default: break
        }
    }

    /// The documents outside of which the condition is surely false, from the word
    /// index's answers (`answer` gives a matcher's); nil when the words do not narrow it.
    func requiredDocuments(_ answer: (TextMatcher) -> WordAnswer?) -> WordAnswer? {
        switch self {
        case .text(let matcher):
            return answer(matcher).map { WordAnswer(bits: $0.bits, isExact: false) }
        case .all(let operands):
            var result: WordAnswer?
            for operand in operands {
                guard let narrowed = operand.requiredDocuments(answer) else { continue }
                result = result.map { WordAnswer(bits: zip($0.bits, narrowed.bits).map { $0 & $1 }, isExact: false) } ?? narrowed
            }
            return result
        case .any(let operands):
            var result: [UInt64]?
            for operand in operands {
                guard let widened = operand.requiredDocuments(answer) else { return nil }
                result = result.map { zip($0, widened.bits).map { $0 | $1 } } ?? widened.bits
            }
            return result.map { WordAnswer(bits: $0, isExact: false) }
        default:
            return nil
        }
    }
}
