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
    /// `vault` that finds its own path there was run as `vault-mcp` (a copy or a link of
    /// `vault` under that name), which it says, rather than run itself again. Every
    /// program takes it out of its environment as it starts, so no child inherits it.
    static let runBy = "VAULT_MCP_RUN_BY"

    /// `vault`, the path `runBy` names, when this program is the `vault-mcp` beside it (links
    /// resolved); nil when the variable came from elsewhere.
    static func assistantRunBy(_ vault: String) -> String? {
        guard let slash = vault.lastIndex(of: "/"), let own = Syscalls.executablePath(),
              Syscalls.resolvedPath(String(vault[...slash]) + assistant) == own
        else { return nil }
        return vault
    }

    /// The program called `name` in the running program's directory.
    static func beside(_ name: String) -> String? {
        guard let path = Syscalls.executablePath(), let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[...slash]) + name
    }
}
