import Foundation
import ArgumentParser
import VaultKit

/// `--query Q`: select notes with the search language, for any command that takes notes.
struct QueryOption: ParsableArguments {
    @Option(name: .long, help: "Act on every note that matches this search query.")
    var query: String?

    /// The parsed query, or nil without `--query`; `@name` is a search `global`'s vault saved.
    func parsed(_ global: GlobalOptions) throws -> Query? {
        try query.map { try parseQuery($0, global: global) }
    }

    /// The rule of every bulk command: a `--query` that matches no note changes nothing,
    /// says so on stderr and exits 1, as `search` does.
    func requireMatches(_ notes: [Note]) throws {
        guard let query, notes.isEmpty else { return }
        Terminal.standardError.line(TerminalText.escaped("vault: no note matches '\(query)'; nothing changed"))
        throw ExitCode(1)
    }
}

/// Parses a query, turning its error into the located, caret-marked message the README's
/// "Search" shows. An `@name` in it is a search the vault of `global` saved (its config is
/// read only then).
func parseQuery(_ text: String, global: GlobalOptions) throws -> Query {
    let saved = text.contains("@") ? try global.openSession().config.searches : SavedSearches()
    do {
        return try Query.parse(text, saved: saved)
    } catch {
        throw VaultError.invalidQuery(error.rendered)
    }
}
