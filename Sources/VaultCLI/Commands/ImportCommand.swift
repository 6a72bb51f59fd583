import ArgumentParser
import Foundation
import VaultKit

extension ImportFormat: ExpressibleByArgument {}

/// `vault import FORMAT PATH...`: notes from another app, one recorded operation (docs/import.md).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring notes in from Evernote (enex), Bear, Google Keep, Notion or a Markdown folder.",
        discussion: "Each note is written once: importing the same export again adds nothing. The import is one operation; vault undo ID takes it back.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The export's format: \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")).") var kind: ImportFormat
    @Argument(help: "The export files or folders.", completion: .file()) var paths: [String]
    @Option(help: "The vault folder to import into (default: the vault's top).") var folder: String?
    @Flag(help: "Report what would be written; write nothing.") var dryRun = false
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give the export files or folders to import") }
    }

    func run() throws {
        let reader = kind.reader()
        let session = try Session(global)
        let directory = FileManager.default.currentDirectoryPath
        let absolute = paths.map { $0.hasPrefix("/") ? $0 : directory + "/" + $0 }
        var use = ImportNotes(reader: reader, paths: absolute, folder: folder ?? "", dryRun: dryRun)
        let errors = Terminal.standardError
        if errors.isInteractive {
            use.progress = { done, total in
                if done % 50 == 0 || done == total { errors.write("\rvault: importing… \(done) of \(total)" + (done == total ? "\r\u{1B}[K" : "")) }
            }
        }
        let report = try session.write { try use.run(in: $0) }
        if format == .json {
            var json = JSONWriter()
            ImportJSON.write(report, to: &json)
            session.terminal.line(json.output)
            return
        }
        session.terminal.write(report.lines.map { TerminalText.escaped($0) + "\n" }.joined())
    }
}
