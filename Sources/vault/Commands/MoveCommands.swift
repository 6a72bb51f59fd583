import ArgumentParser
import VaultKit

struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mv", abstract: "Move notes to a folder ('/' = Unsorted).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @OptionGroup var selection: QueryOption
    @Argument(help: "The notes, then the destination folder.", completion: Completions.notesAndFolders) var arguments: [String]
    @Flag(help: "Print the moves that would be made and change nothing.") var dryRun = false

    func validate() throws {
        if selection.query == nil, arguments.count < 2 { throw ValidationError("give at least one note and a destination folder") }
        if selection.query != nil, arguments.count != 1 { throw ValidationError("with --query, give only the destination folder") }
    }

    func run() throws {
        let session = try Session(global, query: selection.parsed())
        let destination = arguments[arguments.count - 1]
        let notes = selection.query == nil ? try session.resolve(Array(arguments.dropLast())) : session.sortedNotes
        try selection.requireMatches(notes)
        if dryRun {
            let folder = try NoteOperations(vault: session.vault.vault).existingFolder(destination == "/" ? "" : destination)
            for note in notes where note.folder != folder {
                session.terminal.line(TerminalText.escaped("would move \(note.path) → \(folder.isEmpty ? "" : folder + "/")\(note.name).md"))
            }
            return
        }
        let changes = session.beginWrite()
        try session.write(notes, output: output) { note in
            let target = try changes.notes.move(note, to: destination)
            return target == note.path ? nil : (target, "\(note.path) → \(target)")
        }
    }
}

struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a note: its file and its title (the 'title' key, else its first heading).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String
    @Argument(help: "The new title.") var title: String

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        let target = try session.beginWrite().notes.rename(found, to: title)
        session.terminal.line(TerminalText.escaped("\(found.path) → \(target)"))
    }
}

struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cp", abstract: "Duplicate a note (new id and dates, title '… copy').")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The note: a path, a title or an id prefix.", completion: Completions.notes) var note: String
    @Argument(help: "The folder for the copy (default: the note's own).", completion: Completions.folders) var destination: String?

    func run() throws {
        let session = try Session(global)
        let found = try session.resolve(note)
        session.terminal.line(try session.beginWrite().notes.duplicate(found, to: destination))
    }
}

struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pin", abstract: "Pin notes.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @Argument(help: "The notes.", completion: Completions.notes) var notes: [String]

    func run() throws { try setPinned(global, notes, true, output: output) }
}

struct UnpinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unpin", abstract: "Unpin notes.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: WriteOutput
    @Argument(help: "The notes.", completion: Completions.notes) var notes: [String]

    func run() throws { try setPinned(global, notes, false, output: output) }
}

private func setPinned(_ global: GlobalOptions, _ names: [String], _ pinned: Bool, output: WriteOutput) throws {
    let session = try Session(global)
    let notes = try session.resolve(names)
    let changes = session.beginWrite()
    let verb = pinned ? "pinned" : "unpinned"
    try session.write(notes, output: output) { note in
        guard try changes.notes.setPinned(note, pinned) == .written else {
            if output.listsNotes { session.terminal.line(TerminalText.escaped("\(note.path) was already \(verb)")) }
            return nil
        }
        return (note.path, "\(verb) \(note.path)")
    }
}
