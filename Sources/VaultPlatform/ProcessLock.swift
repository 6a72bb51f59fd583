import Foundation

/// A lock held by one thread of one process at a time, over every process that opens the
/// same file: an exclusive flock(2) on that file (released by the kernel when a process
/// dies, so a `kill -9` never leaves a vault locked), and a mutex in the process, because
/// flock(2) belongs to an open file and one process could otherwise race itself.
///
/// The thread that holds it may take it again (a use case that calls another); other
/// threads, and other processes, wait.
package final class ProcessLock: @unchecked Sendable {
    private let file: String
    private let directory: Int32
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var owner: ObjectIdentifier?
    private var depth = 0
    private var descriptor: Int32 = -1

    /// The lock on `file`, relative to the directory `directory` (kept open by the caller
    /// for as long as this lock is used).
    package init(file: String, in directory: Int32) {
        self.file = file
        self.directory = directory
    }

    /// Runs `body` holding the lock. When the lock file cannot be opened (a vault that
    /// cannot be written), only the threads of this process are kept apart: a write there
    /// fails on its own.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        acquire()
        defer { release() }
        return try body()
    }

    /// True when the lock is free for this thread now: no other thread or process holds
    /// it. For tests.
    package func isFreeForThisThread() -> Bool {
        let me = ObjectIdentifier(Thread.current)
        let held = condition.withLock { owner != nil && owner != me }
        guard !held else { return false }
        guard let fd = try? Syscalls.openLockFile(file, in: directory) else { return true }
        defer { Syscalls.close(fd) }
        // This process's own descriptor is another open file: when this thread holds the
        // lock, flock(2) on a new one would fail, so that case is answered above.
        if condition.withLock({ owner == me }) { return true }
        return Syscalls.tryLockExclusive(fd)
    }

    private func acquire() {
        let me = ObjectIdentifier(Thread.current)
        condition.lock()
        defer { condition.unlock() }
        if owner == me {
            depth += 1
            return
        }
        while owner != nil { condition.wait() }
        owner = me
        depth = 1
        // Other threads of this process wait on the condition meanwhile (`owner` is set),
        // not on the mutex, while this one waits for other processes.
        condition.unlock()
        var locked: Int32 = -1
        if let fd = try? Syscalls.openLockFile(file, in: directory) {
            if (try? Syscalls.lockExclusive(fd)) != nil {
                locked = fd
            } else {
                Syscalls.close(fd)
            }
        }
        condition.lock()
        descriptor = locked
    }

    private func release() {
        condition.lock()
        defer { condition.unlock() }
        depth -= 1
        guard depth == 0 else { return }
        if descriptor >= 0 {
            // Closing the descriptor releases the flock.
            Syscalls.close(descriptor)
            descriptor = -1
        }
        owner = nil
        condition.signal()
    }
}
