import ArgumentParser
import Foundation
import VaultKit

struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "List, add, remove, rename, merge and split tags.",
        subcommands: [List.self, Add.self, Remove.self, Rename.self, Merge.self, Split.self, History.self, Color.self],
        defaultSubcommand: List.self
    )
}

extension TagCommand {
    struct List: ReadOnlyCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The tag tree with note counts (descendants included).")

        @OptionGroup var global: GlobalOptions
        @Option(help: "Sort by name or count.") var sort: Sort = .name
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        enum Sort: String, ExpressibleByArgument { case name, count }

        func run() throws {
            let session = try Session(global, needsIndex: true)
            var tags = session.index.tags
            if sort == .count {
                func byCount(_ nodes: [TagNode]) -> [TagNode] {
                    nodes.map { var node = $0; node.children = byCount(node.children); return node }
                        .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
                }
                tags = byCount(tags)
            }
            let config = session.config
            if format == .json {
                var json = JSONWriter()
                NoteJSON.writeTags(tags, config: config, to: &json)
                session.terminal.line(json.output)
                return
            }
            let terminal = session.terminal
            // The counts in one column, right-aligned, as the main page aligns its own.
            var rows: [(label: String, node: TagNode)] = []
            func add(_ nodes: [TagNode], depth: Int) {
                for node in nodes {
                    rows.append((String(repeating: "  ", count: depth) + TerminalText.escaped(node.name), node))
                    add(node.children, depth: depth + 1)
                }
            }
            add(tags, depth: 0)
            let labelWidth = rows.map(\.label.count).max() ?? 0
            let countWidth = rows.map { String($0.node.count).count }.max() ?? 0
            var out = ""
            for (label, node) in rows {
                let indent = label.prefix { $0 == " " }
                let count = String(node.count)
                out += indent + terminal.paint(String(label.dropFirst(indent.count)), config.color(ofTag: node.path))
                    + String(repeating: " ", count: labelWidth - label.count + 2 + countWidth - count.count) + count + "\n"
            }
            terminal.write(out)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add tags to notes: vault tag add NOTE... TAG... (tags may be written #tag; without '#', the last argument is the tag)."
        )

        @OptionGroup var options: TaggedNotes

        func run() throws {
            try options.run(verb: "add") { .add($0) }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove tags from notes: vault tag remove NOTE... TAG...")

        @OptionGroup var options: TaggedNotes

        func run() throws {
            try options.run(verb: "remove") { .remove($0) }
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a tag and its descendants in every note.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag.", completion: Completions.tags) var old: String
        @Argument(help: "Its new name.") var new: String
        @Flag(help: "Allow renaming onto an existing tag (a merge).") var merge = false
        @Flag(help: "Print the files that would change and change nothing.") var dryRun = false
        @OptionGroup var output: WriteOutput

        func run() throws {
            try runAcrossVault(global, dryRun: dryRun, output: output, verb: "rename", .rename(old, to: new, merge: merge))
        }
    }

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "merge", abstract: "Merge tags into one: vault tag merge A B --into C.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tags to merge.", completion: Completions.tags) var sources: [String]
        @Option(help: "The tag they become.") var into: String
        @Flag(help: "Print the files that would change and change nothing.") var dryRun = false
        @OptionGroup var output: WriteOutput

        func run() throws {
            try runAcrossVault(global, dryRun: dryRun, output: output, verb: "merge", .merge(sources, into: into))
        }
    }

    struct Split: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "split", abstract: "Undo a merge, however long ago (ids from 'vault tag history').")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The merge's id (or a prefix).") var id: String
        @Flag(help: "Print the files that would change and change nothing.") var dryRun = false
        @OptionGroup var output: WriteOutput

        func run() throws {
            try runAcrossVault(global, dryRun: dryRun, output: output, verb: "split", .split(id))
        }
    }

    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "history", abstract: "Tag renames, merges and splits, oldest first.")

        @OptionGroup var global: GlobalOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let records = try global.openSession().history()
            if format == .json {
                var json = JSONWriter()
                ReportJSON.write(records, to: &json)
                global.terminal.line(json.output)
                return
            }
            guard !records.isEmpty else {
                global.terminal.line("no tag operations yet")
                return
            }
            var out = ""
            for record in records {
                let what: String
                switch record.kind {
                case .rename: what = "rename \(record.sources.joined(separator: ", ")) → \(record.target)"
                case .merge: what = "merge \(record.sources.joined(separator: ", ")) → \(record.target)"
                case .split: what = "split \(record.undoes ?? "?"): \(record.sources.joined(separator: ", ")) → \(record.target)"
                }
                let state = record.state == .done ? "" : "  (interrupted: run the same command again to finish it)"
                out += "\(record.id)  \(NoteDate.format(record.time))  \(what)  \(record.notes.count) note\(record.notes.count == 1 ? "" : "s")\(state)\n"
            }
            global.terminal.write(out)
        }
    }

    struct Color: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "color", abstract: "Set a tag's colour (none removes it).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag.", completion: Completions.tags) var tag: String
        @Argument(help: ArgumentHelp("One of: \(VaultConfig.palette.joined(separator: " ")), or none.")) var color: String
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let session = try Session(global)
            let stored = try session.write { try SetColor(.tag(tag, among: session.scan.notes), to: color).run(in: $0) }
            if format == .json {
                global.terminal.jsonObject { json in
                    json.key("tag"); json.string(stored.name)
                    json.key("color"); json.string(stored.color)
                }
            } else {
                global.terminal.line(stored.color.map { "\(stored.name) is \($0)" } ?? "\(stored.name) has no colour")
            }
        }
    }
}

