import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform

/// `vault`: a notes vault that is nothing but a folder of Markdown files.
@main
struct VaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "Organise a folder of Markdown notes: folders, tags, pins, search.",
        version: "0.1.0",
        subcommands: [
            HomeCommand.self, InitCommand.self, NewCommand.self, ShowCommand.self, EditCommand.self,
            ListCommand.self, SearchCommand.self, MoveCommand.self, RenameCommand.self, CopyCommand.self,
            PinCommand.self, UnpinCommand.self, RemoveCommand.self, TrashCommand.self, TagCommand.self, FolderCommand.self, CheckCommand.self,
            ServeCommand.self,
        ],
        defaultSubcommand: HomeCommand.self
    )

    /// Runs the command with the exit codes of DESIGN §7: 0 success, 1 no result or a
    /// failed check, 2 usage or input error.
    static func main() async {
        let command: ParsableCommand
        do {
            command = try parseAsRoot(movingGlobalOptions(Array(CommandLine.arguments.dropFirst())))
        } catch {
            // Help and --version exit 0; a usage error exits 2, as DESIGN §7 asks.
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            Terminal.standardError.line("vault: error: " + message(for: error))
            Terminal.standardError.line("usage: see 'vault help'")
            Foundation.exit(2)
        }
        var runnable = command
        do {
            if var command = runnable as? AsyncParsableCommand {
                try await command.run()
            } else {
                try runnable.run()
            }
        } catch let error as VaultError {
            Terminal.standardError.printError(error)
            Foundation.exit(2)
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            // `vault help` and `--help` on a default subcommand arrive here: exit 0 on stdout.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            Terminal.standardError.line("vault: error: " + message(for: error))
            Foundation.exit(2)
        }
        PhaseTimer.mark("finish")
        Foundation.exit(0)
    }
}

/// `vault --vault X list` → `vault list --vault X`: options every command takes may come
/// before the subcommand, as with git, though the parser wants them after it.
func movingGlobalOptions(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var rest = arguments[...]
    while let first = rest.first, first.hasPrefix("--vault") || first.hasPrefix("--color") || first == "--no-cache" {
        leading.append(first)
        rest = rest.dropFirst()
        if first != "--no-cache", !first.contains("="), let value = rest.first {
            leading.append(value)
            rest = rest.dropFirst()
        }
    }
    guard !leading.isEmpty else { return arguments }
    var result = Array(rest)
    let terminator = result.firstIndex(of: "--") ?? result.endIndex
    result.insert(contentsOf: leading, at: terminator)
    return result
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The vault directory (default: $VAULT_PATH, else the nearest parent with .vault/).")
    var vault: String?

    @Option(name: .long, help: "Colour output: auto, always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .customLong("no-cache"), help: "Read every note, ignoring the front-matter cache in .vault/cache/.")
    var noCache = false

    /// Opens the vault these options designate.
    func openSession() throws -> VaultSession {
        try VaultSession.open(explicit: vault, workingDirectory: FileManager.default.currentDirectoryPath, usesCache: !noCache)
    }

    var terminal: Terminal { Terminal.standardOutput(color: color) }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
