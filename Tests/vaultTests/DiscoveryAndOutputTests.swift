import Foundation
import Testing

/// Finding the vault (docs/file-format.md: `--vault`, `VAULT_PATH`, the nearest ancestor with
/// `.vault/`), `vault init`, colour, and shell completions (the README).
@Suite("Vault discovery and output")
struct DiscoveryAndOutputTests {
    static let emptyMainPage = """
        Your notes
          All Pinned Notes  0
          Unsorted Notes    0
          Trash             0

        """

    /// True when no ancestor of `directory` is a vault, so that "no vault" is what to expect.
    private func noVaultAbove(_ directory: URL) -> Bool {
        var current = directory
        while current.path != "/" {
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(".vault").path) { return false }
            current = current.deletingLastPathComponent()
        }
        return !FileManager.default.fileExists(atPath: "/.vault")
    }

    // MARK: - Progress

    /// A first scan of many notes (no cache) shows `vault: reading notes… N of M` on a
    /// terminal's stderr, redrawn in place and cleared at the end (docs/performance.md);
    /// in a pipe, as scripts and tests read stderr, never a byte of it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aLongFirstScanShowsProgressOnATerminalOnly() throws {
        let vault = try TestVault()
        for folder in 0..<20 { try vault.createDirectory("Folder \(folder)") }
        for number in 0..<10_001 {
            try Data("# Note \(number)\n".utf8).write(to: vault.url("Folder \(number % 20)/Note \(number).md"))
        }
        for arguments in [["--no-cache", "check"], ["list", "--format", "json"]] {
            let piped = try vault.run(arguments: arguments)
            #expect(piped.status == 0)
            #expect(piped.stderr == "", "\(arguments): \(piped.stderr.prefix(200))")
        }
        // `script` gives the command a terminal for its stdout and stderr, and copies both.
        let command = try CLI.binary.get().path + " --no-cache check"
        let terminal = try CLI.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qfec", command, "/dev/null"], in: vault.root)
        #expect(terminal.stdout.contains("vault: reading notes… "), "\(terminal.stdout.prefix(300))")
        #expect(terminal.stdout.contains(" of 10,001"), "\(terminal.stdout.prefix(300))")
        #expect(terminal.stdout.contains("\r\u{1B}[K"), "cleared at the end")
    }

    // MARK: - No vault

    @Test("no vault found is exit 2 with a message that says how to make one", arguments: [[], ["list"], ["pin", "x"], ["folder", "list"], ["check"]])
    func noVault(_ arguments: [String]) throws {
        let place = try TestVault.emptyDirectory()
        try #require(noVaultAbove(place.base), "a parent of \(place.base.path) is a vault")
        let result = try CLI.vault(arguments, in: place.base)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("vault init"), "\(result)")
        #expect(result.stderr == "vault: error: no vault found in '\(place.base.path)' or any parent directory (a vault is a directory with a '.vault' folder; create one with 'vault init')\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.base.path) == [])
    }

    @Test("VAULT_PATH or --vault naming a directory that is no vault is exit 2")
    func notAVault() throws {
        let place = try TestVault.emptyDirectory()
        let byEnvironment = try CLI.vault([], in: place.base, environment: ["VAULT_PATH": place.base.path])
        #expect(byEnvironment.status == 2, "\(byEnvironment)")
        #expect(byEnvironment.stderr.contains("vault init"))
        let byOption = try CLI.vault(["--vault", place.base.path, "list"], in: place.base)
        #expect(byOption.status == 2, "\(byOption)")
        #expect(byOption.stderr.contains("vault init"))
    }

    // MARK: - init

    @Test("vault init makes the current directory a vault, then vault works")
    func initThenHome() throws {
        let place = try TestVault.emptyDirectory()
        let initialised = try CLI.vault(["init"], in: place.base)
        #expect(initialised.status == 0, "\(initialised)")
        #expect(initialised.stdout == "initialised an empty vault in \(place.base.path)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.base.path) == [".vault"])
        let config = try String(decoding: Data(contentsOf: place.base.appendingPathComponent(".vault/config.yaml")), as: UTF8.self)
        #expect(config.hasPrefix("trashDays: 30\n"), "\(config)")

        let home = try CLI.vault([], in: place.base)
        #expect(home.status == 0, "\(home)")
        #expect(home.stdout == Self.emptyMainPage)
        #expect(home.stderr == "")

        let note = try CLI.vault(["new", "First"], in: place.base, stdin: Data(utf8: "hello\n"))
        #expect(note.stdout == "First.md\n")
        let json = try CLI.vault(["--format", "json"], in: place.base).jsonObject()
        #expect(json["notes"] as? Int == 1)
        #expect(json["unsorted"] as? Int == 1)

        let again = try CLI.vault(["init"], in: place.base)
        #expect(again.status == 2, "\(again)")
        #expect(again.stderr == "vault: error: '\(place.base.path)' is already a vault\n")
    }

    /// Every command that makes or changes something takes `--format json` (the help says
    /// every command does) and answers paths and lists; these rejected it.
    @Test func commandsThatMakeThingsAnswerInJSON() throws {
        let vault = try TestVault.example()
        let outside = try TestVault.emptyDirectory()
        try outside.write("photo.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        func object(_ arguments: String..., stdin: String? = nil) throws -> [String: Any] {
            let result = try vault.run(arguments: arguments + ["--format", "json"], stdin: stdin.map { Data($0.utf8) })
            #expect(result.status == 0, "\(arguments): \(result)")
            return (try? result.jsonObject()) ?? [:]
        }
        #expect(try object("new", "Fresh", stdin: "text\n")["path"] as? String == "Fresh.md")
        #expect(try object("cp", "Fresh")["path"] as? String == "Fresh copy.md")
        #expect(try object("folder", "create", "Drafts")["path"] as? String == "Drafts")
        let color = try object("tag", "color", "work", "blue")
        #expect(color["tag"] as? String == "work" && color["color"] as? String == "blue", "\(color)")
        let attached = try object("attach", "Fresh", outside.root.appendingPathComponent("photo.png").path)
        #expect(attached["note"] as? String == "Fresh.md" && attached["attached"] as? [String] == ["attachments/photo.png"], "\(attached)")
        #expect(try vault.run("rm", "Fresh copy").status == 0)
        let restored = try object("trash", "restore", "Fresh copy")
        #expect((restored["restored"] as? [[String: Any]])?.first?["path"] as? String == "Fresh copy.md", "\(restored)")
        #expect((restored["recordID"] as? String)?.isEmpty == false, "\(restored)")
        let place = try TestVault.emptyDirectory()
        let initialised = try CLI.vault(["init", "notes", "--format", "json"], in: place.base).jsonObject()
        #expect(initialised["path"] as? String == place.base.appendingPathComponent("notes").path, "\(initialised)")
    }

    /// A split's record gives back several tags: `targets` lists them.
    @Test func aSplitsTargetsAreAList() throws {
        let vault = try TestVault.example()
        let merge = try vault.run("tag", "merge", "personal", "reading", "--into", "life", "--format", "json")
        #expect(try vault.run("tag", "split", try #require(try merge.jsonObject()["recordID"] as? String)).status == 0)
        let history = try vault.run("tag", "history", "--format", "json").jsonObjects()
        #expect(history.first { $0["kind"] as? String == "split" }?["targets"] as? [String] == ["personal", "reading"], "\(history)")
        #expect(history.first { $0["kind"] as? String == "merge" }?["targets"] as? [String] == ["life"], "\(history)")
    }

    /// A note with CRLF line ends shows as an LF one does: its title once (String reads
    /// `\r\n` as one character, so the note was one line and kept its heading), its line
    /// ends as they are.
    @Test func aCRLFNoteShowsAsAnLFNoteDoes() throws {
        let vault = try TestVault()
        try vault.write("Windows.md", "---\r\ntags: [a]\r\n---\r\n# Windows\r\n\r\nBody line\r\nSecond\r\n")
        try vault.write("Unix.md", "---\ntags: [a]\n---\n# Unix\n\nBody line\nSecond\n")
        let windows = try vault.run("show", "Windows", "--color", "never")
        let unix = try vault.run("show", "Unix", "--color", "never")
        #expect(windows.status == 0, "\(windows)")
        #expect(!windows.stdout.contains("# Windows"), "the title once: \(windows)")
        let body = { (text: String) in
            text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n").dropFirst(2).joined(separator: "\n")
        }
        #expect(body(windows.stdout) == body(unix.stdout), "\(windows.stdout) vs \(unix.stdout)")
        #expect(body(windows.stdout) == "\nBody line\nSecond\n", "\(windows.stdout)")
        #expect(try vault.run("show", "Windows", "--raw").stdout.contains("\r\n"), "--raw keeps the bytes")
    }

    /// A vault inside a vault would be a folder of the outer one too: refused, nothing made
    /// (it was made without a word).
    @Test func initInsideAVaultIsRefused() throws {
        let vault = try TestVault.example()
        let result = try vault.run("init", "Work/Inner")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: '\(vault.root.path)/Work/Inner' is inside the vault '\(vault.root.path)': a vault inside it would be one of its folders too\n", "\(result)")
        #expect(!vault.exists("Work/Inner"))
    }

    @Test("vault init PATH creates the directory")
    func initPath() throws {
        let place = try TestVault.emptyDirectory()
        let result = try CLI.vault(["init", "notes"], in: place.base)
        #expect(result.status == 0, "\(result)")
        let path = place.base.appendingPathComponent("notes").path
        #expect(result.stdout == "initialised an empty vault in \(path)\n")
        #expect(FileManager.default.fileExists(atPath: path + "/.vault/config.yaml"))
        let home = try CLI.vault(["--vault", "notes"], in: place.base)
        #expect(home.status == 0, "\(home)")
        #expect(home.stdout == Self.emptyMainPage)
    }

    // MARK: - Discovery

    @Test("the vault is found from a subdirectory of it, as git finds a repository")
    func discoveryFromSubdirectory() throws {
        let vault = try TestVault.example()
        let result = try vault.run("--format", "json", in: vault.url("Work/Projects"))
        #expect(result.status == 0, "\(result)")
        #expect(try result.jsonObject()["notes"] as? Int == 47)
        // Note names stay vault-relative, whatever the working directory.
        let show = try vault.run("show", "Personal/Dentist", "--format", "json", in: vault.url("Work/Projects"))
        #expect(show.status == 0, "\(show)")
        #expect(try show.jsonObject()["path"] as? String == "Personal/Dentist.md")
    }

    @Test("VAULT_PATH names the vault when the working directory is elsewhere")
    func discoveryFromEnvironment() throws {
        let vault = try TestVault.example()
        let elsewhere = try TestVault.emptyDirectory()
        let result = try CLI.vault(["--format", "json"], in: elsewhere.base, environment: ["VAULT_PATH": vault.root.path])
        #expect(result.status == 0, "\(result)")
        #expect(try result.jsonObject()["notes"] as? Int == 47)
    }

    @Test("--vault wins over VAULT_PATH, which wins over the working directory")
    func discoveryPrecedence() throws {
        let example = try TestVault.example()
        let small = try TestVault()
        try small.write("Only note.md", "# Only note\n")

        // In the example vault, with VAULT_PATH naming the small one.
        let byEnvironment = try example.run("--format", "json", environment: ["VAULT_PATH": small.root.path])
        #expect(try byEnvironment.jsonObject()["notes"] as? Int == 1)

        // --vault before or after the subcommand names the example again.
        let byOption = try small.run("--vault", example.root.path, "list", "--format", "json", environment: ["VAULT_PATH": small.root.path])
        #expect(try byOption.jsonObjects().count == 47)
        let byOptionAfter = try small.run("list", "--vault=\(example.root.path)", "--format", "json")
        #expect(try byOptionAfter.jsonObjects().count == 47)
    }

    // MARK: - Colour

    static let escape = "\u{1B}["

    @Test("--color always colours the output, even when it is not a terminal")
    func colorAlways() throws {
        let vault = try TestVault.example()
        let home = try vault.run("--color", "always", environment: ["NO_COLOR": nil])
        #expect(home.status == 0, "\(home)")
        #expect(home.stdout.hasPrefix("\u{1B}[1mYour notes\u{1B}[0m\n"), "\(home)")
        // The config colours: Work yellow, Personal green.
        #expect(home.stdout.contains("\u{1B}[33mWork\u{1B}[0m"), "\(home)")
        #expect(home.stdout.contains("\u{1B}[32mPersonal\u{1B}[0m"), "\(home)")

        let list = try vault.run("list", "--color", "always", "--tag", "project/alpha", "--limit", "1", environment: ["NO_COLOR": nil])
        #expect(list.stdout.contains("\u{1B}[34m#work\u{1B}[0m"), "\(list)")
        #expect(list.stdout.contains("\u{1B}[38;5;208m#project/alpha\u{1B}[0m"), "\(list)")
    }

    @Test("no colour with NO_COLOR set, with --color never, or when stdout is not a terminal", arguments: [
        ([], ["NO_COLOR": "1"]),
        (["--color", "auto"], ["NO_COLOR": "1"]),
        ([], ["NO_COLOR": nil]),
        (["--color", "never"], ["NO_COLOR": nil]),
    ] as [([String], [String: String?])])
    func noColor(_ options: [String], _ environment: [String: String?]) throws {
        let vault = try TestVault.example()
        for command in [[], ["list"], ["list", "--group", "month"], ["show", "Roadmap"], ["folder", "list"]] {
            let result = try vault.run(arguments: options + command, environment: environment)
            #expect(result.status == 0, "\(result)")
            #expect(!result.stdout.isEmpty)
            #expect(!result.stdout.contains("\u{1B}"), "\(result)")
            #expect(!result.stderr.contains("\u{1B}"), "\(result)")
        }
    }

    // MARK: - Completions and version

    @Test("shell completion scripts", arguments: [
        ("bash", "complete -o filenames -F _vault vault"),
        ("zsh", "#compdef vault"),
        ("fish", "complete -c 'vault'"),
    ])
    func completionScript(_ shell: String, _ marker: String) throws {
        let place = try TestVault.emptyDirectory()
        let result = try CLI.vault(["--generate-completion-script", shell], in: place.base)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(result.stdout.contains(marker))
        // Every subcommand is offered.
        for command in ["init", "new", "show", "edit", "list", "mv", "rename", "cp", "pin", "unpin", "folder", "check"] {
            #expect(result.stdout.contains(command), "\(shell) script does not mention \(command)")
        }
    }

    @Test("the bash completion script is valid bash", .enabled(if: CLI.which("bash") != nil))
    func bashCompletionParses() throws {
        let place = try TestVault.emptyDirectory()
        let script = try CLI.vault(["--generate-completion-script", "bash"], in: place.base)
        let file = place.base.appendingPathComponent("vault.bash")
        try script.stdoutData.write(to: file)
        let bash = try #require(CLI.which("bash"))
        let check = try CLI.run(bash, ["-n", file.path], in: place.base)
        #expect(check.status == 0, "\(check)")
    }

    @Test("--version prints the version and exits 0")
    func version() throws {
        let place = try TestVault.emptyDirectory()
        let version = try CLI.vault(["--version"], in: place.base)
        #expect(version.status == 0, "\(version)")
        #expect(version.stdout == "0.1.0\n")
        #expect(version.stderr == "")
        // After a command that reads unknown options as words, the version is the root's.
        for arguments in [["search", "--version"], ["search", "--version=1", "plan"], ["tasks", "--version"]] {
            let asked = try CLI.vault(arguments, in: place.base)
            #expect(asked.stdout == "0.1.0\n" && asked.status == 0, "\(arguments): \(asked)")
        }
    }

    @Test("--help, -h and help print the help on stdout and exit 0",
          arguments: [["--help"], ["-h"], ["help"], ["list", "--help"], ["help", "list"], ["list", "--help-hidden"], ["search", "--help-hidden"]])
    func help(_ arguments: [String]) throws {
        let place = try TestVault.emptyDirectory()
        let help = try CLI.vault(arguments, in: place.base)
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.contains("USAGE: vault"), "\(help)")
        #expect(help.stderr == "", "\(help)")
    }

    /// The argument parser wraps a line longer than its width wherever it falls: a word
    /// alone on a line, a table's second column back at the margin. Every command's text
    /// (its usage line aside) is written to fit.
    @Test func helpFitsEightyColumns() throws {
        let place = try TestVault.emptyDirectory()
        let overview = try CLI.vault(["help"], in: place.base)
        let commands = overview.stdout.split(separator: "\n").drop { !$0.hasPrefix("SUBCOMMANDS") }.dropFirst()
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
        #expect(commands.count > 20, "\(overview)")
        for command in [nil] + commands {
            let help = try CLI.vault(["help"] + (command.map { [$0] } ?? []), in: place.base)
            var previous = ""
            for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) where !line.hasPrefix("USAGE:") {
                #expect(line.count <= 80, "vault help \(command ?? ""): \(line)")
                let wrapped = !previous.isEmpty && !line.isEmpty && !line.hasPrefix(" ") && line.count < 12 && previous.count > 60
                #expect(!wrapped, "vault help \(command ?? ""): '\(line)' was wrapped from '\(previous)'")
                previous = line
            }
        }
        let search = try CLI.vault(["help", "search"], in: place.base)
        #expect(search.stdout.contains("folder:x        in folder x or its subfolders; folder:x/y the subfolder;\n                folder:/ the root\n"), "\(search)")
    }
}
