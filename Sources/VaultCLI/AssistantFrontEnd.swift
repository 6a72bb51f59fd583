import VaultKit
import VaultTools

/// What `vault mcp` serves an assistant with: the Model Context Protocol, given to
/// `VaultCommand.main(assistant:)` by the program that links it (`vault-mcp`); `vault` has
/// none and runs that program instead.
package struct AssistantFrontEnd: Sendable {
    /// Serves `session`'s vault under the scope until the client is done: `version` is
    /// vault's, and `server` asks a running `vault serve` for the reading tools' answers.
    package typealias Serve = @Sendable (_ session: VaultSession, _ scope: AssistantScope, _ version: String, _ server: RunningServer?) async throws -> Void

    let serve: Serve
    /// The `vault` that ran this program (`Executables.runBy`), when it is the one this
    /// program is installed beside: a running `vault serve` of it answers the reading tools.
    var runBy: String?

    package init(serve: @escaping Serve) {
        self.serve = serve
    }
}
