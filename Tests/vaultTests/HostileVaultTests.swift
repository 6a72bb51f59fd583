import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A vault holding every kind of file a real vault can end up with: every command still
/// runs, names what it skipped, and changes nothing it should not.
@Suite("Hostile vault")
struct HostileVaultTests {
    /// The files, by vault-relative path (the non-UTF-8 name is made separately).
    static let files: [(path: String, bytes: [UInt8])] = [
        ("Good.md", Array("---\nid: good-1\ntags: [ok]\n---\n# Good note\n\nFine.\n".utf8)),
        ("Hostile/Empty.md", []),
        ("Hostile/Dashes only.md", Array("---\n".utf8)),
        ("Hostile/Dashes twice.md", Array("---\n---\n".utf8)),
        ("Hostile/Unterminated.md", Array("---\ntags: [ok]\n# never closed\n".utf8)),
        ("Hostile/Tabs.md", Array("---\n\ttags: [ok]\n---\nbody\n".utf8)),
        ("Hostile/Duplicate keys.md", Array("---\ntags: [ok]\ntags: [other]\n---\nbody\n".utf8)),
        ("Hostile/Anchors.md", Array("---\nbase: &b [ok, x]\ntags: *b\n---\nbody\n".utf8)),
        ("Hostile/Huge value.md", Array("---\ntitle: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\ntags: [ok]\n---\nbody\n".utf8)),
        ("Hostile/NUL.md", Array("---\ntags: [ok]\n---\nbody\0with a NUL\n".utf8)),
        ("Hostile/Bad UTF-8.md", Array("---\ntags: [ok, ".utf8) + [0xFF, 0xFE] + Array("]\n---\nbody\n".utf8)),
        ("Hostile/CRLF.md", Array("---\r\ntags: [ok]\r\n---\r\nbody\r\n".utf8)),
        ("Hostile/CR only.md", Array("---\rtags: [ok]\r---\rbody\r".utf8)),
        ("Hostile/BOM.md", [0xEF, 0xBB, 0xBF] + Array("---\ntags: [ok]\n---\nbody\n".utf8)),
        ("Hostile/New\nline.md", Array("---\ntags: [ok]\n---\nnewline in the name\n".utf8)),
        ("Hostile/Read-only.md", Array("---\ntags: [ok]\n---\nread only\n".utf8)),
    ]

    /// Notes that must be listed (everything above but the binary file).
    static let listed = files.map(\.path).filter { $0 != "Hostile/NUL.md" }.sorted()

