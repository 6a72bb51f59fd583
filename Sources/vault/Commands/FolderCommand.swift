import ArgumentParser
import VaultKit

struct FolderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folder",
        abstract: "List and create folders.",
        subcommands: [FolderList.self, FolderCreate.self],
        defaultSubcommand: FolderList.self
    )
}

struct FolderList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The folder tree with note counts.")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global)
        let index = session.index
        let config = session.vault.config
        if format == .json {
            var json = JSONWriter()
            NoteJSON.writeFolders(index.folders, config: config, to: &json)
            session.terminal.line(json.output)
            return
        }
        let terminal = session.terminal
        for folder in index.folders {
            terminal.line(terminal.paint(folder.name, config.color(ofFolder: folder.path)) + "  \(folder.count)")
            for child in folder.children {
                terminal.line("  " + terminal.paint(child.name, config.color(ofFolder: child.path)) + "  \(child.count)")
            }
        }
    }
}

struct FolderCreate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a folder or a subfolder (one level of nesting).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Folder or Folder/Subfolder.") var name: String

    func run() throws {
        let vault = try global.openVault()
        let path = try FolderRules(root: vault.root).create(name)
        global.terminal.line("created folder \(path)")
    }
}
