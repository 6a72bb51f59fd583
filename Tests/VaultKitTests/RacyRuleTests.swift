import Testing
import VaultPlatform

/// Git's racy rule, in the one place every cache file asks it
/// (`FileStamp.isSettled(writtenAt:window:)`).
@Suite struct RacyRuleTests {
    static func stamp(modified: Int64, changed: Int64) -> FileStamp {
        FileStamp(size: 10, inode: 1, mtimeSeconds: modified, mtimeNanoseconds: 5, ctimeSeconds: changed, ctimeNanoseconds: 5, mode: 0o100644)
    }

    static let second: Int64 = 1_000_000_000

    @Test func aFileChangedWellBeforeTheWriteIsSettled() {
        let written = 100 * Self.second
        #expect(Self.stamp(modified: 90, changed: 90).isSettled(writtenAt: written))
        // Changed 2 s and 1 ns before the write: just outside the window.
        #expect(Self.stamp(modified: 97, changed: 97).isSettled(writtenAt: 99 * Self.second + 6))
    }

    @Test func aFileChangedWithinTheWindowIsNot() {
        let written = 100 * Self.second
        // 1.999999995 s before the write.
        #expect(!Self.stamp(modified: 98, changed: 98).isSettled(writtenAt: written))
        // Exactly the window before: not settled (the rule is strict).
        #expect(!Self.stamp(modified: 98, changed: 98).isSettled(writtenAt: 100 * Self.second + 5))
        // Its change time counts as much as its modification time (a rename, a chmod, `touch -r`).
        #expect(!Self.stamp(modified: 10, changed: 99).isSettled(writtenAt: written))
        // A narrower window, as the server's word file uses in tests.
        #expect(Self.stamp(modified: 98, changed: 98).isSettled(writtenAt: written, window: Self.second))
    }

    @Test func aWriteTimeTooEarlyToGoBackFromSettlesNothing() {
        // A forged record's write time: subtracting the window would overflow.
        #expect(!Self.stamp(modified: Int64.min / Self.second, changed: Int64.min / Self.second).isSettled(writtenAt: Int64.min + 1))
        #expect(!Self.stamp(modified: 0, changed: 0).isSettled(writtenAt: Int64.min))
    }
}