    private func makeVault() throws -> TestVault {
        let vault = try TestVault()
        for file in Self.files { try vault.write(file.path, bytes: file.bytes) }
        var name = Array(vault.url("Hostile").path.utf8) + Array("/Latin1 ".utf8) + [0xE9] + Array(".md".utf8) + [0]
        let fd = name.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { $0.baseAddress.map { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) } ?? -1 }
        }
        #expect(fd >= 0)
        close(fd)
        #expect(symlink("Loop", vault.url("Hostile/Loop").path) == 0)
        #expect(symlink("../Hostile", vault.url("Hostile/Up").path) == 0)
        #expect(symlink("/etc", vault.url("Etc").path) == 0)
        #expect(chmod(vault.url("Hostile/Read-only.md").path, 0o444) == 0)
        return vault
    }

    /// Every file's bytes, and the raw names in each directory (Foundation cannot list a
    /// name that is not UTF-8, so the snapshot is taken with readdir).
    private func state(of vault: TestVault) throws -> [String: [UInt8]] {
        var state: [String: [UInt8]] = [:]
        for file in Self.files { state[file.path] = try vault.bytes(file.path) }
        for directory in ["", "Hostile"] {
            guard let dir = opendir(vault.url(directory).path) else { throw CLIError("cannot open '\(directory)'") }
            defer { closedir(dir) }
            var names: [String] = []
            while let entry = readdir(dir) {
                names.append(withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self).debugDescription
                })
            }
            state["names of '\(directory)'"] = Array(names.sorted().joined(separator: " ").utf8)
        }
        return state
    }

    static let skipWarnings = [
        "Hostile/NUL.md: warning: skipped: binary file (contains NUL bytes)",
        "Hostile/Latin1 \\xE9.md: warning: skipped: name is not valid UTF-8",
    ]

    @Test("read commands list every note, name every file they skip, and change nothing",
          arguments: [["list", "--format", "json"], ["home"], ["list"], ["tag", "list"], ["folder", "list"],
                      ["search", "tag:ok"], ["search", "body"], ["trash", "list"], ["check"]])
    func readCommands(_ arguments: [String]) throws {
        let vault = try makeVault()
        let before = try state(of: vault)

        let result = try vault.run(arguments: arguments)

        #expect(result.status == (arguments == ["check"] ? 1 : 0), "\(result)")
        #expect(!result.signalled)
        // `trash list` reads only the trash; `check` prints what it finds on stdout.
        let report = result.stdout + result.stderr
        for warning in Self.skipWarnings where arguments != ["trash", "list"] {
            #expect(report.contains(warning), "\(arguments): no '\(warning)' in \(result.stderr)")
        }
        #expect(!result.stdout.contains("\nline.md"), "a newline in a name must not break a line of output")
        #expect(try state(of: vault) == before)
        if arguments == ["list", "--format", "json"] {
            let paths = try result.jsonObjects().compactMap { $0["path"] as? String }.sorted()
            #expect(paths == Self.listed)
        }
        if arguments == ["check"] {
            for expected in [
                "Hostile/Unterminated.md:1:1: error: front matter is not closed",
                "Hostile/Tabs.md:2:1: error: found character that cannot start any token",
                "Hostile/Bad UTF-8.md:2:12: error: invalid leading UTF-8 octet",
                "Hostile/CR only.md:1:4: error: front matter uses carriage returns alone",
                "Hostile/Anchors.md:3:7: error: 'tags' should be a list of tag names",
                "Hostile/Dashes only.md:1:1: error: front matter is not closed",
                "Hostile/Loop: warning: skipped: symbolic link",
                "Etc: warning: skipped: symbolic link",
            ] {
                #expect(report.contains(expected), "no '\(expected)' in \(report)")
            }
        }
    }

    @Test("a vault-wide tag rename changes the good notes' tag lines only, and leaves broken and read-only notes alone")
    func tagRename() throws {
        let vault = try makeVault()
        let before = try state(of: vault)

        let result = try vault.run("tag", "rename", "ok", "fine")

        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Hostile/Read-only.md: error: note is read-only; vault leaves it unchanged (chmod u+w to allow)"), "\(result)")
        #expect(result.stdout.contains("changed Hostile/New\\nline.md\n"), "\(result)")
        let after = try state(of: vault)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == ["Good.md", "Hostile/BOM.md", "Hostile/CRLF.md", "Hostile/Huge value.md", "Hostile/New\nline.md"])
        let crlf = try vault.text("Hostile/CRLF.md")
        #expect(crlf.hasPrefix("---\r\ntags: [fine]\r\nid: ") && crlf.hasSuffix("\r\n---\r\nbody\r\n"), "\(crlf.debugDescription)")
        #expect(try vault.bytes("Hostile/BOM.md").starts(with: [0xEF, 0xBB, 0xBF] + Array("---\ntags: [fine]\n".utf8)))
        for untouched in ["Hostile/Read-only.md", "Hostile/Unterminated.md", "Hostile/Tabs.md", "Hostile/CR only.md",
                          "Hostile/NUL.md", "Hostile/Bad UTF-8.md", "Hostile/Anchors.md", "Hostile/Duplicate keys.md"] {
            #expect(try vault.bytes(untouched) == Self.files.first { $0.path == untouched }?.bytes, "\(untouched) changed")
        }
    }

    @Test("a directory the user cannot read is skipped with its path; the rest is listed")
    func unreadableDirectory() throws {
        let vault = try makeVault()
        try vault.write("Locked/Secret.md", "# secret\n")
        #expect(chmod(vault.url("Locked").path, 0) == 0)
        defer { chmod(vault.url("Locked").path, 0o755) }
        var result: RunResult
        if getuid() == 0 {
            // root reads any directory: run as nobody, who can read the rest of the vault.
            let setpriv = try #require(CLI.which("setpriv"), "setpriv (util-linux) is needed to drop root")
            // Only the test's own directories are opened up; the temporary directory
            // itself (/tmp, sticky and world-writable) is already traversable.
            let temporary = URL(fileURLWithPath: FileManager.default.temporaryDirectory.path).resolvingSymlinksInPath().path
            var directory = vault.root
            while directory.path.hasPrefix(temporary + "/") {
                chmod(directory.path, 0o755)
                directory.deleteLastPathComponent()
            }
            result = try CLI.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", try CLI.binary.get().path, "list", "--format", "json"], in: vault.root)
        } else {
            result = try vault.run("list", "--format", "json")
        }
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Locked: warning: skipped: cannot open directory: permission denied"), "\(result)")
        let paths = try result.jsonObjects().compactMap { $0["path"] as? String }.sorted()
        #expect(paths == Self.listed)
    }
}
