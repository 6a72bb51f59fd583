/// One value per thread, made on first use and released when its thread ends: caches that
/// parallel workers use without sharing a lock.
package final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private let key: UInt
    private let make: @Sendable () -> Value

    package init(_ make: @escaping @Sendable () -> Value) {
        key = Syscalls.makeThreadKey { raw in
            if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
        }
        self.make = make
    }

    /// The calling thread's value.
    package var value: Value {
        if let raw = Syscalls.threadValue(key) {
            return unsafeDowncast(Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue(), to: Value.self)
        }
        let value = make()
        Syscalls.setThreadValue(key, Unmanaged.passRetained(value as AnyObject).toOpaque())
        return value
    }
}
