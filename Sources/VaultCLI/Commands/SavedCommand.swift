import ArgumentParser
import Foundation
import VaultKit

/// `vault saved`: searches kept by name in `.vault/config.yaml` (`searches:`), each a term
/// of the query language as `@name`, through the `SaveSearches` use case.
struct SavedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved",
        abstract: "Saved searches, with counts; add, rename, remove.",
        discussion: """
            A saved search is a name and a query, kept in .vault/config.yaml
            (searches:). @name, or @"name with spaces", stands for it in any
            query: vault search '@week AND tag:work'.
            """,
        subcommands: [List.self, Add.self, Rename.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Each saved search with how many notes it finds, or why it does not parse.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let listed = try SaveSearches.list(in: global.openSession())
            if format == .json {
                var json = JSONWriter()
                SaveSearches.writeJSON(listed, to: &json)
                global.terminal.line(json.output)
                return
            }
            guard !listed.isEmpty else {
                Terminal.standardError.line("vault: no saved search (vault saved add NAME QUERY keeps one)")
                throw ExitCode(1)
            }
            let width = listed.map { String($0.count ?? 0).count }.max() ?? 1
            for search in listed {
                let count = search.count.map { String($0).leftPadded(to: width) } ?? String(repeating: " ", count: width)
                let detail = search.error.map { "(does not parse: \($0))" } ?? search.query
                global.terminal.line(TerminalText.escaped("\(count)  @\(search.name)  \(detail)"))
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Save a query under a name (a name saved already gets the new query).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The name.") var name: String
        @Argument(help: "The query (quote it for the shell).") var query: String

        func run() throws {
            let stored = try global.openSession().reportedWrite { try SaveSearches(.add(name, query: query)).run(in: $0) }
            global.terminal.line(TerminalText.escaped("saved @\(stored?.name ?? name): \(query)"))
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a saved search (queries that name it as @OLD are not changed).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The saved search.") var old: String
        @Argument(help: "Its new name.") var new: String

        func run() throws {
            _ = try global.openSession().reportedWrite { try SaveSearches(.rename(old, to: new)).run(in: $0) }
            global.terminal.line(TerminalText.escaped("renamed @\(old) → @\(new)"))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Forget a saved search; no note changes.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The saved search.") var name: String

        func run() throws {
            _ = try global.openSession().reportedWrite { try SaveSearches(.remove(name)).run(in: $0) }
            global.terminal.line(TerminalText.escaped("removed @\(name)"))
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
