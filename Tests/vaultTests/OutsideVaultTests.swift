import Foundation
import Testing
import VaultKit
#if canImport(Glibc)
import Glibc
#endif

/// The hostile suite of "nothing outside the vault": symbolic links planted inside a vault,
/// forged history records and bad configuration values. Each test names the way out it
/// closes; each wrote (or crashed) outside the vault before vault confined every path.
@Suite("Nothing outside the vault")
struct OutsideVaultTests {
    /// A copy of `vault-example` with an empty folder `outside` beside it.
    private func makeVault() throws -> (vault: TestVault, outside: URL) {
        let vault = try TestVault.example()
        let outside = vault.base.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        return (vault, outside)
    }

    private func link(_ path: String, to target: URL, in vault: TestVault) throws {
        try? FileManager.default.removeItem(at: vault.url(path))
        #expect(symlink(target.path, vault.url(path).path) == 0)
    }

    private func contents(of folder: URL) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test("a trash that is a link outside: rm refuses, and writes nothing there (1)")
    func trashLinkedOutside() throws {
        let (vault, outside) = try makeVault()
        try link(".trash", to: outside, in: vault)
        let before = try vault.bytes("Groceries.md")
        let result = try vault.run("rm", "Groceries")
        #expect(result.status != 0)
        #expect(result.stderr.contains("symbolic link"), "\(result)")
        #expect(contents(of: outside) == [])
        #expect(try vault.bytes("Groceries.md") == before)
    }

    @Test("history and cache folders that are links outside get nothing (2)",
          arguments: ["history", "cache"])
    func settingsFoldersLinkedOutside(_ folder: String) throws {
        let (vault, outside) = try makeVault()
        try link(".vault/" + folder, to: outside, in: vault)
        _ = try vault.run("list")
        _ = try vault.run("mv", "Groceries", "Personal")
        #expect(contents(of: outside) == [])
    }

    @Test("a folder that is a link outside takes no new note (3)")
    func newNoteInLinkedFolder() throws {
        let (vault, outside) = try makeVault()
        try link("Linked", to: outside, in: vault)
        let result = try vault.run("new", "-f", "Linked", "t", stdin: Data("hi\n".utf8))
        #expect(result.status != 0, "\(result)")
        #expect(contents(of: outside) == [])
    }

    @Test("an attachment folder that is a link outside takes no file (4)")
    func attachmentsLinkedOutside() throws {
        let (vault, outside) = try makeVault()
        try link("attachments", to: outside, in: vault)
        let file = vault.base.appendingPathComponent("authorized_keys")
        try Data("ssh-ed25519 AAAA attacker\n".utf8).write(to: file)
        let result = try vault.run("attach", "Groceries", file.path)
        #expect(result.status != 0, "\(result)")
        #expect(contents(of: outside) == [])
    }

    @Test("a task inbox through a linked folder is not created outside (5)")
    func taskInboxThroughLink() throws {
        let (vault, outside) = try makeVault()
        try link("Linked", to: outside, in: vault)
        let config = try vault.text(".vault/config.yaml").replacingOccurrences(of: "inbox: Inbox.md", with: "inbox: Linked/Inbox.md")
        try vault.write(".vault/config.yaml", config)
        let result = try vault.run("task", "add", "Buy a lock")
        #expect(result.status != 0, "\(result)")
        #expect(contents(of: outside) == [])
    }

