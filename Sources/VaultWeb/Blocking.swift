import NIOCore
import NIOPosix

/// Runs VaultKit's synchronous work (scans, reads, writes) on a pool of threads of its
/// own, so that a request never holds the server's event loop while it touches the disk.
/// The pool is bounded: a burst of requests waits for a thread rather than starting one
/// each (a concurrent dispatch queue would start up to 64 blocked threads).
enum Blocking {
    /// Enough for a slow request (a sync holding the write lock, a scan of a large vault)
    /// not to hold up the others, on any machine.
    static let threads = max(4, System.coreCount * 2)

    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        return pool
    }()

    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await pool.runIfActive(work)
    }
}
