import VaultCLI

// `vault`: every command; `vault mcp` runs `vault-mcp` beside it (docs/architecture.md).
await VaultProgram.main(assistant: nil)
