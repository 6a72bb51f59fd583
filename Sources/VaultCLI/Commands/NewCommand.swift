import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a note; the text comes from stdin when piped, else from $VISUAL/$EDITOR."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The title (default: the first line of the text).") var title: String?
    @Option(name: [.short, .customLong("folder")], help: "The folder to create it in (default: new.folder in the config, else the root).") var folder: String?
    @Option(help: "Start from this template of .vault/templates/ (default: the folder's, from new.templates).") var template: String?
    @Option(name: [.short, .customLong("tag")], help: "A tag (repeatable).") var tags: [String] = []
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text
    @Flag(help: "Pin the note.") var pin = false

    func run() throws {
        let session = try global.openSession()
        // Fail on a bad folder or tag before the user spends time in the editor; a missing
        // folder is made when the note is saved.
        var draft = try session.draft(title: title, folder: folder, tags: tags, pinned: pin, template: template)
        try session.validate(draft)
        for warning in draft.warnings { Terminal.standardError.line("vault: warning: " + TerminalText.escaped(warning)) }
        if !Syscalls.isTerminal(0) {
            let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            // Piped text follows the template's, on a line of its own.
            let separator = draft.body.isEmpty || draft.body.hasSuffix("\n") || input.isEmpty ? "" : "\n"
            draft.body += separator + input
        } else {
            let template = !draft.body.isEmpty ? draft.body : title.map { "# \($0)\n\n" } ?? ""
            let text = try editInScratchFile(root: session.root, template: template)
            // Nothing saved is a failure, as git's commit with an empty message is: a script
            // that goes on as if the note existed would be wrong.
            guard text != template else {
                Terminal.standardError.line("vault: the note was left unchanged; nothing saved")
                throw ExitCode(1)
            }
            draft.body = text
        }
        do {
            let path = try session.reportedWrite { try CreateNote(draft, recorded: false).run(in: $0) }.path
            if format == .json {
                Terminal.standardOutput(color: .never).jsonObject { json in json.key("path"); json.string(path) }
            } else {
                print(path)
            }
        } catch VaultError.emptyNote {
            Terminal.standardError.line("vault: empty note discarded; nothing saved")
            throw ExitCode(1)
        }
    }

    /// Lets the user write in a scratch file inside `.vault/` (never outside the vault),
    /// which is removed whatever happens: the editor fails, the note is discarded or saved.
    /// Ctrl-C reaches only the editor, which decides (vault ignores it while it runs). The
    /// directory is in `.vault/.gitignore`, for an editor's swap files and for a scratch
    /// file left by a vault that was killed.
    private func editInScratchFile(root: VaultRoot, template: String) throws -> String {
        let scratch = try ScratchFile(named: "new-\(Syscalls.processID).md", text: template, in: root)
        defer { scratch.remove() }
        try EditorLauncher.edit(scratch.absolutePath)
        return scratch.text()
    }
}
