import Dispatch
import Foundation
import VaultKit
import VaultTools
import VaultPlatform

/// Has a running `vault serve` of the vault answer `vault mcp`'s reading tools
/// (`ServedCall`), over the command socket as `CommandClient` has it answer a command: the
/// server runs `vault mcp-answer` (`McpAnswerCommand`) into a pipe this process reads.
///
/// The server and its answer are untrusted: the socket must be this user's and this
/// vault's (`CommandClient.connect`), the server must take the call within 100 ms and
/// answer it within `answerMilliseconds`, with at most `ServedCall.answerLimit` bytes;
/// anything else and the call is answered from a scan, as without a server.
struct ServedCallClient: Sendable {
    /// How long the server has to answer a call it took: a search of 10,000 notes takes it
    /// milliseconds, and a server that takes longer (hung, or not a real one) is not waited for.
    static let answerMilliseconds: Int32 = 2_000

    let root: String
    let workingDirectory: String
    let environment: [String: String]
    /// `VAULT_SERVER=require`: wait for the server however long it takes, and fail the
    /// call without it (for tests that must know who answered).
    let required: Bool
    /// The identity of the `vault` whose server may answer: this runs in `vault-mcp`, and a
    /// server answers only a client of its own build.
    private let executable: String

    /// `vault` is the path of the `vault` that ran this `vault-mcp` (or of the one beside it).
    init(root: String, workingDirectory: String, environment: [String: String], vault: String?, required: Bool) {
        self.executable = CommandRequest.identity(of: vault)
        self.root = root
        self.workingDirectory = workingDirectory
        self.environment = CommandRequest.relevant(environment)
        self.required = required
    }

    /// The server's answer to `call`; nil when it is to be answered here.
    func ask(_ call: ServedCall) throws -> [UInt8]? {
        guard let bytes = answer(call) else {
            if required { throw ServerMissing() }
            return nil
        }
        return bytes
    }

    private func answer(_ call: ServedCall) -> [UInt8]? {
        guard let connection = CommandClient.connect(root: root) else { return nil }
        defer { Syscalls.close(connection) }
        guard let pipe = try? Syscalls.makeClosingPipe() else { return nil }
        defer { Syscalls.close(pipe.read) }
        let request = CommandRequest(root: root, workingDirectory: workingDirectory, executable: executable, environment: environment,
                                     arguments: McpAnswerCommand.arguments(call, root: root))
        let taken = CommandClient.offer(request, on: connection, descriptors: [pipe.write, pipe.write],
                                        waiting: required ? CommandClient.requiredWaitMilliseconds : CommandClient.timeoutMilliseconds)
        // Only the server's copy is left: the pipe ends when it is done with it.
        Syscalls.close(pipe.write)
        guard taken else { return nil }
        let deadline = Deadline(milliseconds: required ? CommandClient.requiredWaitMilliseconds : Self.answerMilliseconds)
        guard let bytes = read(pipe.read, limit: ServedCall.answerLimit, by: deadline),
              let status = read(connection, exactly: 4, by: deadline),
              status == [0, 0, 0, 0]
        else { return nil }
        return bytes
    }

    /// Everything `fd` gives until its end, unless that is over `limit` bytes or the
    /// deadline passes first.
    private func read(_ fd: Int32, limit: Int, by deadline: Deadline) -> [UInt8]? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            guard let left = deadline.left, Syscalls.waitReadable(fd, milliseconds: left),
                  case .success(let count) = buffer.withUnsafeMutableBytes({ Syscalls.read(fd, into: $0) })
            else { return nil }
            if count == 0 { return received }
            received += buffer[0..<count]
            guard received.count <= limit else { return nil }
        }
    }

    /// `count` bytes of `fd`, unless it ends or the deadline passes first.
    private func read(_ fd: Int32, exactly count: Int, by deadline: Deadline) -> [UInt8]? {
        var received: [UInt8] = []
        while received.count < count {
            guard let left = deadline.left, Syscalls.waitReadable(fd, milliseconds: left), let byte = Syscalls.readByte(fd) else { return nil }
            received.append(byte)
        }
        return received
    }

    /// A moment after which the server is no longer waited for.
    private struct Deadline {
        let end: UInt64

        init(milliseconds: Int32) {
            end = DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
        }

        /// The milliseconds left (at least 1), or nil when it has passed.
        var left: Int32? {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < end else { return nil }
            return Int32((end - now) / 1_000_000) + 1
        }
    }

    /// `VAULT_SERVER=require` and no server answered.
    struct ServerMissing: Error, CustomStringConvertible {
        var description: String { "vault serve did not answer (VAULT_SERVER=require)" }
    }
}
