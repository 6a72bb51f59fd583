import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform

/// `vault`: a notes vault that is nothing but a folder of Markdown files.
struct VaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "Organise a folder of Markdown notes: folders, tags, pins, search.",
        discussion: """
            Options every command takes, before or after its name:
              --vault <path>     the vault or a folder in it ($VAULT_PATH,
                                 else the working directory's vault)
              --color <when>     auto, always or never (NO_COLOR is honoured)
              --no-cache         read every note, ignoring .vault/cache/
              --no-server        scan even when vault serve could answer
              --format <format>  text or json, where a command prints notes
            Exit status: 0 success, 1 nothing matched or a check failed,
            2 usage or input error.
            """,
        version: "0.1.0",
        subcommands: [
            HomeCommand.self, InitCommand.self, NewCommand.self, ShowCommand.self, EditCommand.self, OpenCommand.self, TodayCommand.self, YesterdayCommand.self,
            ListCommand.self, SearchCommand.self, MoveCommand.self, RenameCommand.self, CopyCommand.self,
            PinCommand.self, UnpinCommand.self, RemoveCommand.self, TrashCommand.self, TagCommand.self, FolderCommand.self, CheckCommand.self,
            SavedCommand.self, TasksCommand.self, TaskCommand.self, LinksCommand.self, BacklinksCommand.self, AttachCommand.self, AttachmentsCommand.self, HistoryCommand.self, LogCommand.self, DiffCommand.self, RestoreCommand.self, UndoCommand.self, SyncCommand.self, MergeDriverCommand.self, ServeCommand.self, McpCommand.self, McpAnswerCommand.self, SetCommand.self, UnsetCommand.self, ImportCommand.self,
        ],
        defaultSubcommand: HomeCommand.self
    )

    /// Runs the command with the README's exit codes ("Exit status and errors"): 0 success, 1 no result or a
    /// failed check, 2 usage or input error. `assistant` is what `vault mcp` serves with, in
    /// the program that links it; `runBy`, the `vault` that ran this program as `vault-mcp`.
    static func main(assistant: AssistantFrontEnd?, runBy: String?) async {
        // Starts the clock: the first phase shown is the arguments parsed and the vault opened.
        PhaseTimer.mark("main")
        var command: ParsableCommand
        var arguments = movingGlobalOptions(Array(CommandLine.arguments.dropFirst()))
        // `vault help shwo` printed the whole help and exited 0.
        if arguments.first == "help", arguments.count > 1,
           let unknown = UnknownCommand.message(for: Array(arguments.dropFirst()), commands: configuration.subcommands) {
            Terminal.standardError.line("vault: error: " + unknown)
            Foundation.exit(2)
        }
        do {
            command = try parseCommand(arguments)
        } catch {
            // Help and --version exit 0; a usage error exits 2, as the README says.
            let code = exitCode(for: error)
            guard code != .success else { exitWithHelp(error, arguments: arguments) }
            if let unknown = UnknownCommand.message(for: arguments, commands: configuration.subcommands) {
                Terminal.standardError.line("vault: error: " + unknown)
                Foundation.exit(2)
            }
            Terminal.standardError.line("vault: error: " + reworded(message(for: error)))
            // `vault rm -draft` read the name as options and then missed the notes.
            if let name = arguments.prefix(while: { $0 != "--" }).first(where: readsAsOptions) {
                Terminal.standardError.line("vault: hint: '\(TerminalText.escaped(name))' reads as options; put -- before a name that starts with a dash")
            }
            Terminal.standardError.line(usage(for: error))
            Foundation.exit(2)
        }
        let pager = Self.startPager(for: command, arguments: &arguments)
        if pager != nil, let colored = try? parseCommand(arguments) { command = colored }
        if let command = command as? any ReadOnlyCommand, !arguments.contains(where: Self.asksForHelp),
           let status = CommandClient.answer(arguments, global: command.global) {
            pager?.finish()
            Foundation.exit(status)
        }
        let status: Int32
        if var command = command as? AsyncParsableCommand {
            do {
                if let mcp = command as? McpCommand {
                    if let assistant { try await mcp.serve(with: assistant) } else { try await mcp.becomeAssistant(runBy: runBy) }
                } else {
                    try await command.run()
                }
                status = 0
            } catch {
                status = Self.status(for: error)
            }
        } else {
            status = execute(synchronous: command)
        }
        PhaseTimer.mark("finish")
        pager?.finish()
        Foundation.exit(status)
    }

    /// The command `arguments` ask for. When the first names a command without commands of
    /// its own, only that command's arguments are parsed: the parse from the root looked at
    /// every command's options first, a fifth of a small command's time. Help, the version,
    /// and any argument that does not parse so go through the root, which words them.
    static func parseCommand(_ arguments: [String]) throws -> ParsableCommand {
        if let name = arguments.first, !arguments.contains(where: mayBeTheRoots),
           let named = configuration.subcommands.first(where: { $0._commandName == name }),
           named.configuration.subcommands.isEmpty,
           let command = try? named.parseAsRoot(Array(arguments.dropFirst())) {
            return command
        }
        return try parseAsRoot(arguments)
    }

    /// Starts the pager for a command whose output may be long (`PagedCommand`), when its
    /// output goes to a terminal: `$VAULT_PAGER`, else `$PAGER`, else `less` (`cat` or
    /// nothing turns it off), as git chooses. The output stays coloured as on the terminal
    /// (`--color always` is added unless the user chose, or `NO_COLOR` is set).
    private static func startPager(for command: ParsableCommand, arguments: inout [String]) -> Pager? {
        guard command is any PagedCommand, Syscalls.isTerminal(1), !arguments.contains(where: Self.asksForHelp) else { return nil }
        let environment = ProcessInfo.processInfo.environment
        let program = (environment["VAULT_PAGER"] ?? environment["PAGER"] ?? "less").trimmingCharacters(in: .whitespaces)
        guard !program.isEmpty, program != "cat", let pager = try? Pager.start(program) else { return nil }
        let chosen = arguments.contains { $0 == "--color" || $0.hasPrefix("--color=") } || !(environment["NO_COLOR"] ?? "").isEmpty
        if !chosen { arguments = movingGlobalOptions(["--color", "always"] + arguments) }
        return pager
    }

    /// Runs a command that is not async and returns its exit status, its error printed.
    static func execute(synchronous command: ParsableCommand) -> Int32 {
        var runnable = command
        do {
            try runnable.run()
            return 0
        } catch {
            return status(for: error)
        }
    }

    /// Prints a command's error and returns the exit status it means.
    private static func status(for error: any Error) -> Int32 {
        switch error {
        case let error as VaultError:
            Terminal.standardError.printError(error)
            return 2
        case let error as ExitCode:
            return error.rawValue
        default:
            // `vault help` and `--help` on a default subcommand arrive here: exit 0 on stdout.
            guard exitCode(for: error) != .success else { exitWithHelp(error, arguments: Array(CommandLine.arguments.dropFirst())) }
            Terminal.standardError.line("vault: error: " + message(for: error))
            return 2
        }
    }

    /// Prints the help (or version) `error` asks for and exits 0, unless no argument asked
    /// for it: `vault rm "$name"` with a name like "-leading dash" read `-h` in it, printed
    /// the help and exited 0, having removed nothing. A script must not take that for success.
    private static func exitWithHelp(_ error: any Error, arguments: [String]) -> Never {
        if !arguments.contains(where: asksForHelp), let name = arguments.first(where: readsAsOptions) {
            Terminal.standardError.line("vault: error: '\(TerminalText.escaped(name))' reads as options; put -- before a name that starts with a dash")
            Foundation.exit(2)
        }
        exit(withError: error)
    }

    /// The parser's message for a value an option does not take, in vault's words:
    /// "The value 'week' is invalid for '--group <group>'. Please provide one of 'month'."
    /// becomes "--group takes month, not 'week'".
    static func reworded(_ message: String) -> String {
        let pattern = #"^The value '(.*)' is invalid for '(-[^ ']+)(?: <[^>]*>)?'\. Please provide one of (.*)\.$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let found = regex.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)),
              let value = Range(found.range(at: 1), in: message), let option = Range(found.range(at: 2), in: message),
              let choices = Range(found.range(at: 3), in: message)
        else { return message }
        let names = message[choices].replacingOccurrences(of: "'", with: "")
            .replacingOccurrences(of: ", or ", with: ", ").replacingOccurrences(of: " or ", with: ", ").replacingOccurrences(of: " and ", with: ", ")
            .components(separatedBy: ", ")
        let listed = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
        return "\(message[option]) takes \(listed), not '\(message[value])'"
    }

    /// A word that starts with one dash and is more than a flag: the parser reads it as
    /// several short options (`-leading dash` as `-l -e -a -d -i -n -g …`, `-h` among them).
    private static func readsAsOptions(_ argument: String) -> Bool {
        argument.hasPrefix("-") && !argument.hasPrefix("--") && argument.count > 2
    }

    /// Arguments that ask for help or the version, which only this process prints.
    /// An argument the root may read as its own (help in any spelling, the version, a
    /// completion request): a command parsed alone would read it otherwise.
    private static func mayBeTheRoots(_ argument: String) -> Bool {
        argument == "help" || argument.hasPrefix("-h") || argument.hasPrefix("--help") || argument.hasPrefix("--version")
            || argument.hasPrefix("--experimental") || argument.hasPrefix("---")
    }

    private static func asksForHelp(_ argument: String) -> Bool {
        ["-h", "--help", "help", "--version", "--experimental-dump-help"].contains(argument)
    }
}

