import Foundation
import VaultKit
import VaultPlatform

/// Has a running `vault serve` answer a read-only command (`CommandServer`), so that it
/// takes milliseconds instead of a scan; when no server runs, it declines, or it does not
/// answer within 100 ms, the command scans as it always did.
///
/// `VAULT_SERVER=off` (or `--no-server`) never asks; `VAULT_SERVER=require` waits for the
/// server as long as it takes and fails without one, for tests that must know who answered.
enum CommandClient {
    static let timeoutMilliseconds: Int32 = 100
    /// How long `VAULT_SERVER=require` waits for the server to take the command.
    static let requiredWaitMilliseconds: Int32 = 60_000

    /// The exit status of the command as the server ran it, its output already written;
    /// nil when the command is to run here.
    static func answer(_ arguments: [String], global: GlobalOptions) -> Int32? {
        let environment = ProcessInfo.processInfo.environment
        let mode = environment["VAULT_SERVER"] ?? "auto"
        guard mode != "off", !global.noServer else { return nil }
        let required = mode == "require"
        let workingDirectory = FileManager.default.currentDirectoryPath
        guard let root = try? VaultRoot.discover(explicit: global.vault, environment: environment, workingDirectory: workingDirectory),
              let connection = connect(root: root.path)
        else { return required ? failure("no vault serve runs on this vault") : nil }
        defer { Syscalls.close(connection) }
        let request = CommandRequest(
            root: root.path, workingDirectory: workingDirectory, executable: CommandRequest.executableIdentity,
            environment: CommandRequest.relevant(environment), arguments: arguments
        )
        guard offer(request, on: connection, descriptors: [1, 2], waiting: required ? requiredWaitMilliseconds : timeoutMilliseconds) else {
            return required ? failure("vault serve did not answer") : nil
        }
        // From here the server writes the output: waiting as long as the command takes.
        var status = [UInt8](repeating: 0, count: 4)
        var received = 0
        while received < 4 {
            let result = status.withUnsafeMutableBytes { Syscalls.read(connection, into: UnsafeMutableRawBufferPointer(rebasing: $0[received...])) }
            guard case .success(let count) = result, count > 0 else {
                return failure("vault serve stopped before it finished answering; run the command again, or with --no-server")
            }
            received += count
        }
        return Int32(littleEndian: status.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) })
    }

    /// A connection to the server of the vault at `root`; nil when none listens there, when
    /// another user's process does, or when the way to the socket passes through a symbolic
    /// link (`.vault`, `.vault/tmp` or the socket itself): the server there is not this
    /// vault's, and is neither sent a command nor believed.
    static func connect(root: String) -> Int32? {
        let folder = root + "/" + VaultRoot.settingsDirectory
        for directory in [folder, folder + "/tmp"] {
            guard Syscalls.status(directory, in: Syscalls.currentDirectory)?.isDirectory == true else { return nil }
        }
        let path = CommandServer.socketPath(root: root)
        guard Syscalls.status(path, in: Syscalls.currentDirectory)?.kind == .other else { return nil }
        return Syscalls.connectLocal(path)
    }

    /// Sends `request` with `descriptors` (where the command's output and errors go) and
    /// has the server run it: true when it took the command within `milliseconds` and was
    /// told to go (`A`, then `G`); false when it declined, did not answer in time or
    /// answered what is not the protocol.
    static func offer(_ request: CommandRequest, on connection: Int32, descriptors: [Int32], waiting milliseconds: Int32) -> Bool {
        let sent = request.encoded().withUnsafeBytes { bytes in (try? Syscalls.send(connection, bytes, descriptors: descriptors)) != nil }
        guard sent, Syscalls.waitReadable(connection, milliseconds: milliseconds), Syscalls.readByte(connection) == UInt8(ascii: "A") else {
            return false
        }
        return Syscalls.sendByte(connection, UInt8(ascii: "G"))
    }

    private static func failure(_ message: String) -> Int32 {
        Terminal.standardError.line("vault: error: " + message)
        return 2
    }
}
