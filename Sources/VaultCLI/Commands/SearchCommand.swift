import ArgumentParser
import Foundation
import VaultKit

struct SearchCommand: ReadOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search notes with a boolean query: tag:work AND NOT folder:archive.",
        discussion: """
            Fields:
            \(QueryField.helpText)
            Words and "quoted phrases" match title or body, ignoring case and accents.
            [key], [key:value], [key:>=4], [due:<2026-12]: any front-matter key, compared
            as numbers, dates or words by the value's type; -[key] for notes without it.
            @name (or @"name with spaces"): a search saved with vault saved add.
            Operators: AND (or adjacency), OR, NOT (or -term), parentheses.
            Exit status: 0 something matched, 1 nothing matched, 2 error.
            """
    )

    @OptionGroup var global: GlobalOptions
    // `-term` (NOT term) is the query, not an unknown option.
    @Argument(parsing: .allUnrecognized, help: "The query (quote it for the shell); -term excludes a term.") var query: [String]
    @Flag(help: "Print one vault-relative path per line.") var paths = false
    @Flag(help: "Print only the number of matching notes.") var count = false
    @Option(help: "Show at most this many notes.") var limit: Int?
    @Flag(inversion: .prefixedNo, help: "Show a snippet under each title (default from the config).") var snippet: Bool?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text
    @Option(help: "Sort by: relevance (title, then headings, then how often the body has the words; newest first on ties).") var sort: SearchOrder?

    func validate() throws {
        if query.isEmpty { throw ValidationError("give a query, e.g. vault search 'tag:work AND NOT folder:archive'") }
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if paths, format == .json { throw ValidationError("give --paths or --format json, not both") }
    }

    func run() throws {
        // Unrecognised arguments keep the `--` that ends options: it is not part of the query.
        var words = query
        if let end = words.firstIndex(of: "--") { words.remove(at: end) }
        let parsed = try parseQuery(words.joined(separator: " "), global: global)
        let session = try Session(global, query: parsed)
        let config = session.config
        var notes = session.sortedNotes
        if let sort { notes = session.vault.sorted(notes, by: sort, for: parsed) }
        if let limit { notes = Array(notes.prefix(limit)) }
        let terminal = session.terminal
        if count, format == .json {
            terminal.line("{\"count\":\(notes.count)}")
        } else if count {
            terminal.line(String(notes.count))
        } else if paths {
            // Relative to the working directory, so that `| xargs` works from a folder too.
            let here = session.vault.root.workingDirectory ?? ""
            var out = ""
            for note in notes { out += VaultPath.relative(note.path, from: here) + "\n" }
            terminal.write(out)
        } else {
            let printer = NoteListPrinter(terminal: terminal, config: config, showSnippet: snippet ?? config.listSnippet, now: session.now)
            if format == .json { printer.printJSON(notes) } else { printer.print(notes) }
        }
        if notes.isEmpty {
            // Said on stderr, as the README promises; the count alone already says it.
            if !count { Terminal.standardError.line(TerminalText.escaped("vault: no note matches '\(words.joined(separator: " "))'")) }
            throw ExitCode(1)
        }
    }
}

extension SearchOrder: ExpressibleByArgument {}
