import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform

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
        let found: Note
        do {
            found = try session.resolve(note)
        } catch VaultError.noteNotFound(let name, let suggestion) where Syscalls.isTerminal(0) && Syscalls.isTerminal(1) && format == .text {
            // On a terminal a missing note is offered, as zk and nb offer it.
            try offerToCreate(name, suggestion: suggestion)
            return
        }
        try Self.open(found.path, in: session, format: format)
    }

    /// Asks whether to create the note `name` that matched nothing, and does as `vault new`.
    private func offerToCreate(_ name: String, suggestion: String?) throws {
        let nearest = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        Terminal.standardError.write(TerminalText.escaped("vault: no note matches '\(name)'\(nearest); create it? [y/N] "))
        guard let answer = readLine(), ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw ExitCode(1)
        }
        var new = try NewCommand.parse(["--", name])
        new.global = global
        try new.run()
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
            let report = try session.write { try FinishEdit(relative, before: before).run(in: $0) }
            if format == .json {
                session.terminal.jsonObject { json in
                    json.key("path"); json.string(relative)
                    json.key("changed"); json.bool(report.changed)
                }
            } else if report.changed {
                Terminal.standardError.line("vault: \(TerminalText.escaped(relative)): modified updated")
            }
        } catch let error as VaultError {
            Terminal.standardError.printError(error)
            Terminal.standardError.line("vault: your edit is saved; 'modified' was not updated")
            throw ExitCode(2)
        }
    }
}
