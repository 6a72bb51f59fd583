import Dispatch
import Foundation
import VaultKit
import VaultPlatform

/// Answers read-only `vault` commands for other processes from the running server's live
/// vault, over a Unix socket in `.vault/tmp/`: `vault list` then takes milliseconds on a
/// vault of 100,000 notes, and prints exactly what a scan would have printed.
///
/// A connection: the client sends a `CommandRequest` with its stdout and stderr; the
/// server makes sure it has read every change made before the request (`settled`) and
/// answers `A` (or `D`: the client scans itself); the client, unless it gave up waiting,
/// says `G`; the command runs, writing to the client's own descriptors (so colours,
/// pipes and `| head` behave as in the client), and the server sends the exit status.
/// Connections are answered one at a time.
final class CommandServer: @unchecked Sendable {
    /// Where the socket of the server of the vault at `root` is.
    static func socketPath(root: String) -> String { root + "/.vault/tmp/serve.sock" }
    /// How long the server waits for its watcher to confirm it is up to date: the client
    /// gives up far sooner, unless told to wait (`VAULT_SERVER=require`, as long as its
    /// own wait, however slow the machine).
    static func settleTimeout(_ request: CommandRequest) -> DispatchTimeInterval {
        request.environment["VAULT_SERVER"] == "require" ? .seconds(Int(CommandClient.requiredWaitMilliseconds / 1000)) : .seconds(2)
    }

    /// How long a client has to send its whole request (one sendmsg of a few kilobytes).
    static let requestMilliseconds = 500

    private let session: VaultSession
    private let live: LiveVault
    private let path: String
    private let listener: Int32
    private let identity = CommandRequest.executableIdentity
    private let environment = CommandRequest.relevant(ProcessInfo.processInfo.environment)
    private let configStamp: FileStamp?
    private let stopped = Locked(false)

    /// Listens at the vault's socket; nil when another server answers there or the
    /// socket cannot be made (the path is too long): commands then scan, as without one.
    init?(session: VaultSession, live: LiveVault) {
        self.session = session
        self.live = live
        path = Self.socketPath(root: session.root.path)
        if let other = Syscalls.connectLocal(path) {
            Syscalls.close(other)
            return nil
        }
        // The socket is named by its absolute path: never through a `.vault/tmp` that is a link.
        let folder = session.root.path + "/.vault/tmp"
        guard (try? Syscalls.makeDirectory(folder)) != nil, Syscalls.status(folder, in: Syscalls.currentDirectory)?.isDirectory == true else { return nil }
        // Left by a server that was killed: nothing listens there.
        _ = Syscalls.removeFile(path, in: Syscalls.currentDirectory)
        guard path.utf8.count <= Syscalls.localSocketPathLimit, let listener = try? Syscalls.listenLocal(path)
        else { return nil }
        self.listener = listener
        configStamp = Self.configStamp(session.root)
        Syscalls.ignoreBrokenPipes()
    }

    private static func configStamp(_ root: VaultRoot) -> FileStamp? {
        Syscalls.status(root.absolutePath(VaultRoot.settingsDirectory + "/" + VaultConfig.fileName), in: Syscalls.currentDirectory)?.stamp
    }

    /// Answers connections on a thread of its own until `stop`.
    func start() {
        let thread = Thread { [self] in
            while !stopped.withLock({ $0 }) {
                guard Syscalls.waitReadable(listener, milliseconds: 200), let connection = Syscalls.acceptLocal(listener) else { continue }
                answer(connection)
                Syscalls.close(connection)
            }
            Syscalls.close(listener)
        }
        thread.name = "vault-commands"
        thread.start()
    }

    /// Stops answering and removes the socket.
    func stop() {
        stopped.withLock { $0 = true }
        _ = Syscalls.removeFile(path, in: Syscalls.currentDirectory)
    }

    private func answer(_ connection: Int32) {
        var descriptors: [Int32] = []
        defer { descriptors.forEach(Syscalls.close) }
        guard let request = read(connection, descriptors: &descriptors), descriptors.count == 2 else { return }
        guard let command = prepare(request, descriptors: descriptors) else {
            Syscalls.sendByte(connection, UInt8(ascii: "D"))
            return
        }
        Syscalls.sendByte(connection, UInt8(ascii: "A"))
        // The client may have stopped waiting: then it scans, and this must not also answer.
        // Such a client has closed the connection, so the wait ends at once; one that is
        // still waiting says `G` unless the machine is too busy to run it, which may well
        // take longer than a second (the sanitizer runs of the tests): so no short limit.
        guard Syscalls.waitReadable(connection, milliseconds: CommandClient.requiredWaitMilliseconds),
              Syscalls.readByte(connection) == UInt8(ascii: "G") else { return }
        let status = CommandAnswer.$current.withValue(command.answer) { VaultCommand.execute(synchronous: command.command) }
        // Closed first: the client's readers see the end of the output when it exits.
        descriptors.forEach(Syscalls.close)
        descriptors = []
        var code = status.littleEndian
        withUnsafeBytes(of: &code) { try? Syscalls.send(connection, $0) }
    }

    /// The command of `request` and what it runs with, or nil when the answer could differ
    /// from a scan's.
    private func prepare(_ request: CommandRequest, descriptors: [Int32]) -> (command: any ReadOnlyCommand, answer: CommandAnswer)? {
        guard request.root == session.root.path, !identity.isEmpty, request.executable == identity, request.environment["TZ"] == environment["TZ"],
              request.environment["LANG"] == environment["LANG"], request.environment["LC_ALL"] == environment["LC_ALL"],
              Self.configStamp(session.root) == configStamp,
              let command = try? VaultCommand.parseAsRoot(request.arguments) as? any ReadOnlyCommand,
              let opened = try? VaultSession.open(explicit: command.global.vault, environment: request.environment, workingDirectory: request.workingDirectory),
              opened.root.path == session.root.path,
              let vault = settledVault(timeout: Self.settleTimeout(request))
        else { return nil }
        return (command, CommandAnswer(vault: vault, session: opened, output: descriptors[0], errors: descriptors[1], environment: request.environment))
    }

    /// The live vault once it has read every change made before now (nil: the client
    /// scans). This thread answers one connection at a time and has nothing else to do
    /// while it waits, so it blocks here; the library itself never blocks a thread.
    private func settledVault(timeout: DispatchTimeInterval) -> SettledVault? {
        let answer = Locked<SettledVault?>(nil)
        let done = DispatchSemaphore(value: 0)
        live.whenSettled(timeout: timeout) { vault in
            answer.withLock { $0 = vault }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 }
    }

    /// The request of `connection`, which must arrive whole within `requestMilliseconds`:
    /// connections are answered one at a time, so a client that trickles its request in
    /// byte by byte would otherwise hold every other command back.
    private func read(_ connection: Int32, descriptors: inout [Int32]) -> CommandRequest? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.requestMilliseconds) * 1_000_000
        while true {
            if let length = CommandRequest.length(of: received[...]) {
                guard length <= CommandRequest.sizeLimit else { return nil }
                if received.count >= 4 + length { return CommandRequest(body: received[4..<(4 + length)]) }
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline, Syscalls.waitReadable(connection, milliseconds: Int32((deadline - now) / 1_000_000) + 1),
                  case .success(let count) = buffer.withUnsafeMutableBytes({ Syscalls.receive(connection, into: $0, descriptors: &descriptors) }),
                  count > 0
            else { return nil }
            received += buffer[0..<count]
        }
    }

}
