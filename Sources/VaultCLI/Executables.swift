import VaultPlatform

/// vault's two programs, installed side by side: `vault`, and `vault-mcp`, the same
/// commands with the assistant's protocol linked in, which `vault mcp` becomes. Only
/// `vault-mcp` loads the MCP SDK's networking libraries (docs/architecture.md, "Two
/// executables").
enum Executables {
    static let vault = "vault"
    static let assistant = "vault-mcp"

    /// The program called `name` in the running program's directory.
    static func beside(_ name: String) -> String? {
        guard let path = Syscalls.executablePath(), let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[...slash]) + name
    }
}
