import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `vault new` and `vault edit` with real terminal editors, in a real terminal: tmux runs
/// the command in a pane, the test reads the screen (`capture-pane`) and types
/// (`send-keys`). An editor that is not in the terminal's foreground process group is
/// stopped on its first read of the terminal, so these tests time out (instead of seeing
/// the editor's screen) if vault starts it anywhere else.
///
/// No test waits for a fixed time: each step polls the screen or a file for up to ten
/// seconds.
@Suite("terminal editors through tmux", .serialized)
struct TerminalEditorTests {
    static let tmux = CLI.which("tmux")
    static let vimAvailable = tmux != nil && CLI.which("vim") != nil
    static let nanoAvailable = tmux != nil && CLI.which("nano") != nil

    // MARK: - vim and nano

    @Test("vim: new and edit show vim, save what is typed, exit 0 and leave nothing in .vault/tmp",
          .enabled(if: vimAvailable, "needs tmux and vim"))
    func vim() throws {
        // No vimrc, viminfo or plugins of the machine's user.
        try newAndEdit(editor: "vim -u NONE -N -i NONE", typed: "typed in vim",
                       isReady: { screen in screen.split(separator: "\n").contains { $0.hasPrefix("~") } },
                       append: { terminal, text in
                           terminal.send("G", "o")
                           terminal.type(text)
                           try terminal.waitForScreen("the typed text") { $0.contains(text) }
                           terminal.send("Escape")
                           terminal.type(":wq")
                           terminal.send("Enter")
                       })
    }

    @Test("nano: new and edit show nano, save what is typed, exit 0 and leave nothing in .vault/tmp",
          .enabled(if: nanoAvailable, "needs tmux and nano"))
    func nano() throws {
        try newAndEdit(editor: "nano -I", typed: "typed in nano",
                       isReady: { $0.contains("GNU nano") },
                       append: { terminal, text in
                           terminal.send("M-/")  // the last line
                           terminal.type(text)
                           try terminal.waitForScreen("the typed text") { $0.contains(text) }
                           terminal.send("C-o")
                           try terminal.waitForScreen("nano's file name prompt") { $0.contains("File Name to Write") }
                           terminal.send("Enter")
                           try terminal.waitForScreen("nano's 'Wrote' message") { $0.contains("Wrote") }
                           terminal.send("C-x")
                       })
    }

    /// `vault new "Terminal note"`, then `vault edit Edited`, each in a terminal of its own.
    func newAndEdit(
        editor: String, typed: String,
        isReady: (String) -> Bool,
        append: (TmuxTerminal, String) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let vault = try TestVault()

        let new = try TmuxTerminal(vault: vault, editor: editor, arguments: ["new", "Terminal note"])
        try new.waitForScreen("the editor with the new note's template") { $0.contains("# Terminal note") && isReady($0) }
        try append(new, typed)
        let created = try new.waitForExit()
        #expect(created.status == 0, "\(created)", sourceLocation: sourceLocation)
        #expect(created.stderr == "", "\(created)", sourceLocation: sourceLocation)
        #expect(created.terminalRestored, "\(created)", sourceLocation: sourceLocation)
        let note = try vault.text("Terminal note.md")
        #expect(note.hasPrefix("---\nid: "), "\(note)", sourceLocation: sourceLocation)
        #expect(note.hasSuffix("---\n# Terminal note\n\n\(typed)\n"), "\(note)", sourceLocation: sourceLocation)
        #expect(try Self.scratchFiles(vault) == [], sourceLocation: sourceLocation)
        #expect(try vault.text(".vault/.gitignore").split(separator: "\n").contains("tmp/"), sourceLocation: sourceLocation)

        try vault.write("Edited.md", "---\nid: edited\nmodified: 2020-01-02T10:00:00+01:00\n---\n# Edited\n\nfirst line\n")
        let edit = try TmuxTerminal(vault: vault, editor: editor, arguments: ["edit", "Edited"])
        try edit.waitForScreen("the editor with the note") { $0.contains("first line") && isReady($0) }
        try append(edit, typed)
        let edited = try edit.waitForExit()
        #expect(edited.status == 0, "\(edited)", sourceLocation: sourceLocation)
        #expect(edited.stderr == "vault: Edited.md: modified updated\n", "\(edited)", sourceLocation: sourceLocation)
        #expect(edited.terminalRestored, "\(edited)", sourceLocation: sourceLocation)
        let text = try vault.text("Edited.md")
        #expect(text.hasSuffix("---\n# Edited\n\nfirst line\n\(typed)\n"), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("2020-01-02T10:00:00+01:00"), "\(text)", sourceLocation: sourceLocation)
    }

    // MARK: - Signals and a dying editor

    /// A line-mode editor (the terminal stays in canonical mode, so Ctrl-C and Ctrl-\ are
    /// signals to the foreground group) that reports the signals it gets and appends the
    /// line typed.
    static func lineEditor(in vault: TestVault) throws -> String {
        try script(in: vault, named: "line-editor.sh", """
            #!/bin/sh
            trap 'printf "\\ngot SIGINT\\n"' INT
            trap 'printf "\\ngot SIGQUIT\\n"' QUIT
            printf 'a line for the note: '
            for attempt in 1 2 3 4 5; do read line && break; done
            printf '%s\\n' "$line" >> "$1"
            """)
    }

