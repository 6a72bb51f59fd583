import ArgumentParser
import Foundation
import VaultKit

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Every recorded operation, oldest first: moves, renames, folder renames, tag operations, undos.")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let entries = try OperationHistory(vault: global.openSession().vault).entries().map(\.entry)
        if format == .json {
            var json = JSONWriter()
            json.beginArray()
            for entry in entries {
                json.beginObject()
                json.key("id"); json.string(entry.id)
                json.key("kind"); json.string(Self.kind(entry))
                json.key("time"); json.string(NoteDate.format(entry.time))
                json.key("summary"); json.string(Self.summary(entry))
                json.key("interrupted"); json.bool(Self.interrupted(entry))
                json.endObject()
            }
            json.endArray()
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
        abstract: "Take back a recorded operation (ids from 'vault history'); files changed since are left alone and reported.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @Argument(help: "The operation's id (or a prefix).") var id: String
    @Flag(help: "Print what would be put back and change nothing.") var dryRun = false

    func run() throws {
        let session = try Session(global)
        let (_, entry) = try OperationHistory(vault: session.vault.vault).entry(id)
        switch entry {
        case .tags(let record):
            // A merge is undone by its split; a rename by renaming back.
            func undo(_ tags: TagOperations) throws -> TagOperations.Report {
                switch record.kind {
                case .merge: try tags.split(record.id, dryRun: dryRun)
                case .rename: try tags.rename(record.target, to: record.sources.first ?? record.target, dryRun: dryRun)
                case .split: throw VaultError.invalidArgument("a split is undone by merging again: vault tag merge \(record.sources.joined(separator: " ")) --into \(record.target)")
                }
            }
            let report = dryRun ? try undo(session.vault.tagPlanner(over: session.scan.notes)) : try session.write { try undo($0.tags) }
            for error in report.failed { Terminal.standardError.printError(error) }
            if output.listsNotes || dryRun {
                for path in report.changed { session.terminal.line((dryRun ? "would change " : "changed ") + VaultPath.displayed(path)) }
            }
            session.terminal.line("\(report.changed.count) note\(report.changed.count == 1 ? "" : "s") \(dryRun ? "would change" : "changed")")
            if !report.failed.isEmpty { throw ExitCode(2) }
        case .files(let record):
            let report = dryRun ? try Undo(vault: session.vault.vault).undo(record, dryRun: true)
                : try session.write { try Undo(vault: $0.vault).undo(record, dryRun: false) }
            if output.format == .json {
                var json = JSONWriter()
                ReportJSON.write(changed: report.done, failed: report.leftAlone, to: &json) { json in
                    json.key("recordID"); json.string(report.recordID)
                }
                session.terminal.line(json.output)
            } else {
                if output.listsNotes || dryRun {
                    for line in report.done { session.terminal.line(TerminalText.escaped((dryRun ? "would " : "") + line)) }
                }
                if let undo = report.recordID {
                    session.terminal.line("undid \(record.id) (redo with: vault undo \(undo))")
                } else if report.leftAlone.isEmpty, !dryRun {
                    // Every step's result was there already: say so, rather than nothing at all.
                    session.terminal.line("nothing to undo: the files of \(record.id) are already as they were before it")
                }
            }
            for error in report.leftAlone { Terminal.standardError.printError(error) }
            if !report.leftAlone.isEmpty { throw ExitCode(1) }
        }
    }
}