/// Prints what a bulk tag command did, with failures and notes a split could not find on
/// stderr; exits 2 if there were any.
private func finish(_ report: RetagVault.Report, verb: String, dryRun: Bool, output: WriteOutput, terminal: Terminal) throws {
    if Terminal.standardError.isInteractive { Terminal.standardError.write("\r\u{1B}[K") }
    for entry in report.missing {
        Terminal.standardError.line(TerminalText.escaped("vault: note \(entry.id) (\(entry.path)) is gone since the merge; not restored"))
    }
    if output.format == .json {
        for error in report.failed { Terminal.standardError.printError(error) }
        var json = JSONWriter()
        ReportJSON.write(report, to: &json)
        terminal.line(json.output)
        if !report.failed.isEmpty || !report.missing.isEmpty { throw ExitCode(2) }
        return
    }
    if output.listsNotes || dryRun {
        for path in report.changed { terminal.line((dryRun ? "would change " : "changed ") + VaultPath.displayed(path)) }
    }
    for error in report.failed { Terminal.standardError.printError(error) }
    let summary = "\(report.changed.count) note\(report.changed.count == 1 ? "" : "s") \(dryRun ? "would change" : "changed")"
    terminal.line(summary + (report.recordID.map { " (\(verb) \($0) recorded in .vault/history)" } ?? ""))
    if !report.failed.isEmpty || !report.missing.isEmpty { throw ExitCode(2) }
}

/// Runs a vault-wide, recorded tag operation with progress on stderr when it is a terminal
/// (`RetagVault` scans holding the write lock; this scan reports what it skipped).
private func runAcrossVault(_ global: GlobalOptions, dryRun: Bool, output: WriteOutput, verb: String, _ change: RetagVault.Change) throws {
    let vault = try global.openSession()
    var retag = RetagVault(change)
    if Terminal.standardError.isInteractive {
        retag.progress = { done, total in
            if done % 100 == 0 || done == total { Terminal.standardError.write("\r\(verb) \(done)/\(total)") }
        }
    }
    let terminal = global.terminal
    let report = dryRun
        ? try retag.plan(in: vault, over: try Session(vault: vault, terminal: terminal).scan.notes)
        : try retag.run(in: vault, scanning: { try Session(vault: $0, terminal: terminal).scan }, purged: vault.reportPurged)
    try finish(report, verb: verb, dryRun: dryRun, output: output, terminal: terminal)
}

/// `NOTE... TAG...`: trailing arguments that start with `#` are the tags; without any,
/// the last argument is the tag.
private func splitNotesAndTags(_ arguments: [String], query: Bool) throws -> (notes: [String], tags: [String]) {
    if query { return ([], arguments) }
    let hashed = arguments.reversed().prefix { $0.hasPrefix("#") }
    let tagCount = hashed.isEmpty ? 1 : hashed.count
    guard arguments.count > tagCount else { throw ValidationError("give notes and then tags, e.g. vault tag add Plan '#work'") }
    return (Array(arguments.dropLast(tagCount)), Array(arguments.suffix(tagCount)))
}

/// What `tag add` and `tag remove` take: notes (or `--query`), then tags.
struct TaggedNotes: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var selection: QueryOption
    @Argument(help: "Notes, then tags.") var arguments: [String]
    @Flag(help: "Print the files that would change and change nothing.") var dryRun = false
    @OptionGroup var output: WriteOutput

    /// Resolves the notes and tags and adds or removes them.
    func run(verb: String, _ change: ([String]) -> TagNotes.Change) throws {
        let session = try Session(global, query: selection.parsed(global))
        let (names, tags) = try splitNotesAndTags(arguments, query: selection.query != nil)
        let notes = selection.query == nil ? try session.resolve(names) : session.scan.notes
        try selection.requireMatches(notes)
        let tagging = TagNotes(change(tags), to: notes, among: session.scan.notes, chosenBy: selection.query)
        if dryRun {
            return try finish(try tagging.plan(in: session.vault), verb: verb, dryRun: true, output: output, terminal: session.terminal)
        }
        let report = try session.write { try tagging.run(in: $0) }
        try finish(report, verb: verb, dryRun: false, output: output, terminal: session.terminal)
    }
}
