import ArgumentParser
import Foundation
import VaultKit

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a note in $VISUAL/$EDITOR; 'modified' is updated only if the text changed."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        let path = session.vault.root.absolutePath(found.path)
        let before = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        // The lock is not held while the editor runs: a sync or a save meanwhile is the
        // same as an editor opened by hand, and `finishEdit` writes only over what it reads.
        try EditorLauncher.edit(path)
        do {
            let outcome = try session.write { try $0.notes.finishEdit(found.path, before: before) }
            if format == .json {
                session.terminal.jsonObject { json in
                    json.key("path"); json.string(found.path)
                    json.key("changed"); json.bool(outcome == .written)
                }
            } else if outcome == .written {
                Terminal.standardError.line("vault: \(TerminalText.escaped(found.path)): modified updated")
            }
        } catch let error as VaultError {
            Terminal.standardError.printError(error)
            Terminal.standardError.line("vault: your edit is saved; 'modified' was not updated")
            throw ExitCode(2)
        }
    }
}
