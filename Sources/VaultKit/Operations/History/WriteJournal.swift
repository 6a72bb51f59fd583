import Foundation

/// Collects the steps of a recorded operation as the writes happen, from any thread:
/// `NoteWriter` adds each note it rewrites, the trash each note it takes or gives back.
///
/// An edit is also written down before it is made (`intend`), so that an operation killed
/// part way leaves a record of every note it may have changed: `vault undo` takes back
/// those it did and finds the others as they were (docs/history.md).
public final class WriteJournal: @unchecked Sendable {
    private var steps: [OperationRecord.Step] = []
    private let lock = NSLock()
    private let writeDown: (@Sendable (OperationRecord.Step) throws(VaultError) -> Void)?

    /// - Parameter writeDown: keeps a step where a killed process leaves it; a failure
    ///   stops the change it announces.
    public init(writeDown: (@Sendable (OperationRecord.Step) throws(VaultError) -> Void)? = nil) {
        self.writeDown = writeDown
    }

    /// Writes `step` down before its change is made, and returns it for `add` once made.
    func intend(_ step: OperationRecord.Step) throws(VaultError) -> OperationRecord.Step {
        try writeDown?(step)
        return step
    }

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
