import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VaultKit
@testable import VaultWeb

/// One status for each domain error (docs/json-api.md, "Errors"): a failure of git, of
/// sync or of the disk is the server's (5xx), never a bad request (issue 53).
@Suite("Error statuses") struct ErrorStatusTests {
    /// Runs git in `directory`, failing the test if git does.
    private func git(_ directory: String, _ arguments: String...) throws {
        try TestGit.run(in: directory, arguments)
    }

    /// A remote that refuses every push: the sync's error is answered 502, not 400.
    @Test func aFailedPushIsABadGatewayNotABadRequest() throws {
        let fixture = try WebFixture()
        let remote = fixture.path + "-remote.git"
        defer { try? FileManager.default.removeItem(atPath: remote) }
        try FileManager.default.createDirectory(atPath: remote, withIntermediateDirectories: true)
        try git(remote, "init", "-q", "--bare")
        let hook = remote + "/hooks/pre-receive"
        try Data("#!/bin/sh\necho 'pushes are closed' >&2\nexit 1\n".utf8).write(to: URL(fileURLWithPath: hook))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        try git(fixture.path, "init", "-q", "-b", "main")
        try git(fixture.path, "config", "user.name", "Ann")
        try git(fixture.path, "config", "user.email", "ann@example.com")
        try git(fixture.path, "add", "-A")
        try git(fixture.path, "commit", "-q", "-m", "notes")
        try git(fixture.path, "remote", "add", "origin", remote)

        let sync = SyncVault(root: fixture.server.session.root, program: "/bin/true")
        var thrown: VaultError?
        do { _ = try sync.run() } catch { thrown = error }
        let error = try #require(thrown)
        guard case .gitFailed(command: "push", _) = error else {
            Issue.record("expected a failed push, got \(error)")
            return
        }
        let response = APIResponse.failure(error)
        #expect(response.status == .badGateway)
        #expect(response.status != .badRequest)
    }

    @Test(arguments: [
        (VaultError.gitFailed(command: "push", message: "rejected"), HTTPResponse.Status.badGateway),
        (.gitFailed(command: "fetch", message: "could not resolve host"), .badGateway),
        (.gitFailed(command: "merge", message: "conflict"), .internalServerError),
        (.gitUnavailable(reason: "no such file"), .internalServerError),
        (.syncWriteFailed(path: ".git/MERGE_HEAD", reason: nil, consequence: "x"), .internalServerError),
        (.io(path: "a.md", operation: "write", errno: 28), .internalServerError),
        (.detachedHead, .conflict), (.repositoryBusy(operation: "a rebase"), .conflict),
        (.alreadyUndone(id: "a", by: "b"), .conflict),
        (.noVersionOnDay(path: "a.md", day: "2026-01-01", first: nil), .notFound),
        (.operationNotFound("a", tags: false), .notFound),
        (.ambiguousOperation("2", candidates: ["2a", "2b"], kinds: ["pin", "unpin"]), .badRequest),
        (.invalidVersion("x"), .badRequest),
    ])
    func eachErrorHasItsStatus(error: VaultError, status: HTTPResponse.Status) {
        #expect(error.httpStatus == status, "\(error)")
        #expect(APIResponse.failure(error).status == status)
    }

    /// The last catch-alls' cases (issue 53): a note merge's are git's and the disk's, a
    /// missing confirmation or pick is the request's.
    @Test func theLastTypedErrorsHaveTheirStatus() {
        #expect(VaultError.mergeOutsideRepository("/x").httpStatus == .badRequest)
        #expect(VaultError.mergeFileFailed(path: "/x", operation: "write", reason: "read-only file system").httpStatus == .internalServerError)
        #expect(VaultError.notConfirmed(action: "empty the trash").httpStatus == .badRequest)
        #expect(VaultError.pickNeedsTerminal(count: 2).httpStatus == .badRequest)
    }
}
