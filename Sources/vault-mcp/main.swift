import VaultCLI
import VaultMCP

// `vault-mcp`: vault's commands with the Model Context Protocol linked in, which `vault mcp`
// becomes (docs/architecture.md, "Two executables").
await VaultProgram.main(assistant: AssistantFrontEnd { session, scope, version, server in
    try await VaultMCPServer(session: session, scope: scope, version: version, server: server).run()
})
