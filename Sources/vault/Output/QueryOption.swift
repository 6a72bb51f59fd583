import Foundation
import ArgumentParser
import VaultKit

/// `--query Q`: select notes with the search language, for any command that takes notes.
struct QueryOption: ParsableArguments {
    @Option(name: .long, help: "Act on every note that matches this search query.")
    var query: String?

    /// The parsed query, or nil without `--query`.
    func parsed() throws -> Query? {
        try query.map(parseQuery)
    }

    /// The rule of every bulk command: a `--query` that matches no note changes nothing,
    /// says so on stderr and exits 1, as `search` does.
    func requireMatches(_ notes: [Note]) throws {
        guard let query, notes.isEmpty else { return }
        Terminal.standardError.line(TerminalText.escaped("vault: no note matches '\(query)'; nothing changed"))
        throw ExitCode(1)
    }
}

/// Parses a query, turning its error into the located, caret-marked message the README's "Search" shows.
func parseQuery(_ text: String) throws -> Query {
    do {
        return try Query.parse(text)
    } catch {
        throw VaultError.invalidArgument(error.rendered)
    }
}
