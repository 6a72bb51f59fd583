import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Read-only commands answered by a running `vault serve` print exactly what a scan
/// prints, whatever happened to the files just before.
@Suite("commands answered by vault serve") struct ServerAnswerTests {
    /// The read-only commands compared, one of each kind of output.
    static let commands: [[String]] = [
        [], ["--format", "json"], ["list"], ["list", "--group", "month"], ["list", "--limit", "3", "--format", "json"],
        ["list", "Work"], ["list", "--tag", "work", "--no-snippet"], ["search", "tag:work AND NOT folder:Archive"],
        ["search", "meeting OR tag:idea", "--paths"], ["search", "zz-none"], ["search", "task:todo", "--count"],
        ["search", "links:Fresh"], ["tag", "list", "--sort", "count"], ["folder", "list"], ["tasks"],
        ["tasks", "--by", "priority", "--format", "json"], ["tasks", "--all", "#work"],
    ]

    /// `vault serve` on `vault`, once its command socket is there.
    static func serve(_ vault: TestVault, binary: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = try binary ?? CLI.binary.get()
        // Reports of changes wait long before they are read: an answer that did not wait for
        // every change before it (the watcher's cookie) would show the files as they were.
        process.arguments = ["serve", "--vault", vault.root.path, "--port", String(try ServeTests.freePort()), "--settle-ms", "3000"]
        process.environment = CLI.baseEnvironment()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Waits for the socket however slow the machine (a sanitiser build starts slowly).
        while !listens(vault.url(".vault/tmp/serve.sock").path) {
            guard process.isRunning else { throw CLIError("vault serve stopped before it listened") }
            usleep(20_000)
        }
        return process
    }

