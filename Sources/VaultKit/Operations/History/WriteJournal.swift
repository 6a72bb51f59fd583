import Foundation

/// Collects the steps of a recorded operation as the writes happen, from any thread:
/// `NoteWriter` adds each note it rewrites, the trash each note it takes or gives back.
public final class WriteJournal: @unchecked Sendable {
    private var steps: [OperationRecord.Step] = []
    private let lock = NSLock()

    public init() {}

    func add(_ step: OperationRecord.Step) {
        lock.lock()
        defer { lock.unlock() }
        steps.append(step)
    }

    func add(edit path: String, _ change: NoteWriter.Change) {
        add(.edit(path: path, before: FNV1a.hash(change.before), after: FNV1a.hash(change.after),
                  splices: ByteSplice.between(change.before, change.after)))
    }

    /// The steps so far, in the order they were taken.
    public var recorded: [OperationRecord.Step] {
        lock.lock()
        defer { lock.unlock() }
        return steps
    }
}
