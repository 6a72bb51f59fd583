import ArgumentParser
import VaultKit
import VaultPlatform

struct HomeCommand: ReadOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "home",
        abstract: "Show the vault at a glance: pinned, unsorted, folders, tags, trash."
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let session = try Session(global, needsIndex: true)
        let index = session.index
        PhaseTimer.mark("build index")
        let trash = ListTrash().count(in: session.vault)
        PhaseTimer.mark("count trash")
        if format == .json {
            var json = JSONWriter()
            NoteJSON.writeOverview(index, trash: trash, config: session.config, to: &json)
            session.terminal.line(json.output)
        } else {
            OverviewPrinter(terminal: session.terminal, config: session.config).print(index, trash: trash)
            PhaseTimer.mark("print")
        }
    }
}
