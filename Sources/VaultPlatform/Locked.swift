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
