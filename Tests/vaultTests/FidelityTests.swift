import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// docs/file-format.md: a write changes only the front-matter lines of the keys it sets; organising
/// (pin, unpin, moves) leaves every other byte and the modification time alone.
@Suite("Plain-text fidelity")
struct FidelityTests {
    /// A vault holding every fixture, each with a modification time in the past.
    private func fixtureVault() throws -> TestVault {
        let vault = try TestVault()
        try FidelityFixture.writeAll(to: vault)
        try vault.createDirectory("Folder")
        for fixture in FidelityFixture.all {
            try vault.setModificationTime(fixture.name, .past)
        }
        return vault
    }

    @Test("pin changes only the pinned line", arguments: FidelityFixture.all)
    func pin(_ fixture: FidelityFixture) throws {
        let vault = try fixtureVault()
        let before = try vault.snapshot()

        let result = try vault.run("pin", fixture.name)

        #expect(result.status == 0, "\(result)")
        let expectedOutput = fixture.initiallyPinned ? "\(fixture.name) was already pinned\n" : "pinned \(fixture.name)\n"
        #expect(result.stdout == expectedOutput, "\(result)")
        #expect(result.stderr == "", "\(result)")
        expectBytes(try vault.bytes(fixture.name), fixture.afterPin, "\(fixture.name) after pin")
        // Organising is not editing: the file time moves on two seconds only.
        #expect(try vault.modificationTime(fixture.name) == (fixture.initiallyPinned ? .past : FileTime.past.organised()))
        // No other file changed, and no temporary file was left behind.
        var expected = before
        expected.entries[fixture.name] = .file(Data(fixture.afterPin))
        let after = try vault.snapshot()
        #expect(after.differences(from: expected) == [])
    }

    @Test("unpin changes only the pinned line", arguments: FidelityFixture.all)
    func unpin(_ fixture: FidelityFixture) throws {
        let vault = try fixtureVault()
        let before = try vault.snapshot()

        let result = try vault.run("unpin", fixture.name)

        #expect(result.status == 0, "\(result)")
        let expectedOutput = fixture.initiallyPinned ? "unpinned \(fixture.name)\n" : "\(fixture.name) was already unpinned\n"
        #expect(result.stdout == expectedOutput, "\(result)")
        #expect(result.stderr == "", "\(result)")
        expectBytes(try vault.bytes(fixture.name), fixture.afterUnpin, "\(fixture.name) after unpin")
        #expect(try vault.modificationTime(fixture.name) == (fixture.initiallyPinned ? FileTime.past.organised() : .past))
        var expected = before
        expected.entries[fixture.name] = .file(Data(fixture.afterUnpin))
        #expect(try vault.snapshot().differences(from: expected) == [])
    }

