import ArgumentParser
import VaultKit

struct FolderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folder",
        abstract: "List, create, rename, delete and colour folders.",
        subcommands: [List.self, Create.self, Rename.self, Delete.self, Color.self],
        defaultSubcommand: List.self
    )
}

extension FolderCommand {
    struct List: ReadOnlyCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The folder tree with note counts.")

        @OptionGroup var global: GlobalOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let session = try Session(global, needsIndex: true)
            let index = session.index
            let config = session.config
            if format == .json {
                var json = JSONWriter()
                NoteJSON.writeFolders(index.folders, config: config, to: &json)
                session.terminal.line(json.output)
                return
            }
            let terminal = session.terminal
            for folder in index.folders {
                terminal.line(terminal.paint(TerminalText.escaped(folder.name), config.color(ofFolder: folder.path)) + "  \(folder.count)")
                for child in folder.children {
                    terminal.line("  " + terminal.paint(TerminalText.escaped(child.name), config.color(ofFolder: child.path)) + "  \(child.count)")
                }
            }
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a folder or a subfolder (one level of nesting).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Folder or Folder/Subfolder.") var name: String
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let path = try global.openSession().reportedWrite { try CreateFolder(name).run(in: $0) }.path
            if format == .json {
                global.terminal.jsonObject { json in json.key("path"); json.string(path) }
            } else {
                global.terminal.line("created folder \(path)")
            }
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Rename a folder; its colour goes with it, and links to its notes are rewritten.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: WriteOutput
        @Argument(help: "The folder.", completion: Completions.folders) var folder: String
        @Argument(help: "The new name (Folder or Folder/Subfolder).") var name: String
        @OptionGroup var links: LinkOptions

        func run() throws {
            let session = try Session(global)
            let report = try links.relocate(session, .renameFolder(folder, to: name))
            try links.print(report, session: session, output: output)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Move every note of a folder (subfolders included) to the trash, then remove the emptied directories."
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The folder.", completion: Completions.folders) var folder: String
        @Flag(help: "Print the notes that would be trashed and change nothing.") var dryRun = false
        @Flag(name: [.short, .long], help: "Do not ask for confirmation.") var yes = false
        @OptionGroup var output: WriteOutput

        func run() throws {
            let session = try global.openSession()
            let deletion = try DeleteFolder(folder, in: session)
            let (notes, existing) = (deletion.notes, deletion.folder)
            let terminal = global.terminal
            if dryRun {
                for note in notes { terminal.line("would trash \(TerminalText.escaped(note.path))") }
                terminal.line("would remove \(existing) if nothing else is left in it")
                return
            }
            guard try yes || confirm("Move \(notes.count) note\(notes.count == 1 ? "" : "s") of '\(existing)' to the trash and remove the folder?",
                                     terminal: terminal, withoutTerminal: "delete the folder") else { return }
            let report = try session.reportedWrite(after: deletion.scan) { try deletion.run(in: $0) }
            for error in report.failed { Terminal.standardError.printError(error) }
            for directory in report.kept {
                Terminal.standardError.line("vault: kept \(directory): it still holds files that are not notes")
            }
            if output.format == .json {
                var json = JSONWriter()
                ReportJSON.write(changed: report.trashed.map(\.path), failed: report.failed, to: &json) { json in
                    json.key("folder"); json.string(existing)
                    json.key("removed"); json.bool(report.kept.isEmpty)
                    json.key("kept"); json.strings(report.kept)
                    if let id = report.recordID { json.key("recordID"); json.string(id) }
                }
                terminal.line(json.output)
            } else {
                if output.listsNotes { for (path, _) in report.trashed { terminal.line("trashed \(TerminalText.escaped(path))") } }
                if output.quiet { terminal.line("\(report.trashed.count) note\(report.trashed.count == 1 ? "" : "s") trashed") }
                if report.kept.isEmpty { terminal.line("removed folder \(existing)") }
                if let id = report.recordID, !report.trashed.isEmpty { terminal.line("undo with: vault undo \(id)") }
            }
            if !report.failed.isEmpty { throw ExitCode(2) }
        }
    }

    struct Color: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "color", abstract: "Set a folder's colour (none removes it).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The folder.", completion: Completions.folders) var folder: String
        @Argument(help: ArgumentHelp("One of: \(VaultConfig.palette.joined(separator: " ")), or none.")) var color: String

        func run() throws {
            let stored = try global.openSession().reportedWrite { try SetColor(.folder(folder), to: color).run(in: $0) }
            global.terminal.line(stored.color.map { "\(stored.name) is \($0)" } ?? "\(stored.name) has no colour")
        }
    }
}
