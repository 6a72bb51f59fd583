internal import CSystemShims
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

/// A value made the first time it is asked for, once, whichever thread asks. What makes it
/// is let go once it has (it may hold what the value was made from).
package final class Lazy<Value: Sendable>: Sendable {
    private let state: Locked<(made: Value?, make: (@Sendable () -> Value)?)>

    package init(_ make: @escaping @Sendable () -> Value) {
        state = Locked((nil, make))
    }

    /// A value already made.
    package init(made value: Value) {
        state = Locked((value, nil))
    }

    /// True once the value is made.
    package var isMade: Bool { state.withLock { $0.made != nil } }

    package var value: Value {
        state.withLock { state in
            if let made = state.made { return made }
            let value = state.make!()
            state = (value, nil)
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

    // Taken by the thread that makes the value and let go there before `made` is
    // signalled, so that what it holds is freed before a waiter goes on (and exits).
    private var make: (@Sendable () -> Value)?

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        DispatchQueue.global().async { [self] in
            result = takeAndMake()
            made.signal()
        }
    }

    private func takeAndMake() -> Value {
        guard let body = make else { preconditionFailure("a pending value is made only once") }
        make = nil
        return body()
    }

    package var value: Value {
        made.wait()
        defer { made.signal() }
        guard let result else { preconditionFailure("a pending value is signalled only once made") }
        return result
    }
}

/// A number that threads lower together and read without a lock: a bound each of them
/// may tighten for all (the worst order key a scan's notes can have and still be among
/// the first they show).
package final class SharedMinimum: @unchecked Sendable {
    private let value: UnsafeMutablePointer<UInt64>

    package init(_ initial: UInt64 = .max) {
        value = .allocate(capacity: 1)
        value.initialize(to: initial)
    }

    deinit { value.deallocate() }

    /// The lowest value offered so far (or the initial one).
    package var current: UInt64 { vault_atomic_load(value) }

    /// Lowers the value to `bound` if that is lower.
    package func lower(to bound: UInt64) { vault_atomic_lower(value, bound) }
}