    @Test("pin then unpin of an unpinned note gives back the file byte for byte", arguments: FidelityFixture.all.filter { !$0.initiallyPinned })
    func pinThenUnpin(_ fixture: FidelityFixture) throws {
        let vault = try fixtureVault()
        try #require(try vault.run("pin", fixture.name).status == 0)
        let result = try vault.run("unpin", fixture.name)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "unpinned \(fixture.name)\n")
        // Absence means not pinned: the key pin added goes (with the block, when pin made
        // it); a key the user wrote with a comment says false again.
        expectBytes(try vault.bytes(fixture.name), fixture.original, "\(fixture.name) after pin and unpin")
        #expect(try vault.modificationTime(fixture.name) == FileTime.past.organised(2))
    }

    @Test("mv into a folder and back keeps every byte and the file time", arguments: FidelityFixture.all)
    func moveAndBack(_ fixture: FidelityFixture) throws {
        let vault = try fixtureVault()
        let before = try vault.snapshot()

        let there = try vault.run("mv", fixture.name, "Folder")
        #expect(there.status == 0, "\(there)")
        #expect(there.stdout == "\(fixture.name) → Folder/\(fixture.name)\n")
        #expect(!vault.exists(fixture.name))
        expectBytes(try vault.bytes("Folder/" + fixture.name), fixture.original, "Folder/\(fixture.name)")
        #expect(try vault.modificationTime("Folder/" + fixture.name) == .past)

        let back = try vault.run("mv", "Folder/" + fixture.name, "/")
        #expect(back.status == 0, "\(back)")
        #expect(back.stdout == "Folder/\(fixture.name) → \(fixture.name)\n")
        // The two moves are recorded in the history; nothing else differs.
        let differences = try vault.snapshot().differences(from: before)
        #expect(differences.filter { !$0.hasPrefix("added: .vault/history") } == [])
        #expect(differences.count == 3, "\(differences)")
        #expect(try vault.modificationTime(fixture.name) == .past)
    }

    @Test("edit with an editor that changes nothing leaves the file alone", arguments: FidelityFixture.all)
    func editUnchanged(_ fixture: FidelityFixture) throws {
        let vault = try fixtureVault()
        let before = try vault.snapshot()

        let result = try vault.run("edit", fixture.name, environment: ["EDITOR": "true"])

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "", "\(result)")
        #expect(try vault.snapshot().differences(from: before) == [])
        #expect(try vault.modificationTime(fixture.name) == .past)
    }

    @Test("pin keeps the permission bits of the file")
    func pinKeepsPermissions() throws {
        let vault = try fixtureVault()
        #expect(chmod(vault.url("comments.md").path, 0o600) == 0)
        let result = try vault.run("pin", "comments.md")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.permissions("comments.md") == 0o600)
        expectBytes(try vault.bytes("comments.md"), FidelityFixture.all.first { $0.name == "comments.md" }!.afterPin, "comments.md")
    }

    @Test("pin of several notes at once writes each of them")
    func pinSeveral() throws {
        let vault = try fixtureVault()
        let names = ["crlf.md", "bom.md", "no-front-matter.md"]
        let result = try vault.run(arguments: ["pin"] + names)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == names.map { "pinned \($0)\n" }.joined())
        for name in names {
            let fixture = try #require(FidelityFixture.all.first { $0.name == name })
            expectBytes(try vault.bytes(name), fixture.afterPin, name)
            #expect(try vault.modificationTime(name) == FileTime.past.organised())
        }
    }

    /// vim and nano judge a change on disk by the file's time (nano by whole seconds, vim
    /// on Linux letting one second pass): with the time kept exactly, or moved one second,
    /// a tag added while the note was open in vim was saved over without a warning (seen
    /// by hand in tmux). The `modified` key stays.
    @Test("an organising write moves the file time two seconds, and keeps modified")
    func organisingMovesTheFileTimeTwoSeconds() throws {
        let vault = try TestVault.example()
        let path = "Groceries.md"
        try vault.setModificationTime(path, .past)
        let modifiedLine = try #require(try vault.text(path).split(separator: "\n").first { $0.hasPrefix("modified:") })
        let result = try vault.run("tag", "add", "Groceries", "#shop")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.modificationTime(path) == FileTime.past.organised())
        #expect(try vault.text(path).split(separator: "\n").first { $0.hasPrefix("modified:") } == modifiedLine)
    }

    @Test("pin on the example vault moves the note's file time two seconds only")
    func pinKeepsModificationTimeInExample() throws {
        let vault = try TestVault.example()
        let path = "Work/Projects/Alpha launch plan.md"
        try vault.setModificationTime(path, .past)
        let original = try vault.bytes(path)
        let result = try vault.run("pin", path)
        #expect(result.status == 0, "\(result)")
        #expect(try vault.modificationTime(path) == FileTime.past.organised())
        let after = try vault.bytes(path)
        #expect(after != original)
        // The only difference is one added line.
        let beforeLines = String(decoding: original, as: UTF8.self).components(separatedBy: "\n")
        var afterLines = String(decoding: after, as: UTF8.self).components(separatedBy: "\n")
        let added = try #require(afterLines.firstIndex(of: "pinned: true"))
        afterLines.remove(at: added)
        #expect(afterLines == beforeLines)
    }

    // MARK: - The example vault's special notes

    struct ExampleCase: Sendable, CustomTestStringConvertible {
        var command: String
        var path: String
        var testDescription: String { "\(command) \(path)" }

        /// The bytes `command` must leave, made from the original bytes.
        func expected(from original: [UInt8]) -> [UInt8] {
            switch path {
            case "Reading/No Front Matter.md": return Array("---\npinned: true\n---\n".utf8) + original
            case "Work/Projects/Roadmap.md": return removingLine(in: original, "pinned: true")
            default: return replacingLine(in: original, from: "pinned: false", to: "pinned: true")
            }
        }
    }

    static let exampleCases = [
        ExampleCase(command: "pin", path: "Work/Windows Line Endings.md"),
        ExampleCase(command: "pin", path: "Personal/Commented.md"),
        ExampleCase(command: "pin", path: "Personal/Café Crème.md"),
        ExampleCase(command: "pin", path: "Reading/No Front Matter.md"),
        ExampleCase(command: "unpin", path: "Work/Projects/Roadmap.md"),
    ]

    @Test("pin and unpin on the example's special notes change only the pinned line", arguments: exampleCases)
    func exampleSpecialNotes(_ example: ExampleCase) throws {
        let vault = try TestVault.example()
        try vault.setModificationTime(example.path, .past)
        let original = try vault.bytes(example.path)
        let before = try vault.snapshot()

        let result = try vault.run(example.command, example.path)

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "\(example.command)ned \(example.path)\n")
        let expected = example.expected(from: original)
        #expect(expected != original)
        expectBytes(try vault.bytes(example.path), expected, example.path)
        #expect(try vault.modificationTime(example.path) == FileTime.past.organised())
        var expectedSnapshot = before
        expectedSnapshot.entries[example.path] = .file(Data(expected))
        #expect(try vault.snapshot().differences(from: expectedSnapshot) == [])
    }

    @Test("pin of the example's note with broken front matter is refused and writes nothing")
    func exampleBrokenNote() throws {
        let vault = try TestVault.example()
        let before = try vault.snapshot()
        let result = try vault.run("pin", "Broken Front Matter.md")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "Broken Front Matter.md:4:7: error: did not find expected ',' or ']' while parsing a flow sequence started at 3:7\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    // MARK: - git diff

    static let gitAvailable = CLI.which("git") != nil

    /// Runs git in `directory` with a neutral configuration.
    private func git(_ arguments: [String], in directory: URL) throws -> RunResult {
        let git = try #require(CLI.which("git"))
        let result = try CLI.run(
            git,
            ["-c", "user.name=Vault Tests", "-c", "user.email=tests@example.invalid", "-c", "core.autocrlf=false",
             "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"] + arguments,
            in: directory,
            environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": directory.path]
        )
        try #require(result.status == 0, "\(result)")
        return result
    }

    struct GitCase: Sendable, CustomTestStringConvertible {
        var file: String
        var text: String
        /// The expected `git diff --numstat` line: added, deleted.
        var numstat: String
        var testDescription: String { file }
    }

    static let gitCases = [
        GitCase(
            file: "new-key.md",
            text: "---\nid: git-1\ntags: [work, project/alpha]  # two\ncreated: 2026-01-12T10:00:00+01:00\nmodified: 2026-11-19T16:45:00+01:00\n---\n# Roadmap\n\n- [ ] send the budget\n",
            numstat: "1\t0\tnew-key.md\n"
        ),
        GitCase(
            file: "existing-key.md",
            text: "---\nid: git-2\npinned: false\ntags:\n  - work\nmodified: 2026-11-19T16:45:00+01:00\n---\n# Existing key\n",
            numstat: "1\t1\texisting-key.md\n"
        ),
    ]

    @Test("git diff after pin shows one line for the note and nothing else", .enabled(if: gitAvailable), arguments: gitCases)
    func gitDiffAfterPin(_ gitCase: GitCase) throws {
        let vault = try TestVault()
        try FidelityFixture.writeAll(to: vault)
        try vault.write(gitCase.file, gitCase.text)
        try vault.write(".vault/config.yaml", "trashDays: 30\n")
        _ = try git(["init", "-q"], in: vault.root)
        _ = try git(["add", "-A"], in: vault.root)
        _ = try git(["commit", "-q", "-m", "vault"], in: vault.root)

        let result = try vault.run("pin", gitCase.file)
        #expect(result.status == 0, "\(result)")

        let numstat = try git(["diff", "--numstat"], in: vault.root)
        #expect(numstat.stdout == gitCase.numstat)
        // Apart from vault's own cache bookkeeping in .vault/, the note is the only change.
        let status = try git(["status", "--porcelain", "--untracked-files=all"], in: vault.root)
        #expect(status.stdoutLines.filter { !$0.hasPrefix("?? .vault/") } == [" M \(gitCase.file)"], "\(status)")
        let diff = try git(["diff", "-U0", "--no-color"], in: vault.root)
        let changed = diff.stdoutLines.filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        #expect(changed == (gitCase.numstat.hasPrefix("1\t1") ? ["-pinned: false", "+pinned: true"] : ["+pinned: true"]))
    }
}

/// `bytes` with the start of the line that begins with `old` replaced by `new`.
func replacingLine(in bytes: [UInt8], from old: String, to new: String) -> [UInt8] {
    let needle = [UInt8(ascii: "\n")] + Array(old.utf8)
    guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: needle) }) else { return bytes }
    var result = bytes
    result.replaceSubrange((start + 1)..<(start + needle.count), with: Array(new.utf8))
    return result
}

/// `bytes` without its first line that is exactly `line` (and its line break).
func removingLine(in bytes: [UInt8], _ line: String) -> [UInt8] {
    let needle = [UInt8(ascii: "\n")] + Array(line.utf8) + [UInt8(ascii: "\n")]
    guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: needle) }) else { return bytes }
    var result = bytes
    result.removeSubrange((start + 1)..<(start + needle.count))
    return result
}
