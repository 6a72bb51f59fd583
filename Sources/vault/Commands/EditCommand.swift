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
        try Self.open(found.path, in: session, format: format)
    }

    /// Opens the note at the vault-relative `relative` in the editor and updates its
    /// `modified` when the text changed.
    static func open(_ relative: String, in session: Session, format: OutputFormat = .text) throws {
        let path = session.vault.root.absolutePath(relative)
        let before = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        // The lock is not held while the editor runs: a sync or a save meanwhile is the
        // same as an editor opened by hand, and `finishEdit` writes only over what it reads.
        try EditorLauncher.edit(path)
        do {
            let outcome = try session.write { try $0.notes.finishEdit(relative, before: before) }
            if format == .json {
                session.terminal.jsonObject { json in
                    json.key("path"); json.string(relative)
                    json.key("changed"); json.bool(outcome == .written)
                }
            } else if outcome == .written {
                Terminal.standardError.line("vault: \(TerminalText.escaped(relative)): modified updated")
            }
        } catch let error as VaultError {
            Terminal.standardError.printError(error)
            Terminal.standardError.line("vault: your edit is saved; 'modified' was not updated")
            throw ExitCode(2)
        }
    }
}
