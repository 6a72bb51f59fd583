import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Two machines edit and organise one vault at random (edits, new notes and tasks, tags,
/// pins, moves, renames, deletes, folder renames, restores, undos of any recorded
/// operation, tag merges, an outside editor's rename-saves and in-place appends) and sync
/// in random order (docs/sync.md): after every sync each id names one note; afterwards both
/// are identical, every word written on either side is somewhere in the vault (in its
/// note, a conflict copy, or the trash the note went to), no note holds a conflict marker,
/// every note reads, git's object store is sound, and nothing outside the vaults changed.
///
/// `VAULT_SYNC_ROUNDS` sets the number of rounds of a run (50 for each of the four runs of
/// the plain test, 200 for the whole product; the sanitizer runs take fewer) and
/// `VAULT_SYNC_SEED` replays a run; the seed and rounds are in every failure.
@Suite("vault sync, two machines at random")
struct SyncSimulationTests {
    /// Rounds of each run, when `VAULT_SYNC_ROUNDS` says.
    static let rounds = ProcessInfo.processInfo.environment["VAULT_SYNC_ROUNDS"].flatMap { Int($0) }
    /// `VAULT_SYNC_TRACE=1` prints each round's choice, to follow a replayed run.
    static let traces = ProcessInfo.processInfo.environment["VAULT_SYNC_TRACE"] != nil
    static let seed = ProcessInfo.processInfo.environment["VAULT_SYNC_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64.max)

    /// In four runs of 50 rounds, from seeds one apart: they run at once, where one run of
    /// 200 was the longest wait of the whole suite (the long histories are `make sim`'s, 200
    /// rounds a seed). A failure names its run's seed and rounds, which replay it.
    @Test(arguments: 0..<4)
    func twoClonesEditingOrganisingAndSyncingAtRandomLoseNothing(run: Int) throws {
        try simulate(seed: Self.seed &+ UInt64(run), rounds: Self.rounds ?? 50, outsideEditors: false)
    }

    /// With an outside editor's saves (rename-saves, in-place appends) and tag merges too,
    /// and "one id, one note" checked after every sync. `VAULT_SYNC_WHOLE=1` runs it: CI
    /// runs it on the seeds that found defects (`make sim`); a random seed explores.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["VAULT_SYNC_WHOLE"] != nil))
    func theWholeProductAtRandomLosesNothing() throws {
        try simulate(seed: Self.seed, rounds: Self.rounds ?? 200, outsideEditors: true)
    }

    func simulate(seed: UInt64, rounds: Int, outsideEditors: Bool) throws {
        var random = SplitMix(seed: seed)
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let context = "seed \(seed), \(rounds) rounds\(outsideEditors ? ", whole product" : "") (VAULT_SYNC_SEED and VAULT_SYNC_ROUNDS replay it)"
        // A file beside the vaults that nothing may touch.
        let outside = remote.root.deletingLastPathComponent().appendingPathComponent("outside.txt")
        try Data("untouched\n".utf8).write(to: outside)
        var words: [String] = []
        for round in 0..<rounds {
            let side = Int(random.next() % 2)
            let clone = clones[side]
            let word = "w\(round)c\(side)"
            let notes = try Self.notes(in: clone)
            let note = notes.isEmpty ? nil : notes[Int(random.next() % UInt64(notes.count))]
            let name = note.map { String($0.dropLast(3)) } ?? ""
            // Without outside editors and tag merges, 13 is a sync, as it always was.
            var choice = random.next() % (outsideEditors ? 17 : 14)
            if !outsideEditors, choice == 13 { choice = 16 }
            if Self.traces { print("round \(round): clone \(side), case \(choice), \(note ?? "-")") }
            switch (choice, note) {
            case (0...2, let note?):
                // A line written into the body, anywhere after the front matter.
                var lines = try clone.text(note).components(separatedBy: "\n")
                let bodyStart = lines.first == "---" ? (lines.dropFirst().firstIndex(of: "---") ?? 0) + 1 : 0
                lines.insert(word, at: bodyStart + Int(random.next() % UInt64(lines.count - bodyStart + 1)))
                try clone.write(note, lines.joined(separator: "\n"))
                words.append(word)
            case (3, _), (_, nil):
                let folder = ["", "Work", "Home"][Int(random.next() % 3)]
                let result = try clone.run(arguments: ["new", "Note \(word)"] + (folder.isEmpty ? [] : ["-f", folder]), stdin: Data((word + "\n").utf8))
                #expect(result.status == 0, "\(context): \(result)")
                words.append(word)
            case (4, _):
                let result = try clone.run("tag", "add", name, "#t" + word)
                #expect(result.status == 0, "\(context): \(result)")
                words.append("t" + word)
            case (5, _):
                let result = try clone.run(random.next() % 2 == 0 ? "pin" : "unpin", name)
                #expect(result.status == 0, "\(context): \(result)")
            case (6, _):
                // Folders live in git only while they hold a note: moves go to those there are.
                let targets = ["/"] + Set(notes.compactMap { $0.split(separator: "/").count > 1 ? String($0.prefix { $0 != "/" }) : nil }).sorted()
                let result = try clone.run("mv", name, targets[Int(random.next() % UInt64(targets.count))])
                // Syncs may bring a note of the same name into the folder: then mv refuses.
                #expect(result.status == 0 || result.stderr.hasSuffix("already exists; nothing was overwritten\n"), "\(context): \(result)")
            case (7, _):
                let result = try clone.run("rename", name, "Renamed \(word)")
                #expect(result.status == 0, "\(context): \(result)")
            case (8, _) where notes.count > 3:
                let result = try clone.run("rm", name)
                #expect(result.status == 0, "\(context): \(result)")
            case (9, _) where try !Self.folders(in: clone).isEmpty:
                let folders = try Self.folders(in: clone)
                let folder = folders[Int(random.next() % UInt64(folders.count))]
                let free = ["Work", "Home", "Archive", "Ideas"].filter { !folders.contains($0) }
                guard !free.isEmpty else { break }
                let result = try clone.run("folder", "rename", folder, free[Int(random.next() % UInt64(free.count))])
                #expect(result.status == 0 || result.stderr.contains("already exists"), "\(context): \(result)")
            case (10, _):
                let trashed = try Self.files(in: clone).keys.filter { $0.hasPrefix(".trash/") && $0.hasSuffix(".md") }.sorted()
                guard !trashed.isEmpty else { break }
                let result = try clone.run("trash", "restore", trashed[Int(random.next() % UInt64(trashed.count))])
                #expect(result.status == 0, "\(context): \(result)")
            case (11, _):
                let history = try clone.run("history", "--format", "json")
                let entries = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
                guard !entries.isEmpty else { break }
                let entry = entries[Int(random.next() % UInt64(entries.count))]
                let result = try clone.run("undo", entry["id"] as? String ?? "")
                // Files changed since are left alone (1); an operation undone already is refused
                // (2), and so is a split of a merge split already, and a split itself (it is
                // undone by merging again); a split says which notes it could not find (2).
                #expect(result.status == 0 || result.status == 1 || result.stderr.contains(" was undone by ") || result.stderr.contains(" was already split by ")
                        || result.stderr.contains(" is gone since the merge; not restored") || result.stderr.contains("a split is not undone"),
                        "\(context): \(result)")
            case (12, _):
                let result = try clone.run("task", "add", "task", word)
                #expect(result.status == 0, "\(context): \(result)")
                words.append(word)
            case (13, let note?):
                // An editor that saves by writing a new file and renaming it over the note.
                let text = try clone.text(note) + "\n" + word + "\n"
                let swap = clone.url(note).deletingLastPathComponent().appendingPathComponent(".\(word).swp")
                try Data(text.utf8).write(to: swap)
                _ = rename(swap.path, clone.url(note).path)
                words.append(word)
            case (14, let note?):
                // A shell's `>>`: the same file, written in place.
                let handle = try FileHandle(forWritingTo: clone.url(note))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("\n\(word)\n".utf8))
                try handle.close()
                words.append(word)
            case (15, _):
                let tags = Set(try Self.files(in: clone).filter { $0.key.hasSuffix(".md") && !$0.key.hasPrefix(".") }.values.flatMap { text in
                    text.split(separator: "\n").filter { $0.hasPrefix("tags: [") }.flatMap { $0.dropFirst(7).dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
                }).filter { !$0.isEmpty && !words.contains($0) }.sorted()
                guard let tag = tags.isEmpty ? nil : tags[Int(random.next() % UInt64(tags.count))] else { break }
                let result = try clone.run("tag", "merge", tag, "--into", "m" + word)
                #expect(result.status == 0, "\(context): \(result)")
            default:
                let result = try SyncTests.sync(clone, [])
                #expect(result.status == 0 || result.status == 1, "\(context): round \(round): \(result)")
                if outsideEditors {
                    let ids = try Self.ids(in: clone)
                    #expect(ids.filter { $0.value.count > 1 }.isEmpty, "\(context): round \(round): one id, two notes: \(ids.filter { $0.value.count > 1 })")
                }
            }
        }
        // Everyone syncs until nothing moves.
        for _ in 0..<3 {
            for clone in clones {
                let result = try SyncTests.sync(clone, [])
                #expect(result.status == 0 || result.status == 1, "\(context): \(result)")
            }
        }
        let heads = try clones.map { try SyncTests.git("rev-parse", "HEAD", in: $0.root).stdout }
        #expect(heads[0] == heads[1], "\(context)")
        let files = try clones.map { try Self.files(in: $0) }
        #expect(files[0] == files[1], "\(context): the clones differ")
        let everything = files[0].filter { $0.key.hasSuffix(".md") }.values.joined(separator: "\n")
        let missing = words.filter { !everything.contains($0) }
        #expect(missing.isEmpty, "\(context): lost \(missing)")
        for (path, text) in files[0] where path.hasSuffix(".md") {
            let markers = text.split(separator: "\n").filter { $0.hasPrefix("<<<<<<<") || $0.hasPrefix(">>>>>>>") || $0 == "=======" }
            #expect(markers.isEmpty, "\(context): \(path) holds conflict markers")
        }
        let check = try clones[0].run("check")
        #expect(!check.stdout.contains("front matter") && !check.stderr.contains("error:"), "\(context): \(check)")
        #expect(try SyncTests.git("fsck", "--no-progress", in: clones[0].root).status == 0)
        #expect(try SyncTests.git("status", "--porcelain", in: clones[0].root).stdout == "", "\(context)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "untouched\n", "\(context)")
        if outsideEditors {
            let ids = try Self.ids(in: clones[0])
            #expect(ids.filter { $0.value.count > 1 }.isEmpty, "\(context): one id, two notes: \(ids.filter { $0.value.count > 1 })")
        }
    }

    /// The notes of a clone (outside hidden folders) by the id in their front matter.
    static func ids(in clone: TestVault) throws -> [String: [String]] {
        var ids: [String: [String]] = [:]
        for (path, text) in try files(in: clone) where path.hasSuffix(".md") && !path.hasPrefix(".") {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { continue }
            if let line = lines[1..<end].first(where: { $0.hasPrefix("id: ") }) { ids[String(line.dropFirst(4)), default: []].append(path) }
        }
        return ids
    }

    /// The folders of a clone (top-level directories that are not hidden).
    static func folders(in clone: TestVault) throws -> [String] {
        try clone.names().filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: clone.url(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// The notes of a clone, as paths relative to it, outside hidden folders.
    static func notes(in clone: TestVault) throws -> [String] {
        try files(in: clone).keys.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
    }

    /// Every file of a clone but git's own and the cache, by path.
    static func files(in clone: TestVault) throws -> [String: String] {
        var found: [String: String] = [:]
        let root = clone.root.standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(atPath: root) else { return found }
        while let path = walk.nextObject() as? String {
            if path == ".git" || path == ".vault/cache" || path == ".vault/tmp" { walk.skipDescendants(); continue }
            if path == ".vault/lock" { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[path] = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            }
        }
        return found
    }
}

/// A small seeded generator, so that a failing run can be replayed.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
