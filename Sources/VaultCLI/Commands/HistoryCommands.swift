import ArgumentParser
import Foundation
import VaultKit

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Every recorded operation, oldest first: moves, renames, folder renames, tag operations, undos.")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Show only the last N operations.") var limit: Int?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    func run() throws {
        var entries = try OperationHistory(vault: global.openSession().vault).entries().map(\.entry)
        if let limit { entries = Array(entries.suffix(limit)) }
        if format == .json {
            var json = JSONWriter()
            json.objects(entries) { json, entry in
                json.key("id"); json.string(entry.id)
                json.key("kind"); json.string(Self.kind(entry))
                json.key("time"); json.string(NoteDate.format(entry.time))
                json.key("summary"); json.string(Self.summary(entry))
                json.key("interrupted"); json.bool(Self.interrupted(entry))
            }
            global.terminal.line(json.output)
            return
        }
        guard !entries.isEmpty else {
            global.terminal.line("no operations yet")
            return
        }
        var out = ""
        for entry in entries {
            let state = Self.interrupted(entry) ? "  (interrupted)" : ""
            out += TerminalText.escaped("\(entry.id)  \(NoteDate.format(entry.time))  \(Self.kind(entry))  \(Self.summary(entry))\(state)") + "\n"
        }
        global.terminal.write(out)
    }

    private static func kind(_ entry: OperationHistory.Entry) -> String {
        switch entry {
        case .tags(let record): "tag-" + record.kind.rawValue
        case .files(let record): record.kind.rawValue
        }
    }

    private static func summary(_ entry: OperationHistory.Entry) -> String {
        switch entry {
        case .tags(let record):
            let notes = "\(record.notes.count) note\(record.notes.count == 1 ? "" : "s")"
            let undoes = record.undoes.map { "undo \($0): " } ?? ""
            return "\(undoes)\(record.sources.joined(separator: ", ")) → \(record.target), \(notes)"
        case .files(let record):
            return record.summary
        }
    }

    private static func interrupted(_ entry: OperationHistory.Entry) -> Bool {
        switch entry {
        case .tags(let record): record.state != .done
        case .files(let record): record.state != .done
        }
    }
}

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back a recorded operation (ids from 'vault history'), all of it or nothing: files changed since are reported.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @Argument(help: "The operation's id (or a prefix).") var id: String
    @Flag(help: "Print what would be put back and change nothing.") var dryRun = false
    @Flag(help: "When some files changed since, take back the rest (each note whole; links only if every note moves back).")
    var partial = false

    func run() throws {
        let session = try Session(global)
        let undo = UndoOperation(id, partial: partial)
        // Undone over the notes as they are: `UndoOperation` scans holding the lock.
        let report = dryRun ? try undo.plan(in: session.vault, over: session.scan.notes) : try undo.run(in: session.vault, purged: session.vault.reportPurged)
        if output.format == .json {
            var json = JSONWriter()
            ReportJSON.write(report, to: &json)
            session.terminal.line(json.output)
        }
        let undone = report.undid
        switch report.outcome {
        case .tags(let report):
            for error in report.failed { Terminal.standardError.printError(error) }
            if output.format != .json {
                if output.listsNotes || dryRun {
                    for path in report.changed { session.terminal.line((dryRun ? "would change " : "changed ") + VaultPath.displayed(path)) }
                }
                session.terminal.line("\(report.changed.count) note\(report.changed.count == 1 ? "" : "s") \(dryRun ? "would change" : "changed")")
            }
            if !report.failed.isEmpty { throw ExitCode(2) }
        case .files(let report):
            if output.format != .json {
                if output.listsNotes || dryRun {
                    for line in report.done { session.terminal.line(TerminalText.escaped((dryRun ? "would " : "") + line)) }
                }
                if let undo = report.recordID {
                    session.terminal.line(report.isRedoable ? "undid \(undone) (redo with: vault undo \(undo))" : "undid \(undone) (import again to bring it back)")
                } else if report.leftAlone.isEmpty, !dryRun {
                    // Every step's result was there already: say so, rather than nothing at all.
                    session.terminal.line("nothing to undo: the files of \(undone) are already as they were before it")
                }
            }
            for error in report.leftAlone { Terminal.standardError.printError(error) }
            if report.refused {
                let count = report.leftAlone.count
                Terminal.standardError.write("vault: nothing was undone: \(count == 1 ? "a file" : "\(count) files") of \(undone) changed since; "
                    + "put \(count == 1 ? "it" : "them") back as \(undone) left \(count == 1 ? "it" : "them"), or take back the rest with --partial\n")
            }
            if !report.leftAlone.isEmpty { throw ExitCode(1) }
        }
    }
}
