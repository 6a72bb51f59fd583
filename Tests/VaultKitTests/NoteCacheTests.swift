import Foundation
import Testing
@testable import VaultKit

/// The cache may make scans faster but must never change an answer.
@Suite struct NoteCacheTests {
    let hourAgo = Date().addingTimeInterval(-3600)

    func setModificationDate(_ date: Date, _ vault: TemporaryVault, _ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: vault.path + "/" + path)
    }

    /// `vault` read without the cache, and with it, the cache written at `clock`.
    func vaults(_ vault: TemporaryVault, clock: Date = Date().addingTimeInterval(10)) -> (uncached: Vault, cached: Vault) {
        var uncached = vault.vault
        uncached.usesCache = false
        var cached = vault.vault
        cached.now = { clock }
        return (uncached, cached)
    }

    /// What a scan with the cache answers must equal what a scan without it answers.
    /// `clock` is when the cache is written: ten seconds from now makes the files written
    /// by the test safely older, without the test waiting for it.
    func expectSameAnswer(_ vault: TemporaryVault, clock: Date = Date().addingTimeInterval(10), sourceLocation: SourceLocation = #_sourceLocation) throws -> ScanResult {
        let (uncached, cachedVault) = vaults(vault, clock: clock)
        let cached = try cachedVault.scan()
        let fresh = try uncached.scan()
        func summary(_ notes: [Note]) -> [String] {
            notes.map { note in
                // A cached task keeps its REF's hash instead of its line.
                let tasks = note.tasks.tasks.map { task -> NoteTask in
                    var task = task
                    task.source = ""
                    return task
                }
                return "\(note.path)|\(note.title)|\(note.tags)|\(note.pinned)|\(note.modified.timeIntervalSince1970)|\(note.snippet)|\(note.frontMatterError?.message ?? "")|\(tasks)|\(note.tasks.problems)"
            }.sorted()
        }
        #expect(summary(cached.notes) == summary(fresh.notes), sourceLocation: sourceLocation)
        return cached
    }

    func makeVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\ntags: [one]\n---\n# A\nalpha\n- [ ] call 📅 2026-11-25 ⏫ #home\n  - [x] sub ✅ 2026-11-01\n    its note\n- [ ] bad 📅 2026-02-30\n")
        try vault.write("Work/b.md", "---\ntags: [two]\npinned: true\n---\n# B\n")
        try vault.write("c.md", "---\ntags: [broken\n---\n# C\n")
        for path in ["a.md", "Work/b.md", "c.md"] { try setModificationDate(hourAgo, vault, path) }
        return vault
    }

    @Test func unchangedNotesComeFromTheCache() throws {
        let vault = try makeVault()
        #expect(try expectSameAnswer(vault).cacheHits == 0)
        #expect(try expectSameAnswer(vault).cacheHits == 3)
        #expect(vault.read(".vault/.gitignore") == "cache/\ntmp/\nlock\n")
    }

    /// `.vault/.gitignore` ignores the cache and `vault new`'s scratch files; a vault whose
    /// file has only `cache/` (written by an older vault) gets `tmp/` added, the write
    /// lock's file is ignored too, and the user's own lines stay as they are, even without a final newline.
    @Test(arguments: [
        ("cache/\n", "cache/\ntmp/\nlock\n"),
        ("# mine\n*.bak\n/cache/", "# mine\n*.bak\n/cache/\ntmp/\nlock\n"),
        ("/tmp/\r\n", "/tmp/\r\ncache/\nlock\n"),
        ("tmp/\ncache/\nlock\n", "tmp/\ncache/\nlock\n"),
    ])
    func gitignoreAddsOnlyWhatIsMissing(existing: String, expected: String) throws {
        let vault = try TemporaryVault()
        try vault.write(".vault/.gitignore", existing)
        vault.root.ensureIgnoredInGit()
        #expect(vault.read(".vault/.gitignore") == expected)
        vault.root.ensureIgnoredInGit()
        #expect(vault.read(".vault/.gitignore") == expected)
    }

    /// A `.gitignore` that is a symbolic link (a dotfiles setup) is the user's: it is not
    /// replaced by a file of vault's lines, and what it points to is not written through it.
    @Test func aGitignoreThatIsASymbolicLinkIsLeftAsItIs() throws {
        let vault = try TemporaryVault()
        let outside = try TemporaryVault()
        try outside.write("gitignore", "*.bak\n")
        try? FileManager.default.removeItem(atPath: vault.path + "/.vault/.gitignore")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/.vault/.gitignore", withDestinationPath: outside.path + "/gitignore")
        vault.root.ensureIgnoredInGit()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: vault.path + "/.vault/.gitignore") == outside.path + "/gitignore")
        #expect(outside.read("gitignore") == "*.bak\n")
    }

    /// Lines that are not UTF-8 are kept byte for byte when vault adds its own lines.
    @Test func aGitignoreThatIsNotUTF8KeepsItsBytes() throws {
        let vault = try TemporaryVault()
        let mine: [UInt8] = Array("caf".utf8) + [0xE9] + Array("/\ncache/\n".utf8)
        try vault.write(".vault/.gitignore", bytes: mine)
        vault.root.ensureIgnoredInGit()
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: vault.path + "/.vault/.gitignore")))
        #expect(written == mine + Array("tmp/\nlock\n".utf8))
    }

    /// A large vault keeps its cache through a few edits (they are read again instead);
    /// a small one, or many edits, rewrite it.
    @Test(arguments: [
        (nil, 0, 10, true), (10, 10, 10, false), (10, 9, 10, true), (11, 10, 10, true),
        (100_000, 99_999, 100_000, false), (100_000, 99_836, 100_000, false), (100_000, 99_835, 100_000, true),
        (100_165, 100_000, 100_000, true), (99_990, 99_990, 100_000, false),
    ] as [(Int?, Int, Int, Bool)])
    func cacheIsRewrittenWhenWorthIt(entries: Int?, hits: Int, notes: Int, stale: Bool) {
        #expect(Vault.cacheIsStale(entries: entries, hits: hits, notes: notes) == stale)
    }

    @Test func recentlyModifiedNotesAreNotTrusted() throws {
        let vault = try makeVault()
        _ = try expectSameAnswer(vault, clock: Date())  // the files are as new as the cache: racy
        #expect(try expectSameAnswer(vault).cacheHits == 0)
        #expect(try expectSameAnswer(vault).cacheHits == 3)
    }

    @Test func sameSizeSameSecondEdit() throws {
        let vault = try makeVault()
        _ = try expectSameAnswer(vault)
        try vault.write("a.md", "---\ntags: [six]\n---\n# A\nalpha\n")
        try setModificationDate(hourAgo, vault, "a.md")
        let result = try expectSameAnswer(vault)
        #expect(result.notes.first { $0.path == "a.md" }?.tags == ["six"])
    }

    @Test func aChangedTaskLineIsReadAgain() throws {
        let vault = try makeVault()
        _ = try expectSameAnswer(vault)
        #expect(try expectSameAnswer(vault).notes.first { $0.path == "a.md" }?.tasks.tasks.first?.source == "", "from the cache")
        try vault.write("a.md", "---\ntags: [one]\n---\n# A\nalpha\n- [x] call 📅 2026-11-25 ⏫ #home\n  - [x] sub ✅ 2026-11-01\n    its note\n- [ ] bad 📅 2026-02-30\n")
        try setModificationDate(hourAgo, vault, "a.md")
        let result = try expectSameAnswer(vault)
        let tasks = try #require(result.notes.first { $0.path == "a.md" }?.tasks)
        #expect(tasks.tasks.map(\.status) == [.done, .done, .todo])
        #expect(tasks.tasks[1].notes == ["its note"])
        #expect(tasks.problems.map { "\($0.path):\($0.line ?? 0):\($0.column ?? 0)" } == ["a.md:9:13"])
    }

    @Test func touchWithoutChange() throws {
        let vault = try makeVault()
        _ = try expectSameAnswer(vault)
        try setModificationDate(hourAgo.addingTimeInterval(60), vault, "a.md")
        _ = try expectSameAnswer(vault)
    }

    @Test func replaceByRename() throws {
        let vault = try makeVault()
        _ = try expectSameAnswer(vault)
        try vault.write(".tmp", "---\ntags: [new]\n---\n# A\nalpha\n")
        try setModificationDate(hourAgo, vault, ".tmp")
        rename(vault.path + "/.tmp", vault.path + "/a.md")
        let result = try expectSameAnswer(vault)
        #expect(result.notes.first { $0.path == "a.md" }?.tags == ["new"])
    }

    @Test func deleteAndRecreate() throws {
        let vault = try makeVault()
        _ = try expectSameAnswer(vault)
        try FileManager.default.removeItem(atPath: vault.path + "/Work/b.md")
        #expect(try expectSameAnswer(vault).notes.count == 2)
        try vault.write("Work/b.md", "---\ntags: [two]\npinned: false\n---\n# B\n")
        try setModificationDate(hourAgo, vault, "Work/b.md")
        let result = try expectSameAnswer(vault)
        #expect(result.notes.first { $0.path == "Work/b.md" }?.pinned == false)
    }

    @Test func changePermissions() throws {
        let vault = try makeVault()
        _ = try expectSameAnswer(vault)
        chmod(vault.path + "/a.md", 0o600)
        #expect(try expectSameAnswer(vault).cacheHits == 2)
    }

    @Test func corruptOrForeignCacheIsIgnored() throws {
        let vault = try makeVault()
        _ = try expectSameAnswer(vault)
        let path = vault.path + "/" + NoteCache.path
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for index in stride(from: 40, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        _ = try expectSameAnswer(vault)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try expectSameAnswer(vault).cacheHits == 0)
    }

    /// The header's write time is not covered by a checksum: one near `Int64.min` made the
    /// racy rule's subtraction trap in every scan. Such a file is not one vault wrote.
    @Test func aWriteTimeBeforeAnyClockIgnoresTheFile() throws {
        let vault = try makeVault()
        _ = try expectSameAnswer(vault)
        let path = vault.path + "/" + NoteCache.path
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let writtenAtOffset = bytes.withUnsafeBytes { raw -> Int in
            var reader = ByteReader(bytes: raw, offset: 0)
            _ = reader.uint()
            _ = reader.string()
            _ = reader.string()
            return reader.offset
        }
        bytes.replaceSubrange(writtenAtOffset..<(writtenAtOffset + 8), with: withUnsafeBytes(of: (Int64.min + 1).littleEndian, Array.init))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try expectSameAnswer(vault).cacheHits == 0)
    }

    /// Damage in the values every command reads is found by the entry's checksum when the
    /// entry is used, and that entry is refused: a date that is not a number (formatting
    /// it used to trap), a string that is not UTF-8, and a title that still reads well.
    /// The answer is the file's.
    @Test(arguments: [
        (Self.bytes(of: 1_704_153_600), Self.bytes(of: .nan), 3),
        (Array("Zebra".utf8), [0xFF] + Array("ebra".utf8), 3),
        (Array("Zebra".utf8), Array("Zebrb".utf8), 3),
    ])
    func damagedCommonValues(found: [UInt8], damage: [UInt8], hits: Int) throws {
        let (vault, path, cached) = try cachedZebra("title: Zebra\ncreated: 2024-01-02T00:00:00Z")
        var bytes = cached
        let at = try #require(Self.firstIndex(of: found, in: bytes))
        bytes.replaceSubrange(at..<(at + found.count), with: damage)
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let result = try expectSameAnswer(vault)

        #expect(result.cacheHits == hits)
        let note = try #require(result.notes.first { $0.path == "z.md" })
        #expect(note.title == "Zebra" && note.created == Date(timeIntervalSince1970: 1_704_153_600))
        var json = JSONWriter()
        NoteJSON.write(note, to: &json)
        #expect(json.output.contains(#""created":"2024-01-0"#))
    }

    /// An entry changed on purpose, with its checksum made to match, does not crash a
    /// command: a title whose length runs past the entry, or an entry too short for its
    /// fields, is read again from the file or refused.
    @Test(arguments: [true, false])
    func forgedEntriesAreReadAgainOrRefused(titleRunsOver: Bool) throws {
        let (vault, path, cached) = try cachedZebra("title: Zebra")
        var bytes = cached
        // The entry: the path (a length byte and "z.md"), its length, the stamp (44 bytes),
        // the checksum, then what it sums.
        let name = [4] + Array("z.md".utf8)
        let at = try #require(Self.firstIndex(of: name, in: bytes)) + name.count
        var length = Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
        let checksumAt = at + 4 + 44
        if titleRunsOver {
            let title = try #require((checksumAt..<(at + 4 + length)).first { bytes[$0..<($0 + 6)].elementsEqual([5] + Array("Zebra".utf8)) })
            bytes[title] = 0x7F
        } else {
            length = 52
            bytes.replaceSubrange(at..<(at + 4), with: withUnsafeBytes(of: UInt32(length).littleEndian, Array.init))
        }
        let summed = bytes[(checksumAt + 8)..<(at + 4 + length)]
        let checksum = Array(summed).withUnsafeBytes(WordChecksum.of)
        bytes.replaceSubrange(checksumAt..<(checksumAt + 8), with: withUnsafeBytes(of: checksum.littleEndian, Array.init))
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let result = try expectSameAnswer(vault)

        let note = try #require(result.notes.first { $0.path == "z.md" })
        #expect(note.title == "Zebra")
        #expect(note.withTitleBytes { String(decoding: $0, as: UTF8.self) } == "Zebra")
    }

    /// A vault with `z.md` (front matter `fields`) cached, the cache file's path and bytes.
    func cachedZebra(_ fields: String) throws -> (TemporaryVault, String, [UInt8]) {
        let vault = try makeVault()
        try vault.write("z.md", "---\n\(fields)\n---\nbody\n")
        try setModificationDate(hourAgo, vault, "z.md")
        _ = try expectSameAnswer(vault)
        let path = vault.path + "/" + NoteCache.path
        return (vault, path, try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func firstIndex(of wanted: [UInt8], in bytes: [UInt8]) -> Int? {
        (0...(bytes.count - wanted.count)).first { bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }
    }

    static func bytes(of seconds: Double) -> [UInt8] { withUnsafeBytes(of: seconds.bitPattern.littleEndian, Array.init) }

    /// A cache damaged where only its bulky values are (checked when a command reads them,
    /// not when it loads) answers as the files do: each such note is read again, and the
    /// cache file is removed so that the next command writes a sound one.
    @Test func damagedBulkyValuesAreReadAgainFromTheFiles() throws {
        let vault = try makeVault()
        try vault.write("d.md", "see [[a]] and [b](Work/b.md)\n- [ ] open task #home\n")
        try setModificationDate(hourAgo, vault, "d.md")
        let (uncached, cachedVault) = vaults(vault)
        let fresh = try uncached.scan().notes
        _ = try cachedVault.scan()
        // The bulky region is the end of the file: fill it with bytes no value starts with.
        let path = vault.path + "/" + NoteCache.path
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let bulky = fresh.reduce(0) { $0 + $1.encodedValues.bulky.count }
        for index in (bytes.count - bulky)..<bytes.count { bytes[index] = 0xFF }
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let session = VaultSession(vault: cachedVault)
        let scan = try session.scan()
        #expect(scan.cacheHits == fresh.count)
        #expect(FileManager.default.fileExists(atPath: path))
        let cached = scan.notes
        func json(_ note: Note) -> String {
            var writer = JSONWriter()
            NoteJSON.write(note, to: &writer)
            return writer.output
        }
        for (a, b) in zip(cached, fresh) {
            #expect(a.snippet == b.snippet && a.links == b.links && json(a) == json(b), "\(a.path)")
            #expect(a.tasks.tasks.map(\.text) == b.tasks.tasks.map(\.text) && a.tasks.problems == b.tasks.problems, "\(a.path)")
            #expect(a.mayLink(toName: Array("a".utf8)) == b.mayLink(toName: Array("a".utf8)), "\(a.path)")
        }
        #expect(fresh.map(\.links.count) == [2, 0, 0, 0])
        let expected = session.tasks(matching: nil, in: fresh, statuses: Set(NoteTask.Status.allCases))
        let found = session.tasks(matching: nil, in: cached, statuses: Set(NoteTask.Status.allCases))
        #expect(found.tasks.map { "\($0.path):\($0.line) \($0.text)" } == expected.tasks.map { "\($0.path):\($0.line) \($0.text)" })
        #expect(found.tasks.count == 4 && found.problems == expected.problems && found.problems.count == 1)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try cachedVault.scan().cacheHits == 0)
        #expect(try cachedVault.scan().cacheHits == fresh.count)
    }

    /// Every field of a note from the cache (whose text stays in the cache's bytes until
    /// asked for) equals the field read from the file.
    @Test func cachedNotesKeepEveryField() throws {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\nid: note-a\ntitle: Ça va\ntags: [één, Work/Alpha, \"#idea\"]\npinned: true\ncreated: 2025-01-31T23:30:00Z\nsortDate: 2024-12-31\n---\n# Heading\nfirst line\nsecond line\n")
        try vault.write("Work/b.md", "---\ntags: work\npinned: maybe\ncreated: not a date\n---\nbody only\n")
        try vault.write("c.md", "---\ntags: [broken\n---\n# C\n")
        try vault.write("d.md", "no front matter at all\n")
        try vault.write("e.md", "---\n---\n")
        for path in ["a.md", "Work/b.md", "c.md", "d.md", "e.md"] { try setModificationDate(hourAgo, vault, path) }
        let (uncached, cachedVault) = vaults(vault)
        let fresh = try uncached.scan().notes
        _ = try cachedVault.scan()
        let cachedScan = try cachedVault.scan()
        #expect(cachedScan.cacheHits == fresh.count)
        let cached = cachedScan.notes
        #expect(cached.map(\.path) == fresh.map(\.path))
        for (a, b) in zip(cached, fresh) {
            #expect(a.id == b.id && a.title == b.title && a.tags == b.tags && a.snippet == b.snippet, "\(a.path)")
            #expect(a.pinned == b.pinned && a.created == b.created && a.modified == b.modified && a.sortDate == b.sortDate, "\(a.path)")
            #expect(a.frontMatterError == b.frontMatterError && a.problems == b.problems, "\(a.path)")
            #expect(a.hasFrontMatter == b.hasFrontMatter && a.stamp == b.stamp, "\(a.path)")
            var tagBytes: [[UInt8]] = []
            a.forEachTag { tagBytes.append(Array($0)) }
            #expect(tagBytes == b.tags.map { Array($0.utf8) })
        }
        #expect(fresh.contains { !$0.problems.isEmpty })
        #expect(fresh.contains { $0.frontMatterError != nil })

        // Queries on tags read a note's tags as bytes: cached notes answer as the files do.
        let context = QueryContext(now: Date(), timeZone: vault.vault.timeZone)
        let expected = [
            "tag:één": ["a.md"], "tag:EEN": [], "#work": ["a.md", "Work/b.md"], "tag:work/ALPHA": ["a.md"],
            "tag:idea": ["a.md"], "is:untagged": ["c.md", "d.md", "e.md"], "NOT tag:work": ["c.md", "d.md", "e.md"],
        ]
        for (text, paths) in expected {
            let evaluator = try Query.parse(text).evaluator(context: context)
            #expect(cached.filter { evaluator.matchesWithoutText($0) == true }.map(\.path).sorted() == paths.sorted(), "\(text)")
            #expect(fresh.filter { evaluator.matchesWithoutText($0) == true }.map(\.path).sorted() == paths.sorted(), "\(text)")
        }

        // Changing one field of a cached note keeps the others, and no other copy changes.
        let original = try #require(cached.first { $0.path == "a.md" })
        var changed = original
        changed.title = "New"
        changed.tags.append("more")
        #expect(changed.title == "New" && changed.tags == ["één", "Work/Alpha", "idea", "more"])
        #expect(changed.id == "note-a" && changed.snippet == original.snippet && changed.pinned)
        #expect(original.title == "Ça va" && original.tags == ["één", "Work/Alpha", "idea"])

        // A cache written from cached notes is the cache written from the files.
        let written = Date().addingTimeInterval(10)
        NoteCache.write(fresh, root: vault.root, timeZone: vault.vault.timeZone, inlineTags: true, startedAt: written)
        let cacheFile = vault.path + "/" + NoteCache.path
        let fromFiles = try #require(FileManager.default.contents(atPath: cacheFile))
        NoteCache.write(cached, root: vault.root, timeZone: vault.vault.timeZone, inlineTags: true, startedAt: written)
        #expect(FileManager.default.contents(atPath: cacheFile) == fromFiles)
    }
}