    @Test("symbolic links that come through git are skipped, refused and reported, never followed (6)")
    func linksThroughGit() throws {
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let (first, second) = (clones[0], clones[1])
        // The link names a folder of the second machine, where it will be pulled.
        let outside = second.base.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("# Secret\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        #expect(symlink(outside.path, first.url("Shared").path) == 0)
        #expect(symlink("/etc/passwd", first.url("Passwords.md").path) == 0)
        try SyncTests.git("add", "-A", in: first.root)
        try SyncTests.git("commit", "-q", "-m", "links", in: first.root)
        #expect(try SyncTests.sync(first, []).status == 0)
        let pulled = try SyncTests.sync(second, [])
        #expect(pulled.status == 0, "\(pulled)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: second.url("Shared").path)) == outside.path)
        let list = try second.run("list")
        #expect(!list.stdout.contains("Secret") && !list.stdout.contains("root:"), "\(list)")
        #expect(try second.run("show", "Shared/secret").status != 0)
        let created = try second.run("new", "-f", "Shared", "Planted", stdin: Data("planted\n".utf8))
        #expect(created.status != 0, "\(created)")
        #expect(try second.run("mv", "Other", "Shared").status != 0)
        #expect(contents(of: outside) == ["secret.md"])
        let check = try second.run("check")
        #expect(check.stdout.contains("Shared: warning: skipped: symbolic link"), "\(check)")
        #expect(check.stdout.contains("Passwords.md: warning: skipped: symbolic link"), "\(check)")
    }

    /// A record as `vault` writes them, with one step.
    private func record(id: String, step: String) -> String {
        """
        # vault history: one operation, written before any file changed.
        id: \(id)
        kind: note-move
        time: 2026-11-20T09:00:00+00:00
        summary: "forged"
        state: done
        steps:
        \(step)
        """
    }

    @Test("a forged record that moves a note out of the vault is refused with its place (7)")
    func forgedMoveRecord() throws {
        let (vault, outside) = try makeVault()
        try vault.write(".vault/history/2026-11-20T090000-note-move-forged01.yaml",
                        record(id: "forged01", step: "  - move: \"../outside/stolen.md\"\n    to: \"Groceries.md\"\n"))
        let before = try vault.snapshot()
        let result = try vault.run("undo", "forged01")
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains(".vault/history/2026-11-20T090000-note-move-forged01.yaml:8:11: error: operation forged01 refused: '../outside/stolen.md' leads outside the vault"), "\(result)")
        #expect(contents(of: outside) == [])
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("records vault writes itself are never refused: a folder rename that moved its colour is undone")
    func ownRecordsAreTrusted() throws {
        let vault = try TestVault.example()
        let config = try vault.bytes(".vault/config.yaml")
        #expect(try vault.run("folder", "rename", "Personal", "Home").status == 0)
        #expect(try vault.text(".vault/config.yaml").contains("Home: green"))
        let record = try #require(try vault.names(in: ".vault/history").first { $0.contains("folder-rename") })
        let id = String(record.dropLast(".yaml".count).split(separator: "-").last ?? "")
        let undo = try vault.run("undo", id)
        #expect(undo.status == 0, "\(undo)")
        #expect(try vault.bytes(".vault/config.yaml") == config)
        #expect(vault.exists("Personal") && !vault.exists("Home"))
        let check = try vault.run("check")
        #expect(!check.stdout.contains("refused"), "\(check)")
    }

    @Test("a forged edit step on a file outside is refused, even with matching hashes (7)")
    func forgedEditRecord() throws {
        let (vault, outside) = try makeVault()
        let victim = outside.appendingPathComponent("victim.txt")
        try Data("secret\n".utf8).write(to: victim)
        let before = FNV1a.hash(Array("pwned\n".utf8)), after = FNV1a.hash(Array("secret\n".utf8))
        let hex = { (value: UInt64) in String(repeating: "0", count: 16 - String(value, radix: 16).count) + String(value, radix: 16) }
        let step = "  - edit: \"../outside/victim.txt\"\n    before: \(hex(before))\n    after: \(hex(after))\n    splices:\n      - [0, \"pwned\", \"secret\"]\n"
        try vault.write(".vault/history/2026-11-20T090000-note-move-forged02.yaml", record(id: "forged02", step: step))
        let result = try vault.run("undo", "forged02")
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("refused"), "\(result)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "secret\n")
    }

    @Test("a trash info whose path leads outside is refused with its line, and nothing moves")
    func forgedTrashInfo() throws {
        let (vault, outside) = try makeVault()
        #expect(try vault.run("rm", "Ideas").status == 0)
        let info = try vault.text(".trash/Ideas.md.trashinfo")
        try vault.write(".trash/Ideas.md.trashinfo", info.replacingOccurrences(of: "Path=Ideas.md", with: "Path=../outside/Ideas.md"))
        let before = try vault.snapshot()
        let result = try vault.run("trash", "restore", "Ideas")
        #expect(result.status != 0)
        #expect(result.stderr.contains(".trash/Ideas.md.trashinfo:2:6: error: restore of 'Ideas.md' refused: '../outside/Ideas.md' leads outside the vault; nothing was changed"), "\(result)")
        #expect(contents(of: outside) == [])
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("an invalid tasks value in the config is a warning, not a crash (8)",
          arguments: ["inbox: \"../x.md\"", "weekStart: blursday", "inbox: \"x.txt\""])
    func invalidTaskSettings(_ setting: String) throws {
        let vault = try TestVault.example()
        let config = try vault.text(".vault/config.yaml").replacingOccurrences(of: "inbox: Inbox.md", with: setting)
        try vault.write(".vault/config.yaml", config)
        let result = try vault.run("list")
        #expect(!result.signalled && result.status == 0, "\(result)")
        let check = try vault.run("check")
        #expect(!check.signalled, "\(check)")
        #expect(check.stdout.contains(".vault/config.yaml:8:"), "\(check)")
        #expect(check.stdout.contains("warning: 'tasks."), "\(check)")
    }

    @Test("check names the links vault will not follow and the records it refuses (1, 2, 7)")
    func checkNamesLinksAndRefusedRecords() throws {
        let (vault, outside) = try makeVault()
        try link(".trash", to: outside, in: vault)
        try link(".vault/cache", to: outside, in: vault)
        try vault.write(".vault/history/2026-11-20T090000-note-move-forged01.yaml",
                        record(id: "forged01", step: "  - move: \"../outside/stolen.md\"\n    to: \"Groceries.md\"\n"))
        let result = try vault.run("check")
        #expect(result.status == 1)
        #expect(result.stdout.contains(".trash: error: is a symbolic link; vault neither reads nor writes through links inside the vault"), "\(result)")
        #expect(result.stdout.contains(".vault/cache: error: is a symbolic link"), "\(result)")
        #expect(result.stdout.contains(".vault/history/2026-11-20T090000-note-move-forged01.yaml:8:11: error: operation forged01 refused"), "\(result)")
    }

    /// A server at `.vault/tmp/serve.sock` run by another user (here `nobody`, in a folder
    /// anyone may write in) gets no command: the client checks who listens (SO_PEERCRED).
    @Test("a command server run by another user is not asked (9)",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
                   && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func foreignCommandServer() throws {
        let vault = try TestVault.example()
        let tmp = vault.url(".vault/tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        for folder in [vault.base, vault.root, vault.url(".vault"), tmp] {
            #expect(chmod(folder.path, folder == tmp ? 0o777 : 0o755) == 0)
        }
        let script = vault.base.appendingPathComponent("fake-server.py")
        try Data(Self.fakeServer.utf8).write(to: script)
        let socket = tmp.appendingPathComponent("serve.sock").path
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        server.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", script.path, socket]
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        // The fake server is ready once its socket exists (it binds before it listens, and
        // a connection made in between waits in the backlog).
        while !FileManager.default.fileExists(atPath: socket) && server.isRunning { usleep(10_000) }
        let result = try vault.run("list", environment: ["VAULT_SERVER": nil])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("FAKE SERVER"), "\(result)")
        #expect(result.stdout.contains("Groceries"), "\(result)")
    }

    /// A client that trickles its request into the command socket a byte at a time, and
    /// never finishes it, holds no other command back (10).
    @Test("a client trickling into the command socket does not hold other commands (10)")
    func tricklingClient() throws {
        let vault = try TestVault.example()
        let server = try ServerAnswerTests.serve(vault)
        defer { ServerAnswerTests.stop(server) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = vault.url(".vault/tmp/serve.sock").path
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8).prefix($0.count - 1)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
        #expect(connected)
        let trickling = Trickle(fd: fd)
        let thread = Thread { trickling.run() }
        thread.start()
        defer { trickling.stop() }
        let result = try vault.run("folder", "list", environment: ["VAULT_SERVER": "require"])
        #expect(result.status == 0, "\(result)")
    }

    /// The watcher's cookie files and the command socket are named by absolute paths in
    /// `.vault/tmp`: a link there would take them out of the vault.
    @Test("vault serve refuses a .vault/tmp that is a link, and makes nothing outside")
    func serveWithLinkedScratchFolder() throws {
        let (vault, outside) = try makeVault()
        try link(".vault/tmp", to: outside, in: vault)
        let port = try ServeTests.freePort()
        let process = Process()
        process.executableURL = try CLI.binary.get()
        process.arguments = ["serve", "--vault", vault.root.path, "--port", String(port)]
        process.environment = CLI.baseEnvironment()
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Either it stops, or it listens, however slow the machine.
        while process.isRunning && !SyncTests.listens(port: port) { usleep(20_000) }
        let listened = process.isRunning
        if listened { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(!listened, "vault serve started with .vault/tmp linked outside")
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.contains("'.vault/tmp' leads through a symbolic link"), "\(stderr)")
        #expect(contents(of: outside) == [])
    }

    /// Answers one command as `vault serve` would, with its own output and exit status 7.
    static let fakeServer = """
        import array, os, socket, sys
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(sys.argv[1]); os.chmod(sys.argv[1], 0o777); listener.listen(1)
        connection, _ = listener.accept()
        message, ancillary, _, _ = connection.recvmsg(65536, socket.CMSG_SPACE(8))
        descriptors = array.array("i")
        for _, _, data in ancillary: descriptors.frombytes(data[:len(data) - len(data) % 4])
        connection.send(b"A"); connection.recv(1)
        os.write(descriptors[0], b"FAKE SERVER GOT YOUR COMMAND\\n")
        for descriptor in descriptors: os.close(descriptor)
        connection.send((7).to_bytes(4, "little"))
        """

    /// Links to outside folders at every level a write could pass through; every write
    /// command then runs, and not one byte outside the vault may change.
    @Test("no write command changes a byte outside the vault, links planted at every level")
    func sentinel() throws {
        let (vault, outside) = try makeVault()
        try Data("sentinel\n".utf8).write(to: outside.appendingPathComponent("sentinel.md"))
        for path in [".trash", "attachments", ".vault/history", ".vault/cache", ".vault/tmp", "Linked", "Work/Linked", "Inbox"] {
            try link(path, to: outside, in: vault)
        }
        try link("Personal/Lists", to: URL(fileURLWithPath: "/"), in: vault)
        let file = vault.base.appendingPathComponent("upload.txt")
        try Data("upload\n".utf8).write(to: file)
        let before = contents(of: outside)
        let commands: [[String]] = [
            ["new", "-f", "Linked", "a"], ["new", "-f", "Work/Linked", "b"], ["new", "Inbox/c"], ["new", "Plain"],
            ["mv", "Groceries", "Linked"], ["mv", "Ideas", "Work/Linked"], ["rename", "Ideas", "Linked/Ideas"],
            ["rm", "Weekend plans"], ["folder", "create", "Linked/Sub"], ["folder", "rename", "Personal", "Linked"],
            ["folder", "delete", "Reading"], ["attach", "Quick thought", file.path], ["task", "add", "x"],
            ["tag", "add", "work", "x"], ["tag", "rename", "work", "job"], ["pin", "Phone numbers"],
            ["trash", "restore", "Weekend plans"], ["trash", "empty"], ["undo"], ["check"], ["list"],
        ]
        for command in commands {
            _ = try vault.run(arguments: command, stdin: Data("text\n".utf8))
            #expect(contents(of: outside) == before, "after vault \(command.joined(separator: " "))")
        }
        #expect(try String(contentsOf: outside.appendingPathComponent("sentinel.md"), encoding: .utf8) == "sentinel\n")
    }
}

/// Sends the start of a request, then a byte of it every 50 ms until stopped, then closes.
private final class Trickle: @unchecked Sendable {
    let fd: Int32
    private let lock = NSLock()
    private var stopped = false

    init(fd: Int32) { self.fd = fd }

    func run() {
        // A length that announces a request of 4,096 bytes, which never all come.
        var length: [UInt8] = [0x00, 0x10, 0x00, 0x00]
        _ = send(fd, &length, 4, Int32(MSG_NOSIGNAL))
        var byte: UInt8 = 0x7B
        while !lock.withLock({ stopped }) {
            _ = send(fd, &byte, 1, Int32(MSG_NOSIGNAL))
            usleep(50_000)
        }
        close(fd)
    }

    func stop() { lock.withLock { stopped = true } }
}

/// Link rewriting is linear in the size of the note that links (issue 15): a 4 MB note
/// with 50,000 links to the renamed note took 106 s in a release build, a 1 MB one 12.5 s
/// (and over ten minutes in a debug build). Linear, it takes 8 s in a debug build; the
/// limit only stops a quadratic rewrite, so it leaves room for a sanitizer's build
/// running beside the rest of the suite (over a minute once under AddressSanitizer).
@Suite("Renames in large notes", .timeLimit(.minutes(5)))
struct LargeNoteRenameTests {
    @Test("a rename rewrites 25,000 links of a 1 MB note and names each place")
    func renameLinkedFromALargeNote() throws {
        let vault = try TestVault()
        try vault.write("Groceries.md", "# Groceries\n")
        var text = "# Big\n\n"
        for line in 0..<12_500 {
            text += "Line \(line) links [[Groceries]] and [g](Groceries.md), and goes on for a while with some text after it.\n"
        }
        while text.utf8.count < 1 << 20 { text += "Filler line without links, to make the note a megabyte.\n" }
        try vault.write("Big.md", text)
        let result = try vault.run("rename", "Groceries", "Shopping", "--dry-run")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("would change Big.md:12502:40: Groceries.md → Shopping.md"), "\(result.stdout.suffix(300))")
        let renamed = try vault.run("rename", "Groceries", "Shopping")
        #expect(renamed.status == 0)
        let after = try vault.text("Big.md")
        #expect(!after.contains("Groceries"))
        #expect(after.components(separatedBy: "[[Shopping]]").count == 12_501)
    }
}

/// Two notes whose names differ only in Unicode normalization (issue 16): `Café.md`
/// precomposed (NFC, as macOS and most keyboards write it) and decomposed (NFD).
@Suite("Names in two Unicode forms")
struct UnicodeFormNameTests {
    static let precomposed = "Caf\u{E9}.md"
    static let decomposed = "Cafe\u{301}.md"

    private func makeVault() throws -> TestVault {
        let vault = try TestVault()
        try vault.write(Self.precomposed, "# Café NFC\n\nprecomposed\n")
        try vault.write(Self.decomposed, "# Café NFD\n\ndecomposed\n")
        #expect(try vault.names().count == 3)
        return vault
    }

    @Test("each is named by its exact path, and check names both")
    func exactPathsAndCheck() throws {
        let vault = try makeVault()
        #expect(try vault.run("show", Self.precomposed).stdout.contains("precomposed"))
        #expect(try vault.run("show", Self.decomposed).stdout.contains("decomposed"))
        let check = try vault.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("written with different Unicode forms (this one precomposed, NFC)"), "\(check)")
        #expect(check.stdout.contains("written with different Unicode forms (this one decomposed, NFD)"), "\(check)")
    }

    @Test("the decomposed one is renamed, the other left as it is")
    func renameOne() throws {
        let vault = try makeVault()
        let result = try vault.run("rename", Self.decomposed, "Café 2")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("Café 2.md").contains("decomposed"))
        #expect(try vault.text(Self.precomposed).contains("precomposed"))
    }
}
