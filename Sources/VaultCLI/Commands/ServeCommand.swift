import ArgumentParser
import Foundation
import VaultKit
import VaultPlatform
import VaultWeb

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the notes app in a browser, live over the vault's files.",
        discussion: """
            Listens on 127.0.0.1 unless --host says otherwise; any other address needs
            a token (generated and printed, or --token). With --host 0.0.0.0 it answers to
            the machine's addresses and name, and to each --allow-host NAME; to no other
            name. Stop with Ctrl-C. While it runs,
            vault, list, search, tasks, tag list and folder list are answered by it from
            memory, exactly as a scan would answer (--no-server scans).
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "The port to listen on.") var port = 8375
    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The access token required beyond loopback (default: generated).") var token: String?
    @Option(name: .customLong("allow-host"), help: ArgumentHelp("Also answer requests that name this host (a DNS name of the machine, a proxy's name); repeatable.", valueName: "NAME"))
    var allowedNames: [String] = []
    @Flag(help: "Open the page in the default browser.") var open = false
    @Option(name: .customLong("sync"), help: ArgumentHelp("Sync through git every N seconds and soon after a change (see vault sync).", valueName: "N"))
    var syncInterval: Int?
    /// For tests: how long the index waits for more changes before it reads them (injected
    /// here rather than read from the environment).
    @Option(name: .customLong("settle-ms"), help: .hidden) var settleMilliseconds: Int?

    func validate() throws {
        if !(1...65535).contains(port) { throw ValidationError("--port must be between 1 and 65535") }
        if let syncInterval, syncInterval < 1 { throw ValidationError("--sync must be at least 1 second") }
    }

    func run() async throws {
        let session = try global.openSession()
        var options = ServeOptions(host: host, port: port, token: token, allowedNames: allowedNames)
        if let settleMilliseconds { options.settleTime = .milliseconds(max(0, settleMilliseconds)) }
        if let syncInterval {
            options.sync = SyncVault(root: session.root, program: SyncCommand.program)
            options.syncInterval = TimeInterval(syncInterval)
        }
        let server = VaultServer(session: session, options: options)
        let url = server.url
        let open = self.open
        let commands = Locked<CommandServer?>(nil)
        defer { commands.withLock { $0?.stop() } }
        do {
            try await server.run(log: { Terminal.standardError.line($0) }) { live in
                Terminal.standardOutput(color: .never).line(url)
                if open { BrowserLauncher.open(url) }
                // `vault list` and the other read-only commands are answered from memory.
                let answering = CommandServer(session: session, live: live)
                answering?.start()
                commands.withLock { $0 = answering }
            }
        } catch let error as ServeError {
            Terminal.standardError.line("vault: error: \(error); choose another with --port")
            throw ExitCode(2)
        }
    }
}

/// Opens a URL in the desktop's browser, where there is one.
enum BrowserLauncher {
    static func open(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
