import Foundation
import Testing

/// Files and arguments `vault` must survive: nothing is written, the problem is named, and
/// no note disappears (docs/file-format.md).
@Suite("Bad input")
struct BadInputTests {
    /// A vault with two good notes, to check that they stay listed whatever else is there.
    private func vaultWithGoodNotes() throws -> TestVault {
        let vault = try TestVault()
        try vault.write("Good.md", "---\nid: good-1\ntags: [ok]\n---\n# Good note\n\nFine.\n")
        try vault.write("Folder/Also good.md", "# Also good\n")
        return vault
    }

    private func listedPaths(_ vault: TestVault, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try vault.run("list", "--format", "json")
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return try result.jsonObjects().compactMap { $0["path"] as? String }.sorted()
    }

    // MARK: - A damaged cache

    /// The cache's bulky values (snippets, tasks, links: the end of the file) are checked
    /// only when a command reads them. Damaged there, every command still prints what it
    /// prints without the cache, and the cache file is removed to be written anew.
    @Test("a cache damaged in its snippets, tasks and links answers as the files do, and is removed")
    func damagedCache() throws {
        let vault = try TestVault.example()
        let hourAgo = FileTime(seconds: Int(Date().timeIntervalSince1970) - 3600, nanoseconds: 0)
        for path in try vault.snapshot().entries.keys where path.hasSuffix(".md") { try vault.setModificationTime(path, hourAgo) }
        // The cache trusts no file changed (here: its time set) in the two seconds before
        // it was written; a cache that trusted nothing would test nothing.
        Thread.sleep(forTimeInterval: 2.5)
        let cache = ".vault/cache/notes-v9.bin"
        for arguments in [["tasks"], ["tasks", "--all", "--format", "json"], ["list", "--format", "json"], ["list"], ["list", "--limit", "3"],
                          ["backlinks", "Alpha launch plan"], ["search", "task:todo"]] {
            let expected = try vault.run(arguments: arguments + ["--no-cache"])
            #expect(expected.status == 0 && !expected.stdout.isEmpty, "\(expected)")
            #expect(try vault.run(arguments: arguments).stdout == expected.stdout)
            var bytes = try vault.bytes(cache)
            for index in (bytes.count - bytes.count / 4)..<bytes.count { bytes[index] = 0xFF }
            try vault.write(cache, bytes: bytes)

            let result = try vault.run(arguments: arguments)

            #expect(result.stdout == expected.stdout, "\(arguments)")
            #expect(result.stderr == expected.stderr && result.status == expected.status, "\(result)")
            #expect(!vault.exists(cache), "\(arguments)")
        }
    }

    // MARK: - Front matter that does not parse

    static let brokenText = "---\nid: broken-1\ntags: [a, b\npinned: false\n---\n# Broken note\n\nThe text is still here.\n"
    static let brokenError = "Broken.md:4:7: error: did not find expected ',' or ']' while parsing a flow sequence started at 3:7"

    @Test("invalid YAML: commands that would rewrite the note refuse with path:line:column, nothing is written",
          arguments: [["pin", "Broken"], ["unpin", "Broken.md"], ["rename", "Broken", "Renamed"], ["cp", "Broken"]])
    func invalidYAMLRefused(_ arguments: [String]) throws {
        let vault = try vaultWithGoodNotes()
        try vault.write("Broken.md", Self.brokenText)
        let before = try vault.snapshot()

        let result = try vault.run(arguments: arguments)

        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("Broken.md:4:7: error:"), "\(result)")
        #expect(result.stderr == Self.brokenError + "\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("invalid YAML: the note is still listed, with its error, and check reports it")
    func invalidYAMLListed() throws {
        let vault = try vaultWithGoodNotes()
        try vault.write("Broken.md", Self.brokenText)
        let before = try vault.snapshot()

        let list = try vault.run("list", "--format", "json")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr == "")
        let notes = try list.jsonObjects()
        #expect(notes.compactMap { $0["path"] as? String }.sorted() == ["Broken.md", "Folder/Also good.md", "Good.md"])
        let broken = try #require(notes.first { $0["path"] as? String == "Broken.md" })
        #expect(broken["error"] as? String == "4:7: did not find expected ',' or ']' while parsing a flow sequence started at 3:7")

