import ArgumentParser
import VaultKit

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report unparseable front matter, bad dates and tags, deep nesting, duplicate ids."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let vault = try global.openSession()
        let scan = try vault.scan()
        let check = vault.check(scan)
        for diagnostic in check.diagnostics { global.terminal.line(diagnostic.description) }
        if check.isClean {
            global.terminal.line("\(scan.notes.count) notes checked; no problems found")
        } else {
            Terminal.standardError.line("vault: \(check.diagnostics.count) problem(s) in \(scan.notes.count) notes")
            throw ExitCode(1)
        }
    }
}
