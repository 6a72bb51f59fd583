import Foundation

/// A value shared between tasks and threads, changed under a lock.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A value made the first time it is asked for, once, whichever thread asks.
package final class Lazy<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Locked<Value?>(nil)

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    package var value: Value {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}

/// A value being made on another thread from the moment it is begun, and waited for when
/// it is asked for: work that overlaps with the caller's own.
package final class Pending<Value: Sendable>: @unchecked Sendable {
    private let made = DispatchSemaphore(value: 0)
    // Written once, before `made` is signalled; read only after waiting for it.
    private var result: Value?

    package init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { [self] in
            result = make()
            made.signal()
        }
    }

    package var value: Value {
        made.wait()
        defer { made.signal() }
        guard let result else { preconditionFailure("a pending value is signalled only once made") }
        return result
    }
}
