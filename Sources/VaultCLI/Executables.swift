import VaultPlatform

/// vault's two programs, installed side by side: `vault`, and `vault-mcp`, the same
/// commands with the assistant's protocol linked in, which `vault mcp` becomes. Only
/// `vault-mcp` loads the MCP SDK's networking libraries (docs/architecture.md, "Two
/// executables").
enum Executables {
    static let vault = "vault"
    static let assistant = "vault-mcp"

    /// What `vault` tells the `vault-mcp` it becomes: its own path. `vault-mcp` names the
    /// server it asks by that `vault`, wherever the link it was run through leads; and a
    /// `vault` that finds it set was itself run as `vault-mcp` (a copy or a link of
    /// `vault` under that name), which it says, rather than run itself again.
    static let runBy = "VAULT_MCP_RUN_BY"

    /// The program called `name` in the running program's directory.
    static func beside(_ name: String) -> String? {
        guard let path = Syscalls.executablePath(), let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[...slash]) + name
    }
}
