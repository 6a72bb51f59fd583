import ArgumentParser
import VaultKit

struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv", abstract: "Move notes to a folder ('/' = Unsorted); links to them are rewritten.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @OptionGroup var selection: QueryOption
    @Argument(help: "The notes, then the destination folder.", completion: Completions.notesAndFolders) var arguments: [String]
    @OptionGroup var links: LinkOptions

    func validate() throws {
        if selection.query == nil, arguments.count < 2 { throw ValidationError("give at least one note and a destination folder") }
        if selection.query != nil, arguments.count != 1 { throw ValidationError("with --query, give only the destination folder") }
    }

    func run() throws {
        // Every note: links to the moving ones can be anywhere.
        let session = try Session(global)
        let destination = arguments[arguments.count - 1]
        let notes = try selection.query.map { _ in try session.vault.sorted(session.vault.scan(matching: selection.parsed(global))) }
            ?? session.resolve(Array(arguments.dropLast()))
        try selection.requireMatches(notes)
        let report = try links.relocate(session, .move(notes, to: destination))
        try links.print(report, session: session, output: output)
    }
}

struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a note: its file and its title (the 'title' key, else its first heading); links to it are rewritten.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String
    @Argument(help: "The new title.") var title: String
    @OptionGroup var links: LinkOptions

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        let report = try links.relocate(session, .rename(found, to: title))
        try links.print(report, session: session, output: output)
    }
}

struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cp", abstract: "Duplicate a note (new id and dates, title '… copy').")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String
    @Argument(help: "The folder for the copy (default: the note's own).", completion: Completions.folders) var destination: String?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        let copy = try session.write { try DuplicateNote(found, to: destination).run(in: $0) }.path
        if format == .json {
            session.terminal.jsonObject { json in json.key("path"); json.string(copy) }
        } else {
            session.terminal.line(copy)
        }
    }
}

struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pin", abstract: "Pin notes.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @OptionGroup var selection: QueryOption
    @Argument(help: "The notes.", completion: Completions.notes) var notes: [String] = []

    func validate() throws { try validatePinning(notes, selection) }

    func run() throws { try setPinned(global, notes, true, selection: selection, output: output) }
}

struct UnpinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unpin", abstract: "Unpin notes.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @OptionGroup var selection: QueryOption
    @Argument(help: "The notes.", completion: Completions.notes) var notes: [String] = []

    func validate() throws { try validatePinning(notes, selection) }

    func run() throws { try setPinned(global, notes, false, selection: selection, output: output) }
}

/// Notes or `--query`, one of the two.
private func validatePinning(_ notes: [String], _ selection: QueryOption) throws {
    if selection.query == nil, notes.isEmpty { throw ValidationError("give at least one note, or --query") }
    if selection.query != nil, !notes.isEmpty { throw ValidationError("give notes or --query, not both") }
}

private func setPinned(_ global: GlobalOptions, _ names: [String], _ pinned: Bool, selection: QueryOption, output: WriteOutput) throws {
    let session = try Session(global)
    let notes: [Note]
    if let query = try selection.parsed(global) {
        notes = try session.vault.sorted(session.vault.scan(matching: query))
        try selection.requireMatches(notes)
    } else {
        notes = try session.resolve(names)
    }
    let verb = pinned ? "pinned" : "unpinned"
    let report = try session.write { try PinNotes(notes, pinned: pinned, chosenByQuery: selection.query != nil).run(in: $0) }
    if output.listsNotes {
        for path in report.already { session.terminal.line(TerminalText.escaped("\(path) was already \(verb)")) }
    }
    try session.report(report.changed.map { ($0, "\(verb) \($0)") }, failed: report.failed, output: output)
}
