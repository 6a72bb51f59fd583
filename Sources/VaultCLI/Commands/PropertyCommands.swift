import ArgumentParser
import VaultKit

/// `vault set NOTE... KEY=VALUE...`: front-matter properties, each value read as the YAML it
/// would be (`SetProperties`), the whole one operation for `vault undo`.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set front-matter properties: vault set NOTE... KEY=VALUE... (a value is read as YAML: true, 2026-12-01, 3, [a, b], \"3\").",
        discussion: "id, created, modified, sortDate and title are vault's own and are refused; tags and pinned go through the tag and pin operations."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var selection: QueryOption
    @Argument(help: "Notes, then KEY=VALUE pairs.") var arguments: [String]
    @Flag(help: "Print the files that would change and change nothing.") var dryRun = false
    @OptionGroup var output: WriteOutput

    func run() throws {
        let pairs = arguments.reversed().prefix { $0.contains("=") }.reversed()
        guard !pairs.isEmpty else { throw ValidationError("give notes and then KEY=VALUE, e.g. vault set Plan due=2026-12-01") }
        var values: [(key: String, value: PropertyValue)] = []
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0])
            values.append((key, try PropertyValue.read(parts.count > 1 ? String(parts[1]) : "", key: key)))
        }
        try PropertyChange.run(global: global, selection: selection, names: Array(arguments.dropLast(pairs.count)), dryRun: dryRun, output: output) {
            try SetProperties($0, set: values, remove: [])
        }
    }
}

/// `vault unset NOTE... KEY...`: removes properties (the last arguments that no note is
/// named by are the keys; with `--query`, every argument is a key).
struct UnsetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: "Remove front-matter properties: vault unset NOTE... KEY (with --query, every argument is a key)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var selection: QueryOption
    @Argument(help: "Notes, then the key.") var arguments: [String]
    @Flag(help: "Print the files that would change and change nothing.") var dryRun = false
    @OptionGroup var output: WriteOutput

    func run() throws {
        let keys = selection.query == nil ? Array(arguments.suffix(1)) : arguments
        guard !keys.isEmpty, selection.query != nil || arguments.count > 1 else { throw ValidationError("give notes and then a key, e.g. vault unset Plan due") }
        try PropertyChange.run(global: global, selection: selection, names: Array(arguments.dropLast(keys.count)), dryRun: dryRun, output: output) {
            try SetProperties($0, set: [], remove: keys)
        }
    }
}

/// What `set` and `unset` share: the notes, the run, the report.
enum PropertyChange {
    static func run(global: GlobalOptions, selection: QueryOption, names: [String], dryRun: Bool, output: WriteOutput,
                    _ make: ([Note]) throws -> SetProperties) throws {
        let session = try Session(global, query: selection.parsed(global))
        if selection.query == nil, names.isEmpty { throw ValidationError("give the notes first, or --query") }
        let notes = selection.query == nil ? try session.resolve(names) : session.scan.notes
        try selection.requireMatches(notes)
        let change = try make(notes)
        let report = dryRun ? change.plan(in: session.vault) : try session.write { try change.run(in: $0) }
        for error in report.failed { Terminal.standardError.printError(error) }
        if output.format == .json {
            var json = JSONWriter()
            json.beginObject()
            json.key("changed"); json.beginArray(); for path in report.changed { json.string(path) }; json.endArray()
            json.key("recordID"); if let id = report.recordID { json.string(id) } else { json.null() }
            json.endObject()
            session.terminal.line(json.output)
        } else {
            if output.listsNotes || dryRun {
                for path in report.changed { session.terminal.line((dryRun ? "would change " : "changed ") + VaultPath.displayed(path)) }
            }
            let count = report.changed.count
            session.terminal.line("\(count) note\(count == 1 ? "" : "s") \(dryRun ? "would change" : "changed")" + (report.recordID.map { " (recorded in .vault/history as \($0))" } ?? ""))
        }
        if !report.failed.isEmpty { throw ExitCode(2) }
    }
}
