import Foundation
import HTTPTypes
import Hummingbird
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The web app's saves take the vault's write lock, as a sync's merge does: a save that
/// arrives during a merge waits for it, rather than landing in the middle of git's work
/// and being restored away after it was answered 200.
@Suite("web saves and the write lock")
struct WriteLockWebTests {
    /// True once this process has a flock(2) waiter (`N: -> FLOCK …` in `/proc/locks`).
    static func thisProcessWaitsForALock() -> Bool {
        let pid = Substring(String(getpid()))
        let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
        return locks.split(separator: "\n").contains { $0.contains("-> FLOCK") && $0.split(separator: " ").contains(pid) }
    }

    @Test func aSaveWaitsWhileAnotherProcessHoldsTheLock() async throws {
        let fixture = try WebFixture()
        let path = "Ideas.md"
        try await fixture.test { client in
            let version = try await client.execute(uri: "/api/notes/" + urlPath(path), method: .get) { response in
                try #require(try object(response)["version"] as? String)
            }
            // Held through another open file, as another process holds it.
            let fd = open(fixture.path + "/.vault/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
            let save = Task {
                try await client.execute(
                    uri: "/api/notes/" + urlPath(path), method: .put,
                    headers: .changing(fixture.csrf, [.ifMatch: version]), body: try body(["text": "saved after the merge\n"])
                ) { $0.status }
            }
            // A wait for an outcome (the save blocked on the lock), bounded by the save's end.
            var waited = false
            for _ in 0..<5_000 where !waited {
                waited = Self.thisProcessWaitsForALock()
                if !waited { try await Task.sleep(nanoseconds: 2_000_000) }
            }
            #expect(waited, "the save took no lock")
            #expect(fixture.read(path) != "saved after the merge\n", "nothing written while the lock is held")
            close(fd)
            #expect(try await save.value == .ok)
            #expect(fixture.read(path) == "saved after the merge\n")
        }
    }
}