    @Test("Ctrl-C and Ctrl-\\ go to the editor, which handles them; vault waits for it and saves the note",
          .enabled(if: tmux != nil, "needs tmux"))
    func interruptsGoToTheEditor() throws {
        let vault = try TestVault()
        let editor = try Self.lineEditor(in: vault)
        let terminal = try TmuxTerminal(vault: vault, editor: editor, arguments: ["new", "Interrupted"])
        try terminal.waitForScreen("the editor's prompt") { $0.contains("a line for the note:") }
        terminal.send("C-c")
        try terminal.waitForScreen("the editor's report of SIGINT") { $0.contains("got SIGINT") }
        terminal.send("C-\\")
        try terminal.waitForScreen("the editor's report of SIGQUIT") { $0.contains("got SIGQUIT") }
        terminal.type("written after ctrl-c")
        terminal.send("Enter")
        let result = try terminal.waitForExit()
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        #expect(try vault.text("Interrupted.md").hasSuffix("---\n# Interrupted\n\nwritten after ctrl-c\n"))
        #expect(try Self.scratchFiles(vault) == [])
    }

    @Test("with an editor that the shell starts as a child (after an assignment), Ctrl-C and Ctrl-\\ go to it just the same",
          .enabled(if: tmux != nil, "needs tmux"))
    func interruptsWithAShellInBetween() throws {
        let vault = try TestVault()
        try vault.write("note.md", "# Note\n")
        let editor = "LINE_EDITOR=1 " + (try Self.lineEditor(in: vault))
        let terminal = try TmuxTerminal(vault: vault, editor: editor, arguments: ["edit", "note"])
        try terminal.waitForScreen("the editor's prompt") { $0.contains("a line for the note:") }
        terminal.send("C-c")
        try terminal.waitForScreen("the editor's report of SIGINT") { $0.contains("got SIGINT") }
        terminal.send("C-\\")
        try terminal.waitForScreen("the editor's report of SIGQUIT") { $0.contains("got SIGQUIT") }
        terminal.type("after ctrl-c")
        terminal.send("Enter")
        let result = try terminal.waitForExit()
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("note.md") == "# Note\nafter ctrl-c\n")
    }

    @Test("an editor killed in raw mode: vault reports it, puts the terminal back and removes the scratch file",
          .enabled(if: tmux != nil, "needs tmux"))
    func killedEditor() throws {
        let vault = try TestVault()
        let editor = try Self.script(in: vault, named: "dying-editor.sh", """
            #!/bin/sh
            stty raw -echo
            kill -KILL $$
            """)
        let terminal = try TmuxTerminal(vault: vault, editor: editor, arguments: ["new", "Never saved"])
        let result = try terminal.waitForExit()
        #expect(result.status == 2, "\(result)")
        // The shell that ran the editor reports it ("Killed") and exits with 128 + 9.
        #expect(result.stderr.hasSuffix("vault: error: the editor '\(editor)' exited with status 137; the note was left as it is\n"), "\(result)")
        #expect(result.terminalRestored, "\(result)")
        #expect(!vault.exists("Never saved.md"))
        #expect(try Self.scratchFiles(vault) == [])
    }

    @Test("a .vault/tmp that is a link outside: no scratch file is made there, the editor never starts",
          .enabled(if: tmux != nil, "needs tmux"))
    func scratchFolderLinkedOutside() throws {
        let vault = try TestVault()
        let outside = vault.base.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        #expect(symlink(outside.path, vault.url(".vault/tmp").path) == 0)
        let opened = vault.base.appendingPathComponent("opened")
        let editor = try Self.script(in: vault, named: "recording-editor.sh", """
            #!/bin/sh
            readlink -f "$1" > '\(opened.path)'
            printf 'typed\\n' >> "$1"
            """)
        let terminal = try TmuxTerminal(vault: vault, editor: editor, arguments: ["new", "Through tmp"])
        let result = try terminal.waitForExit()
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("symbolic link"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: opened.path), "the editor opened \((try? String(contentsOf: opened, encoding: .utf8)) ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [])
        #expect(!vault.exists("Through tmp.md"))
    }

    // MARK: - Helpers

    /// The files in `.vault/tmp` (the scratch files of `vault new`, and editors' swap files).
    static func scratchFiles(_ vault: TestVault) throws -> [String] {
        vault.exists(".vault/tmp") ? try vault.names(in: ".vault/tmp") : []
    }

    /// An executable shell script beside the vault; returns its path.
    static func script(in vault: TestVault, named name: String, _ text: String) throws -> String {
        let url = vault.base.appendingPathComponent(name)
        try Data((text + "\n").utf8).write(to: url)
        #expect(chmod(url.path, 0o755) == 0)
        return url.path
    }
}

