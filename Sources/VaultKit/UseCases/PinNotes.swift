/// Pinning or unpinning notes, the one way every front end does it: `pinned` set by the
/// minimal front-matter edit in each note, and, when more than one note is asked for or a
/// query chose them, the whole recorded as one operation that `vault undo` takes back (a
/// change of one note is taken back by its opposite, as with tags).
public struct PinNotes {
    /// What a pin did.
    public struct Report: Sendable {
        /// The notes whose file changed.
        public var changed: [String] = []
        /// The notes that were pinned (or not) already.
        public var already: [String] = []
        /// The notes that could not be changed, with why; the others were.
        public var failed: [VaultError] = []
        /// The operation in `.vault/history/`, nil when nothing was recorded.
        public var recordID: String?
    }

    public let notes: [Note]
    public let pinned: Bool
    /// True when a query chose the notes: recorded even when it found one.
    public let chosenByQuery: Bool

    public init(_ notes: [Note], pinned: Bool, chosenByQuery: Bool = false) {
        self.notes = notes
        self.pinned = pinned
        self.chosenByQuery = chosenByQuery
    }

    /// Does it, inside a write.
    public func run(in changes: VaultChanges) throws -> Report {
        var report = Report()
        let apply = { (changes: VaultChanges) in
            for note in notes {
                do throws(VaultError) {
                    if try changes.notes.setPinned(note, pinned) == .written {
                        report.changed.append(note.path)
                    } else {
                        report.already.append(note.path)
                    }
                } catch {
                    report.failed.append(error)
                }
            }
        }
        guard notes.count > 1 || chosenByQuery else {
            apply(changes)
            return report
        }
        report.recordID = try changes.recorded(pinned ? .pin : .unpin, summary: "\(notes.count) notes") { apply($0) }.recordID
        return report
    }
}
