import ArgumentParser
import VaultKit

/// A first word that names no command, said as git says it: `unknown command 'ls'; did you
/// mean 'list'?` (the parser answered "Unexpected argument 'ls'" with the usage of `home`,
/// the command that runs without one).
enum UnknownCommand {
    /// Words people bring from other tools, for commands whose names are further away.
    static let synonyms = ["ls": "list", "find": "search", "grep": "search", "delete": "rm", "remove": "rm", "cat": "show", "view": "show", "create": "new", "add": "new"]

    /// The message for `arguments` when their first word is no command, else nil.
    static func message(for arguments: [String], commands: [ParsableCommand.Type]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help" else { return nil }
        let names = commands.flatMap { [$0._commandName] + $0.configuration.aliases }
        guard !names.contains(first) else { return nil }
        let close = names.map { ($0, EditDistance.distance(first.lowercased(), $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
        guard let suggestion = synonyms[first.lowercased()] ?? close else { return "unknown command '\(first)' (see 'vault help')" }
        return "unknown command '\(first)'; did you mean '\(suggestion)'?"
    }
}