/// One `vault` command in a terminal of its own: a tmux server on a socket of its own
/// beside the vault (`-S`, so the user's tmux is never touched), without a configuration
/// file, 120×40.
/// The command's standard input and output are the terminal; its standard error, exit
/// status and whether it left the terminal's attributes as it found them (`stty -g`)
/// go to files beside the vault.
final class TmuxTerminal {
    struct Result: CustomStringConvertible {
        var status: Int32
        var stderr: String
        var terminalRestored: Bool
        var screen: String
        var description: String { "exit \(status)\n--- stderr\n\(stderr)--- last screen\n\(screen)" }
    }

    /// A wait for the screen, however busy the machine; not a measure of speed.
    static let timeout: TimeInterval = 60

    /// posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does not import.
    static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self) }

    let tmux: URL
    let files: URL
    private var lastScreen = ""

    init(vault: TestVault, editor: String, arguments: [String]) throws {
        tmux = try #require(CLI.which("tmux"))
        files = vault.base.appendingPathComponent("terminal-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = ([try CLI.binary.get().path] + arguments).map(quoted).joined(separator: " ")
        let script = files.appendingPathComponent("run.sh")
        // `set -m`: vault runs in a process group of its own, in the terminal's foreground,
        // as an interactive shell runs a command (Ctrl-C does not reach this script).
        try Data("""
            set -m
            unset VAULT_PATH VISUAL TMUX
            export EDITOR=\(quoted(editor)) NO_COLOR=1 TZ=UTC HOME=\(quoted(files.path))
            cd \(quoted(vault.root.path)) || exit 99
            before=$(stty -g)
            \(command) 2>\(quoted(files.appendingPathComponent("stderr").path))
            status=$?
            if [ "$(stty -g)" = "$before" ]; then echo same; else echo changed; fi > \(quoted(files.appendingPathComponent("termios").path))
            echo $status > \(quoted(files.appendingPathComponent("status.tmp").path))
            mv \(quoted(files.appendingPathComponent("status.tmp").path)) \(quoted(files.appendingPathComponent("status").path))

            """.utf8).write(to: script)
        let started = try run(["new-session", "-d", "-s", "test", "-x", "120", "-y", "40", "/bin/sh " + quoted(script.path)])
        try #require(started.status == 0, "tmux new-session: \(started.stdout)")
    }

    deinit {
        _ = try? run(["kill-server"])
    }

    /// Runs tmux with this terminal's server, and waits for it. Not with Foundation's
    /// `Process`, which sees its child end when a descriptor the child inherits is closed
    /// everywhere: the server that `new-session` forks would keep it open, and the test
    /// would wait for the server. For the same reason tmux gets no descriptor of the test
    /// process but its standard input and output, where glibc can close the others (2.34).
    @discardableResult
    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let output = files.appendingPathComponent("tmux-output-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        // The test runs on a thread that blocks most signals; the server and the command
        // must start with none blocked and none ignored, as from a shell (a server with
        // SIGTERM blocked would outlive kill-server).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var environment = CLI.baseEnvironment()
        environment["TMUX"] = nil
        environment["TERM"] = "xterm-256color"
        let argv = ([tmux.path, "-S", files.appendingPathComponent("tmux.socket").path, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, tmux.path, &actions, &attributes, argv, envp)
        guard code == 0 else { throw CLIError("cannot start tmux: \(String(cString: strerror(code)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw CLIError("cannot wait for tmux: \(String(cString: strerror(errno)))") }
        }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return (status, text)
    }

    /// The text on the screen now ("" once the command has ended).
    func screen() -> String {
        guard let result = try? run(["capture-pane", "-p", "-t", "test"]), result.status == 0 else { return "" }
        lastScreen = result.stdout
        return result.stdout
    }

    /// Presses keys, by tmux's names (`Enter`, `C-c`, `M-/`) or as characters.
    func send(_ keys: String...) {
        _ = try? run(["send-keys", "-t", "test"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) {
        _ = try? run(["send-keys", "-t", "test", "-l", text])
    }

    /// Polls the screen until `condition` holds, for up to `timeout`.
    @discardableResult
    func waitForScreen(_ what: String, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(Self.timeout)
        while Date() < deadline {
            let text = screen()
            if condition(text) { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw CLIError("\(what) did not appear on the screen within \(Int(Self.timeout)) s; the screen:\n\(lastScreen)")
    }

    /// Waits up to `timeout` for the command to end.
    func waitForExit() throws -> Result {
        let statusFile = files.appendingPathComponent("status")
        let deadline = Date().addingTimeInterval(Self.timeout)
        while !FileManager.default.fileExists(atPath: statusFile.path) {
            guard Date() < deadline else {
                throw CLIError("the command did not end within \(Int(Self.timeout)) s; the screen:\n\(screen())")
            }
            _ = screen()
            Thread.sleep(forTimeInterval: 0.05)
        }
        func read(_ name: String) -> String {
            (try? String(contentsOf: files.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        let status = Int32(read("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return Result(status: status, stderr: read("stderr"), terminalRestored: read("termios") == "same\n", screen: lastScreen)
    }
}