extension VaultCommand {
    /// The usage line of the command a usage error is about (`usage: vault list [<folder>]
    /// …`), so that the fix is on the screen.
    static func usage(for error: any Error) -> String {
        let full = fullMessage(for: error)
        guard let line = full.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Usage: ") }) else {
            return "usage: see 'vault help'"
        }
        return "usage: " + line.trimmingCharacters(in: .whitespaces).dropFirst("Usage: ".count) + " (see 'vault help')"
    }
}

/// `vault --vault X list` → `vault list --vault X`: options every command takes may come
/// before the subcommand, as with git, though the parser wants them after it. `--format`
/// moves too (`vault --format json list`); `help` needs none of them; and `--limit -1`
/// reaches the command as a value it can refuse, not as an unknown option.
func movingGlobalOptions(_ arguments: [String]) -> [String] {
    var arguments = arguments
    for index in arguments.indices.dropLast().reversed() where arguments[index] == "--limit" {
        let value = arguments[index + 1]
        if value.hasPrefix("-"), Int(value) != nil {
            arguments[index] = "--limit=" + value
            arguments.remove(at: index + 1)
        }
    }
    var leading: [String] = []
    var rest = arguments[...]
    while let first = rest.first, first.hasPrefix("--vault") || first.hasPrefix("--color") || first.hasPrefix("--format") || first == "--no-cache" || first == "--no-server" {
        leading.append(first)
        rest = rest.dropFirst()
        if first.hasPrefix("--vault") || first.hasPrefix("--color") || first.hasPrefix("--format"), !first.contains("="), let value = rest.first {
            leading.append(value)
            rest = rest.dropFirst()
        }
    }
    guard !leading.isEmpty else { return arguments }
    if rest.first == "help" { return Array(rest) }
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

    @Flag(name: .customLong("no-server"), help: "Scan the files even when vault serve runs on the vault and could answer.")
    var noServer = false

    /// For tests: a crash to simulate (`before-rename`, `after:N` notes written), injected
    /// here rather than read from the environment.
    @Option(name: .customLong("test-crash"), help: .hidden)
    var testCrash: String?

    /// Opens the vault these options designate (as the process that asked opened it, when
    /// `vault serve` answers for another process).
    func openSession() throws -> VaultSession {
        if let answer = CommandAnswer.current { return answer.session }
        if let testCrash { CrashSimulation.shared.simulate(testCrash) }
        var opened = try VaultSession.open(explicit: vault, workingDirectory: FileManager.default.currentDirectoryPath, usesCache: !noCache).vault
        opened.scanProgress = ScanProgressLine.forStandardError()
        // A config that does not parse gives the defaults: said, not silent.
        for problem in opened.config.problems where problem.severity == .error {
            Terminal.standardError.line(TerminalText.escaped("vault: warning: \(problem.location): \(problem.message); the defaults are used"))
        }
        return VaultSession(vault: opened)
    }

    var terminal: Terminal { Terminal.standardOutput(color: color) }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
