import Testing
@testable import VaultPlatform

/// `Pending` makes a value on another thread. What the making held must be gone by the
/// time a waiter has the value: a command that exits right after waiting must not leave
/// it half freed, which AddressSanitizer's leak check reported in CI as a leaked query.
@Suite struct PendingTests {
    private final class Held: Sendable {
        let freed: Locked<Bool>
        init(_ freed: Locked<Bool>) { self.freed = freed }
        deinit { freed.withLock { $0 = true } }
    }

    @Test func whatMadeTheValueIsLetGoBeforeTheValueIsGiven() {
        for _ in 0..<200 {
            let freed = Locked(false)
            var held: Held? = Held(freed)
            let pending = Pending { [held] in held.map { _ in 1 } ?? 0 }
            held = nil
            #expect(pending.value == 1)
            #expect(freed.withLock { $0 }, "the closure still held its capture after the value was given")
        }
    }
}
