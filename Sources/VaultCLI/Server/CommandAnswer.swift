import ArgumentParser
import VaultKit

/// A command that only reads the vault, which a running `vault serve` can answer for
/// another `vault` process (`CommandClient`).
protocol ReadOnlyCommand: ParsableCommand {
    var global: GlobalOptions { get }
}

/// A command being answered by `vault serve` for another `vault` process: where its
/// output goes (that process's own stdout and stderr, passed over the socket) and what it
/// reads instead of scanning. Bound while the command runs; `Session`, `GlobalOptions` and
/// `Terminal` look here first.
struct CommandAnswer: Sendable {
    @TaskLocal static var current: CommandAnswer?

    /// The vault as the server holds it, every change before the request read.
    let vault: SettledVault
    /// The vault opened as the other process would have opened it (its directory, its
    /// environment).
    let session: VaultSession
    let output: Int32
    let errors: Int32
    /// The other process's variables of `CommandRequest.environmentNames`.
    let environment: [String: String]
}
