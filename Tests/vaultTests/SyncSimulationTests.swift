import Foundation
import Testing

/// Two machines edit and organise one vault at random (edits, new notes and tasks, tags,
/// pins, moves, renames, deletes, folder renames, restores, undos of any recorded
/// operation) and sync in random order (DESIGN 14):
/// afterwards both are identical, every word written on either side is somewhere in the
/// vault (in its note, a conflict copy, or the trash the note went to), no note holds a
/// conflict marker, every note reads, and git's object store is sound.
///
/// `VAULT_SYNC_ROUNDS` sets the number of rounds (200; the sanitizer runs take fewer) and
/// `VAULT_SYNC_SEED` replays a run; the seed is in every failure.
@Suite("vault sync, two machines at random")
struct SyncSimulationTests {
    static let rounds = ProcessInfo.processInfo.environment["VAULT_SYNC_ROUNDS"].flatMap { Int($0) } ?? 200
    static let seed = ProcessInfo.processInfo.environment["VAULT_SYNC_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64.max)

    @Test func twoClonesEditingOrganisingAndSyncingAtRandomLoseNothing() throws {
        var random = SplitMix(seed: Self.seed)
        let (remote, clones) = try SyncTests.clones(2)
        defer { withExtendedLifetime(remote) {} }
        let context = "seed \(Self.seed) (VAULT_SYNC_SEED replays it)"
        var words: [String] = []
        for round in 0..<Self.rounds {
            let side = Int(random.next() % 2)
            let clone = clones[side]
            let word = "w\(round)c\(side)"
            let notes = try Self.notes(in: clone)
            let note = notes.isEmpty ? nil : notes[Int(random.next() % UInt64(notes.count))]
            let name = note.map { String($0.dropLast(3)) } ?? ""
            switch (random.next() % 14, note) {
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
                // Files changed since are left alone (1); an operation undone already is refused (2).
                #expect(result.status == 0 || result.status == 1 || result.stderr.contains(" was undone by "), "\(context): \(result)")
            case (12, _):
                let result = try clone.run("task", "add", "task", word)
                #expect(result.status == 0, "\(context): \(result)")
                words.append(word)
            default:
                let result = try SyncTests.sync(clone, [])
                #expect(result.status == 0 || result.status == 1, "\(context): round \(round): \(result)")
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
