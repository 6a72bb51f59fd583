import ArgumentParser
import VaultKit

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report unparseable front matter, bad dates and tags, deep nesting, duplicate ids."
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let vault = try global.openSession()
        let scan = try vault.scan()
        let check = vault.check(scan)
        if format == .json {
            var json = JSONWriter()
            ReportJSON.write(check.diagnostics, checked: scan.notes.count, to: &json)
            global.terminal.line(json.output)
            if !check.isClean { throw ExitCode(1) }
            return
        }
        for diagnostic in check.diagnostics { global.terminal.line(TerminalText.escaped(diagnostic.description)) }
        if check.isClean {
            global.terminal.line("\(scan.notes.count) note\(scan.notes.count == 1 ? "" : "s") checked; no problems found")
        } else {
            // "3 problems in 4 notes" read as if every note had one: the files are counted.
            let count = check.diagnostics.count
            let paths = Set(check.diagnostics.map(\.path)).count
            Terminal.standardError.line(
                "vault: \(count) problem\(count == 1 ? "" : "s") at \(paths) path\(paths == 1 ? "" : "s"); \(scan.notes.count) note\(scan.notes.count == 1 ? "" : "s") checked")
            throw ExitCode(1)
        }
    }
}