        let text = try vault.run("list", "--no-snippet")
        #expect(text.stdoutLines.contains { $0.contains("(front matter does not parse)") }, "\(text)")

        let check = try vault.run("check")
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout == Self.brokenError + "\n")
        #expect(check.stderr == "vault: 1 problem at 1 path; 3 notes checked\n")

        // show still prints the text.
        let show = try vault.run("show", "Broken.md", "--raw")
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout == Self.brokenText)
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("invalid YAML: the title comes from the body after the front matter block, not from its '---' line")
    func invalidYAMLTitle() throws {
        let vault = try vaultWithGoodNotes()
        try vault.write("Broken.md", Self.brokenText)
        let notes = try vault.run("list", "--format", "json").jsonObjects()
        let broken = try #require(notes.first { $0["path"] as? String == "Broken.md" })
        #expect(broken["title"] as? String == "Broken note")
    }

    @Test("invalid UTF-8 in front matter: pin refuses at the byte, the note stays listed")
    func invalidUTF8FrontMatter() throws {
        let vault = try vaultWithGoodNotes()
        // "café" in Latin-1: E9 is not UTF-8.
        try vault.write("Latin1.md", bytes: Array("---\nid: latin-1\ntitle: caf".utf8) + [0xE9] + Array("\n---\n# Latin-1\n".utf8))
        let before = try vault.snapshot()

        let pin = try vault.run("pin", "Latin1")
        #expect(pin.status == 2, "\(pin)")
        #expect(pin.stdout == "")
        #expect(pin.stderr == "Latin1.md:3:11: error: incomplete UTF-8 octet sequence\n")

        #expect(try listedPaths(vault) == ["Folder/Also good.md", "Good.md", "Latin1.md"])
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("invalid UTF-8 in the body does not stop pin, and its bytes are kept")
    func invalidUTF8Body() throws {
        let vault = try TestVault()
        let head = Array("---\nid: body-1\n---\n# Latin body\n".utf8)
        let body: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me\n".utf8)
        try vault.write("Body.md", bytes: head + body)
        let result = try vault.run("pin", "Body")
        #expect(result.status == 0, "\(result)")
        expectBytes(try vault.bytes("Body.md"), Array("---\nid: body-1\npinned: true\n---\n# Latin body\n".utf8) + body, "Body.md")
    }

    // MARK: - Files that are not notes

    @Test("a binary file named .md is skipped with a warning naming it; the other notes are listed")
    func binaryFile() throws {
        let vault = try vaultWithGoodNotes()
        try vault.write("Folder/Binary.md", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D] + Array(repeating: 0, count: 100))
        let before = try vault.snapshot()

        let list = try vault.run("list", "--format", "json")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr == "Folder/Binary.md: warning: skipped: binary file (contains NUL bytes)\n")
        #expect(try list.jsonObjects().compactMap { $0["path"] as? String }.sorted() == ["Folder/Also good.md", "Good.md"])

        let home = try vault.run()
        #expect(home.status == 0, "\(home)")
        #expect(home.stderr == "Folder/Binary.md: warning: skipped: binary file (contains NUL bytes)\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("an empty file is a note titled with its file name")
    func emptyFile() throws {
        let vault = try vaultWithGoodNotes()
        try vault.write("Empty thoughts.md", bytes: [])
        let before = try vault.snapshot()

        let list = try vault.run("list", "--format", "json")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr == "")
        let notes = try list.jsonObjects()
        let empty = try #require(notes.first { $0["path"] as? String == "Empty thoughts.md" })
        #expect(empty["title"] as? String == "Empty thoughts")
        #expect(empty["snippet"] as? String == "")
        #expect(empty["tags"] as? [String] == [])
        #expect(notes.count == 3)

        let text = try vault.run("list", "--no-snippet")
        #expect(text.stdoutLines.contains { $0.hasPrefix("  Empty thoughts  · ") }, "\(text)")
        let snippet = try vault.run("list", "--snippet")
        #expect(snippet.stdout.contains("    No additional text\n"), "\(snippet)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("a 20 MB note is listed and shown in full")
    func hugeNote() throws {
        let vault = try vaultWithGoodNotes()
        var bytes = Array("---\nid: big-1\ntags: [big]\n---\n# Big note\n\n".utf8)
        let line = Array("lorem ipsum dolor sit amet, consectetur adipiscing elit 0123456789\n".utf8)
        while bytes.count < 20 * 1024 * 1024 { bytes += line }
        try vault.write("Big.md", bytes: bytes)
        let before = try vault.snapshot()

        let list = try vault.run("list", "--format", "json")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr == "")
        let notes = try list.jsonObjects()
        let big = try #require(notes.first { $0["path"] as? String == "Big.md" })
        #expect(big["title"] as? String == "Big note")
        #expect(big["tags"] as? [String] == ["big"])
        #expect(notes.count == 3)

        let show = try vault.run("show", "Big note", "--raw")
        #expect(show.status == 0)
        #expect(show.stdoutData == Data(bytes), "show --raw printed \(show.stdoutData.count) of \(bytes.count) bytes")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    // MARK: - Paths outside the vault

    @Test("a symbolic link to /etc (or any directory outside) is not followed")
    func symbolicLinks() throws {
        let vault = try vaultWithGoodNotes()
        let outside = vault.base.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(utf8: "# Outside note\n").write(to: outside.appendingPathComponent("Outside.md"))
        try FileManager.default.createSymbolicLink(atPath: vault.url("etc").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: vault.url("Elsewhere").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: vault.url("Linked note.md").path, withDestinationPath: outside.appendingPathComponent("Outside.md").path)
        let before = try vault.snapshot()

        let list = try vault.run("list", "--format", "json")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr == "")
        #expect(try list.jsonObjects().compactMap { $0["path"] as? String }.sorted() == ["Folder/Also good.md", "Good.md"])

        let home = try vault.run("--format", "json").jsonObject()
        #expect(home["notes"] as? Int == 2)
        let folders = (home["folders"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(folders == ["Folder"])

        let check = try vault.run("check")
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout == """
            Elsewhere: warning: skipped: symbolic link (vault does not follow links)
            Linked note.md: warning: skipped: symbolic link (vault does not follow links)
            etc: warning: skipped: symbolic link (vault does not follow links)

            """)

        for arguments in [["show", "etc/passwd"], ["show", "Elsewhere/Outside"], ["show", "Outside note"], ["list", "etc"], ["mv", "Good", "Elsewhere"]] {
            let result = try vault.run(arguments: arguments)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout == "", "\(result)")
        }
        #expect(try vault.snapshot().differences(from: before) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["Outside.md"])
    }

    /// A folder that is a link was said not to exist, with a hint to create it, which
    /// fails as the name is taken: the link is named as what stops the command.
    @Test("a folder that is a symbolic link is named as one, with no hint to create it")
    func aLinkedFolderIsSaidToBeALink() throws {
        let vault = try vaultWithGoodNotes()
        let outside = vault.base.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.url("Elsewhere").path, withDestinationPath: outside.path)
        let before = try vault.snapshot()
        for arguments in [["mv", "Good", "Elsewhere"], ["mv", "Good", "elsewhere"], ["list", "Elsewhere"], ["folder", "rename", "Elsewhere", "Other"]] {
            let result = try vault.run(arguments: arguments)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr == "vault: error: 'Elsewhere' leads through a symbolic link; vault does not follow links inside the vault (see 'vault check')\n", "\(arguments): \(result)")
        }
        #expect(try vault.snapshot().differences(from: before) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [])
    }

    @Test("show ../outside is refused as outside the vault", arguments: ["../outside", "../outside.md", "Folder/../../outside"])
    func showOutside(_ name: String) throws {
        let vault = try vaultWithGoodNotes()
        try Data(utf8: "# Outside\n").write(to: vault.base.appendingPathComponent("outside.md"))
        let result = try vault.run("show", name)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "vault: error: '\(name)' is outside the vault\n")
    }

    @Test("show of an absolute path outside the vault is refused")
    func showAbsoluteOutside() throws {
        let vault = try vaultWithGoodNotes()
        let outside = vault.base.appendingPathComponent("outside.md")
        try Data(utf8: "# Outside\n").write(to: outside)
        let result = try vault.run("show", outside.path)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: '\(outside.path)' is outside the vault\n")
        // An absolute path inside the vault is fine.
        let inside = try vault.run("show", vault.url("Good.md").path, "--raw")
        #expect(inside.status == 0, "\(inside)")
        #expect(inside.stdout == "---\nid: good-1\ntags: [ok]\n---\n# Good note\n\nFine.\n")
    }

    @Test("mv NOTE ../x is refused as outside the vault and moves nothing", arguments: ["../x", "..", "Folder/../../x"])
    func moveOutside(_ destination: String) throws {
        let vault = try vaultWithGoodNotes()
        try FileManager.default.createDirectory(at: vault.base.appendingPathComponent("x"), withIntermediateDirectories: true)
        let before = try vault.snapshot()
        let result = try vault.run("mv", "Good", destination)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "vault: error: '\(destination)' is outside the vault\n")
        #expect(try vault.snapshot().differences(from: before) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.base.appendingPathComponent("x").path) == [])
    }

    // MARK: - Deep directories

    @Test("a note five directories deep is listed, counted in its top folder, and reported by check")
    func deepNesting() throws {
        let vault = try vaultWithGoodNotes()
        try vault.write("A/B/C/D/E/Deep.md", "# Deep note\n")
        let before = try vault.snapshot()

        let list = try vault.run("list", "--format", "json")
        #expect(list.status == 0, "\(list)")
        let notes = try list.jsonObjects()
        let deep = try #require(notes.first { $0["path"] as? String == "A/B/C/D/E/Deep.md" })
        #expect(deep["title"] as? String == "Deep note")
        #expect(deep["folder"] as? String == "A/B/C/D/E")

        let inA = try vault.run("list", "A", "--format", "json").jsonObjects().compactMap { $0["path"] as? String }
        #expect(inA == ["A/B/C/D/E/Deep.md"])

        let home = try vault.run("--format", "json").jsonObject()
        let folders = try #require(home["folders"] as? [[String: Any]])
        let a = try #require(folders.first { $0["name"] as? String == "A" })
        #expect(a["count"] as? Int == 1)

        let check = try vault.run("check")
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout.contains("A/B/C/D/E/Deep.md"))
        #expect(check.stdout == """
            A/B/C: warning: directory nested deeper than a folder and a subfolder
            A/B/C/D: warning: directory nested deeper than a folder and a subfolder
            A/B/C/D/E: warning: directory nested deeper than a folder and a subfolder
            A/B/C/D/E/Deep.md: warning: nested deeper than a folder and a subfolder; it counts in folder 'A'

            """)
        #expect(check.stderr == "vault: 4 problems at 4 paths; 3 notes checked\n")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test("check on a clean vault exits 0")
    func checkClean() throws {
        let vault = try vaultWithGoodNotes()
        let check = try vault.run("check")
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout == "2 notes checked; no problems found\n")
        #expect(check.stderr == "")
    }

    // MARK: - Arguments

    @Test("an unknown note is exit 2 with its name")
    func unknownNote() throws {
        let vault = try vaultWithGoodNotes()
        let result = try vault.run("pin", "No such note")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "vault: error: no note matches 'No such note'\n")
    }

    @Test("an unknown option is a usage error, exit 2")
    func usageError() throws {
        let vault = try vaultWithGoodNotes()
        let result = try vault.run("list", "--no-such-option")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("vault: error: "), "\(result)")
        #expect(result.stdout == "")
    }
}
