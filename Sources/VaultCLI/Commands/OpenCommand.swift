import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform

/// `vault open [TEXT]`: finds a note by a few words and opens it in the editor. One match
/// opens at once; several are picked from on a terminal, with fzf when it is installed,
/// else from a numbered list (as zk and nb do).
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Pick a note (with fzf when installed) and open it in the editor.",
        discussion: "TEXT is a query, as vault search takes it; without it every note is offered, latest first.")

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: "Words (or a query) the note must match.") var text: [String] = []

    /// How many notes the numbered list offers.
    static let listed = 20

    func run() throws {
        var words = text
        if let end = words.firstIndex(of: "--") { words.remove(at: end) }
        let query = words.isEmpty ? nil : try parseQuery(words.joined(separator: " "), global: global)
        let session = try Session(global, query: query)
        let notes = session.sortedNotes
        guard !notes.isEmpty else {
            Terminal.standardError.line(TerminalText.escaped("vault: no note matches '\(words.joined(separator: " "))'"))
            throw ExitCode(1)
        }
        let chosen: Note
        if notes.count == 1 {
            chosen = notes[0]
        } else {
            guard Syscalls.isTerminal(0), Syscalls.isTerminal(1) else {
                throw VaultError.pickNeedsTerminal(count: notes.count)
            }
            guard let picked = try Self.fuzzyFinder().map({ try pick(from: notes, with: $0, root: session.vault.root) }) ?? pickFromList(notes, terminal: session.terminal) else {
                throw ExitCode(1)
            }
            chosen = picked
        }
        try EditCommand.open(chosen.path, in: session)
    }

    /// fzf's path, when it is installed.
    static func fuzzyFinder() throws -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/fzf" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The note picked in fzf, nil when it was left with Esc. fzf reads the keys from the
    /// terminal; it runs in the terminal's foreground as the editor does, its list and its
    /// choice passed through scratch files in `.vault/tmp/`.
    private func pick(from notes: [Note], with fzf: String, root: VaultRoot) throws -> Note? {
        let lines = notes.map { TerminalText.escaped($0.path) }
        let list = try ScratchFile(named: "open-\(Syscalls.processID).txt", text: lines.joined(separator: "\n") + "\n", in: root)
        defer { list.remove() }
        let choice = try ScratchFile(named: "open-\(Syscalls.processID)-choice.txt", text: "", in: root)
        defer { choice.remove() }
        _ = try ForegroundProcess.runShell("trap : INT QUIT; \"$1\" --prompt 'open> ' < \"$2\" > \"$3\"", arguments: [fzf, list.absolutePath, choice.absolutePath])
        let picked = choice.text().trimmingCharacters(in: .newlines)
        return notes.first { TerminalText.escaped($0.path) == picked }
    }

    /// The note picked from a numbered list of the first few, nil when none was.
    private func pickFromList(_ notes: [Note], terminal: Terminal) -> Note? {
        let shown = notes.prefix(Self.listed)
        var out = ""
        for (number, note) in shown.enumerated() {
            out += String(format: "%3d  ", number + 1) + TerminalText.escaped("\(note.title)  \(note.path)") + "\n"
        }
        if notes.count > shown.count { out += "     … \(notes.count - shown.count) more; add words to narrow it down\n" }
        terminal.write(out)
        // Asked again on a number out of range (it exited without a word); an empty answer
        // or the end of input opens nothing.
        while true {
            terminal.write("open which (1-\(shown.count))? ")
            guard let answer = readLine()?.trimmingCharacters(in: .whitespaces), !answer.isEmpty else { return nil }
            if let number = Int(answer), (1...shown.count).contains(number) {
                return shown[shown.index(shown.startIndex, offsetBy: number - 1)]
            }
            terminal.line(TerminalText.escaped("'\(answer)' is not a number from 1 to \(shown.count)"))
        }
    }
}
