import ArgumentParser
import Foundation
import VaultKit

/// `vault attach NOTE FILE...`: files into the attachment folder, linked from the note (docs/links.md).
struct AttachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach", abstract: "Copy files into the attachment folder and link them from a note.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note.", completion: Completions.notes) var note: String
    @Argument(help: "The files (not notes).", completion: .file()) var files: [String]

    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws {
        if files.isEmpty { throw ValidationError("give the files to attach") }
    }

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        let directory = FileManager.default.currentDirectoryPath
        let sources = files.map { $0.hasPrefix("/") ? $0 : directory + "/" + $0 }
        let attached = try session.write { changes in try AttachFiles(sources.map(AttachFiles.Source.file), to: found).run(in: changes) }
        if format == .json {
            session.terminal.jsonObject { json in
                json.key("note"); json.string(found.path)
                json.key("attached"); json.strings(attached)
            }
            return
        }
        for path in attached {
            session.terminal.line(TerminalText.escaped("attached \(path) to \(found.path)"))
        }
    }
}

/// `vault attachments [NOTE]`: the attachment folder and who uses what, or one note's attachments.
struct AttachmentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attachments",
        abstract: "Attachments: every file of the attachment folder with the notes that use it, or the files a note links to.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "A note (default: the whole vault).", completion: Completions.notes) var note: String?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let attachments = Attachments(vault: session.vault.vault)
        let terminal = session.terminal
        if let note {
            let found = try session.resolve(note)
            let uses = attachments.uses(in: [found], among: session.scan.notes)
            if format == .json {
                var json = JSONWriter()
                json.objects(uses) { json, use in
                    json.key("target"); json.string(use.link.target)
                    json.key("line"); json.number(use.link.line)
                    json.key("column"); json.number(use.link.column)
                    json.key("file"); json.string(use.file)
                }
                terminal.line(json.output)
                return
            }
            var out = ""
            for use in uses {
                let file = use.file.map { "→ " + $0 } ?? terminal.paint("(missing: no such file)", "red")
                out += TerminalText.escaped("\(use.link.line):\(use.link.column)  \(use.link.target) ") + file + "\n"
            }
            terminal.write(out)
            return
        }
        var users: [String: Set<String>] = [:]
        for use in attachments.uses(in: session.scan.notes) {
            if let file = use.file { users[file, default: []].insert(use.note.path) }
        }
        let files = Set(attachments.files).union(users.keys).sorted()
        if format == .json {
            var json = JSONWriter()
            json.objects(files) { json, file in
                json.key("path"); json.string(file)
                json.key("notes"); json.strings((users[file] ?? []).sorted())
            }
            terminal.line(json.output)
            return
        }
        guard !files.isEmpty else {
            terminal.line("no attachments (files go into \(attachments.folder)/ with vault attach NOTE FILE)")
            return
        }
        var out = ""
        for file in files {
            let count = users[file]?.count ?? 0
            out += TerminalText.escaped(file) + "  " + (count == 0 ? terminal.paint("unused", "orange") : terminal.dim("\(count) note\(count == 1 ? "" : "s")")) + "\n"
        }
        terminal.write(out)
    }
}