    /// True when something accepts connections on the Unix socket at `path`.
    static func listens(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8).prefix($0.count - 1)) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }

    static func stop(_ process: Process) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Runs `arguments` answered by the server (which must answer) and by a scan.
    static func compare(_ arguments: [String], in vault: TestVault, directory: URL? = nil, environment: [String: String?] = [:], _ context: String) throws {
        var served = environment
        served["VAULT_SERVER"] = "require"
        let answer = try vault.run(arguments: arguments, environment: served, in: directory)
        let scan = try vault.run(arguments: arguments + ["--no-server"], environment: environment, in: directory)
        #expect(answer.stderr == scan.stderr, "\(context): vault \(arguments.joined(separator: " "))")
        #expect(answer.stdout == scan.stdout, "\(context): vault \(arguments.joined(separator: " "))")
        #expect(answer.status == scan.status, "\(context): vault \(arguments.joined(separator: " "))")
    }

    @Test func answersAsAScanWouldAfterEveryKindOfChange() throws {
        let vault = try TestVault.example()
        let server = try Self.serve(vault)
        defer { Self.stop(server) }
        var random = SplitMix(seed: ProcessInfo.processInfo.environment["VAULT_SERVER_SEED"].flatMap(UInt64.init) ?? 19)
        for command in Self.commands { try Self.compare(command, in: vault, "at start") }
        for round in 0..<20 {
            let change = try Self.change(vault, number: round, using: &random)
            for command in Self.commands.shuffled(using: &random).prefix(3) {
                try Self.compare(command, in: vault, "round \(round), after \(change)")
            }
        }
    }

    @Test func answersForTheClientsDirectoryColoursAndTimeZoneChecks() throws {
        let vault = try TestVault.example()
        let server = try Self.serve(vault)
        defer { Self.stop(server) }
        let work = vault.url("Work")
        try Self.compare(["search", "tag:work", "--paths"], in: vault, directory: work, "from a folder")
        try Self.compare(["list", "Meetings"], in: vault, directory: work, "a folder relative to the working directory")
        try Self.compare(["list", "--color", "always"], in: vault, "colour asked for")
        try Self.compare(["list", "--vault", "Work"], in: vault, "a vault named by a folder in it")
        try Self.compare(["list", "Nowhere"], in: vault, "an error")
        try Self.compare(["search", "tag:"], in: vault, "a query error")
        // Another time zone prints other dates: the server declines, and the command scans.
        let elsewhere = try vault.run("list", environment: ["VAULT_SERVER": "require", "TZ": "Pacific/Kiritimati"])
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr == "vault: error: vault serve did not answer\n")
        let scanned = try vault.run("list", environment: ["TZ": "Pacific/Kiritimati"])
        #expect(scanned.status == 0)
        #expect(scanned.stdout == (try vault.run("list", "--no-server", environment: ["TZ": "Pacific/Kiritimati"])).stdout)
    }

    @Test func aServerThatIsGoneLeavesTheCommandToScan() throws {
        let vault = try TestVault.example()
        let server = try Self.serve(vault)
        #expect(try vault.run("folder", "list", environment: ["VAULT_SERVER": "require"]).status == 0)
        Self.stop(server)
        // Killed: the socket stays, with nothing listening.
        #expect(vault.exists(".vault/tmp/serve.sock"))
        let result = try vault.run("folder", "list")
        #expect(result.status == 0)
        #expect(result.stdout == (try vault.run("folder", "list", "--no-server")).stdout)
        let required = try vault.run("folder", "list", environment: ["VAULT_SERVER": "require"])
        #expect(required.stderr == "vault: error: no vault serve runs on this vault\n")
        // A new server takes the socket over.
        let next = try Self.serve(vault)
        defer { Self.stop(next) }
        #expect(try vault.run("folder", "list", environment: ["VAULT_SERVER": "require"]).stdout == result.stdout)
    }

    // MARK: - Changes, as an editor, git or a file manager makes them

    static func notes(in vault: TestVault) throws -> [String] {
        let walk = try #require(FileManager.default.enumerator(atPath: vault.root.path))
        var found: [String] = []
        while let path = walk.nextObject() as? String {
            if path.hasPrefix(".") { walk.skipDescendants(); continue }
            if path.hasSuffix(".md") { found.append(path) }
        }
        return found.sorted()
    }

    /// Makes one random change to the files and says which.
    static func change(_ vault: TestVault, number: Int, using random: inout SplitMix) throws -> String {
        let notes = try notes(in: vault)
        let note = try #require(notes.randomElement(using: &random))
        let folders = ["", "Work/", "Personal/", "Archive/", "New \(number % 3)/"]
        let folder = try #require(folders.randomElement(using: &random))
        let tags = ["work", "idea", "home", "work/deep"].shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))
        let fresh = "---\ntags: [\(tags.joined(separator: ", "))]\n\(number % 4 == 0 ? "pinned: true\n" : "")---\n# Fresh \(number)\n\nSee [[Fresh]] about the meeting.\n- [ ] task \(number) 📅 2026-12-0\(number % 9 + 1) #work\n"
        switch Int.random(in: 0..<9, using: &random) {
        case 0:
            let handle = try FileHandle(forWritingTo: vault.url(note))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\nmeeting notes, round \(number)\n".utf8))
            try handle.close()
            return "appending to \(note)"
        case 1:
            try vault.write(note, fresh)
            return "rewriting \(note)"
        case 2:
            try vault.write(folder + "Fresh \(number).md", fresh)
            return "creating \(folder)Fresh \(number).md"
        case 3:
            let target = (note as NSString).deletingLastPathComponent
            let renamed = (target.isEmpty ? "" : target + "/") + "Renamed \(number).md"
            try FileManager.default.moveItem(at: vault.url(note), to: vault.url(renamed))
            return "renaming \(note) to \(renamed)"
        case 4:
            try vault.createDirectory(folder)
            let moved = folder + "Moved \(number).md"
            try FileManager.default.moveItem(at: vault.url(note), to: vault.url(moved))
            return "moving \(note) to \(moved)"
        case 5:
            try FileManager.default.removeItem(at: vault.url(note))
            return "deleting \(note)"
        case 6:
            try vault.write(folder + "Binary \(number).md", bytes: [0x00, 0xFF, 0x10, 0x00])
            return "writing a binary \(folder)Binary \(number).md"
        case 7:
            try vault.write(note, "---\ntags: [unclosed\n---\n# Broken \(number)\n")
            return "breaking the front matter of \(note)"
        default:
            let directory = "Burst \(number)"
            for index in 0..<5 { try vault.write("\(directory)/Note \(index).md", fresh) }
            try FileManager.default.removeItem(at: vault.url("\(directory)/Note 0.md"))
            return "creating folder \(directory) with four notes"
        }
    }
}
