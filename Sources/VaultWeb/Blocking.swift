import Dispatch

/// Runs VaultKit's synchronous work (scans, reads, writes) on a dispatch queue, so that a
/// request never holds the server's event loop while it touches the disk.
enum Blocking {
    private static let queue = DispatchQueue(label: "vault.web.work", attributes: .concurrent)

    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
