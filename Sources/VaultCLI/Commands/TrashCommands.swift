import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Move notes to the trash (restorable for trashDays days).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @OptionGroup var selection: QueryOption
    @Argument(help: "The notes: paths, titles or id prefixes.", completion: Completions.notes) var notes: [String] = []
    @Flag(help: "Print the notes that would be trashed and change nothing.") var dryRun = false

    func validate() throws {
        if notes.isEmpty, selection.query == nil { throw ValidationError("give the notes to delete, or --query QUERY") }
        if !notes.isEmpty, selection.query != nil { throw ValidationError("give notes or --query, not both") }
    }

    func run() throws {
        let session = try Session(global, query: selection.parsed(global))
        let targets = selection.query == nil ? try session.resolve(notes) : session.sortedNotes
        try selection.requireMatches(targets)
        if dryRun {
            for note in targets { session.terminal.line("would trash \(TerminalText.escaped(note.path))") }
            return
        }
        let everyNote = selection.query == nil ? session.scan.notes : nil
        let delete = DeleteNotes(targets) { try everyNote ?? session.vault.scan().notes }
        let report = try session.write { changes in try delete.run(in: changes) }
        try session.report(report.trashed.map { path, name in
            (path, "trashed \(path)" + (name == path.split(separator: "/").last.map(String.init) ? "" : " (as \(Trash.directory)/\(name))"))
        }, failed: report.failed, recordID: report.recordID, output: output)
    }
}

struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List, restore and empty the trash.",
        subcommands: [List.self, Restore.self, Empty.self],
        defaultSubcommand: List.self
    )
}

extension TrashCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Trashed notes with their deletion date, original place and days left.")

        @OptionGroup var global: GlobalOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let vault = try global.openSession()
            let items = ListTrash().run(in: vault)
            let now = vault.vault.now()
            let terminal = global.terminal
            if format == .json {
                var json = JSONWriter()
                NoteJSON.writeTrash(items, now: now, trashDays: vault.config.trashDays, to: &json)
                terminal.line(json.output)
                return
            }
            guard !items.isEmpty else {
                terminal.line("the trash is empty")
                return
            }
            var out = ""
            for item in items {
                let days = item.daysLeft(now: now, trashDays: vault.config.trashDays)
                // Two notes of one name are told apart by their names in the trash.
                let renamed = item.name != item.origin.split(separator: "/").last.map(String.init)
                let origin = item.origin + (renamed ? " (as \(Trash.directory)/\(item.name))" : "")
                out += terminal.bold(TerminalText.escaped(item.title)) + "  " + terminal.dim("· \(TerminalText.escaped(origin)) · deleted \(RelativeDate.format(item.info.deletionDate, now: now)) · \(days) day\(days == 1 ? "" : "s") left") + "\n"
            }
            terminal.write(out)
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "restore", abstract: "Put notes back where they were.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Original paths (with or without .md), titles, or names in the trash (.trash/NAME).") var notes: [String]
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let report = try global.openSession().reportedWrite { try RestoreNotes(notes).run(in: $0) }
            if format == .json {
                global.terminal.jsonObject { json in
                    json.key("restored"); json.beginArray()
                    for (item, restored) in report.restored {
                        json.beginObject()
                        json.key("path"); json.string(restored.path)
                        json.key("origin"); json.string(item.origin)
                        json.key("renamed"); json.bool(restored.renamed)
                        json.key("idTakenBy"); json.string(restored.idTakenBy)
                        json.key("attachmentsLeft"); json.strings(restored.attachmentsLeft)
                        json.endObject()
                    }
                    json.endArray()
                    json.key("failed"); json.strings(report.failed.map { $0.errorDescription ?? "\($0)" })
                    json.key("recordID"); json.string(report.recordID)
                }
            }
            for (item, restored) in report.restored where format != .json {
                global.terminal.line("restored \(restored.path)" + (restored.renamed ? " (\(item.origin) is taken, so under a new name)" : ""))
                if let holder = restored.idTakenBy { global.terminal.line("  with a new id: \(holder) has its id") }
                for left in restored.attachmentsLeft {
                    Terminal.standardError.line(TerminalText.escaped("vault: warning: \(left) stays in the trash: its place in the vault is taken"))
                }
            }
            for error in report.failed { Terminal.standardError.printError(error) }
            if !report.failed.isEmpty { throw ExitCode(2) }
        }
    }

    struct Empty: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "empty", abstract: "Delete every note in the trash for good.")

        @OptionGroup var global: GlobalOptions
        @Flag(name: [.short, .long], help: "Do not ask for confirmation.") var yes = false

        func run() throws {
            let vault = try global.openSession()
            let count = ListTrash().count(in: vault)
            guard count > 0 else {
                global.terminal.line("the trash is empty")
                return
            }
            guard try yes || confirm("Delete \(count) note\(count == 1 ? "" : "s") in the trash for good?",
                                     terminal: global.terminal, withoutTerminal: "empty the trash") else { return }
            global.terminal.line("deleted \(try vault.reportedWrite { EmptyTrash().run(in: $0) }.deleted) note(s) for good")
        }
    }
}

/// Asks on the terminal (anything but y or yes is no). No is not an error: it prints
/// `nothing deleted` and returns false. Without a terminal to ask on, a script must say
/// `--yes`: an error naming what it would `do`.
func confirm(_ question: String, terminal: Terminal, withoutTerminal action: String) throws -> Bool {
    guard Syscalls.isTerminal(0) else {
        throw VaultError.notConfirmed(action: action)
    }
    Terminal.standardError.write(question + " [y/N] ")
    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
    guard answer == "y" || answer == "yes" else {
        terminal.line("nothing deleted")
        return false
    }
    return true
}
