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

    @Test("history, cache and tmp folders that are links outside get nothing (2)",
          arguments: ["history", "cache", "tmp"])
    func settingsFoldersLinkedOutside(_ folder: String) throws {
        let (vault, outside) = try makeVault()
        try link(".vault/" + folder, to: outside, in: vault)
        _ = try vault.run("list")
        _ = try vault.run("mv", "Groceries", "Personal")
        _ = try vault.run("new", "Scratch", environment: ["EDITOR": "sh -c 'echo hello >> \"$1\"' sh", "VISUAL": nil])
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
