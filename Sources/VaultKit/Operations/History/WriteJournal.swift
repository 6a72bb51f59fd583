import Foundation

/// Collects the steps of a recorded operation as the writes happen, from any thread:
/// `NoteWriter` adds each note it rewrites, the trash each note it takes or gives back.
///
/// Each step is also written down where a killed process leaves it (the record's steps
/// file, docs/history.md): an edit before it is made (`intend`, then `made`), so that the
/// undo of an operation killed part way takes back the notes it did and finds the others
/// as they were; a move to or from the trash just after it is made (`add`), since the
/// name it ends under is known only then.
public final class WriteJournal: @unchecked Sendable {
    private var steps: [OperationRecord.Step] = []
    private let lock = NSLock()
    private let writeDown: (@Sendable (OperationRecord.Step) throws(VaultError) -> Void)?

    /// - Parameter writeDown: keeps a step where a killed process leaves it; a failure
    ///   stops the change it announces.
    public init(writeDown: (@Sendable (OperationRecord.Step) throws(VaultError) -> Void)? = nil) {
        self.writeDown = writeDown
    }

    /// Writes `step` down before its change is made, and returns it for `made`.
    func intend(_ step: OperationRecord.Step) throws(VaultError) -> OperationRecord.Step {
        try writeDown?(step)
        return step
    }

    /// Adds a step `intend` wrote down, once its change is made.
    func made(_ step: OperationRecord.Step) {
        lock.lock()
        defer { lock.unlock() }
        steps.append(step)
    }

    /// Adds a step whose change is made, and writes it down. The change stands either way:
    /// a step that cannot be written down is still in the record written at the end.
    func add(_ step: OperationRecord.Step) {
        made(step)
        try? writeDown?(step)
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
