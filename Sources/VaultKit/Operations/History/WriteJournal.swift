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
        add(.edit(path, change))
    }

    /// The steps so far, in the order they were taken.
    public var recorded: [OperationRecord.Step] {
        lock.lock()
        defer { lock.unlock() }
        return steps
    }
}

extension OperationRecord.Step {
    /// The step that records `change` of the file at `path` (by `splices` when they are known).
    static func edit(_ path: String, _ change: NoteWriter.Change, splices: [ByteSplice]? = nil) -> Self {
        .edit(path: path, before: FNV1a.hash(change.before), after: FNV1a.hash(change.after),
              splices: splices ?? ByteSplice.between(change.before, change.after))
    }
}
