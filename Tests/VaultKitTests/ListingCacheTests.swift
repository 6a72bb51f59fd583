import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

/// Directory listings reused from the last walk must list what reading the directories
/// lists: a directory is reused only while its stamp is unchanged and its record checks out.
@Suite struct ListingCacheTests {
    /// Ten seconds from now: the directories the test made are then safely older.
    let later = Date().addingTimeInterval(10)

    /// A vault of notes in the root, a folder, a subfolder and a second folder, and an
    /// attachment that is not a note. Every directory's modification time is an hour ago,
    /// so that any entry added later changes it, however coarse the clock.
    func makeVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        for path in ["Inbox.md", "Work/Plan.md", "Work/Admin/Taxes.md", "Work/Admin/Rent.md", "Personal/Garden.md"] {
            try vault.write(path, "# \(path)\n")
        }
        try vault.write("Personal/photo.png", "not a note")
        try backdate(vault, ["", "Work", "Work/Admin", "Personal"])
        return vault
    }

    func backdate(_ vault: TemporaryVault, _ directories: [String]) throws {
        for directory in directories {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: vault.path + "/" + directory)
        }
    }

    func walk(_ vault: TemporaryVault, reusing cache: ListingCache? = nil) throws -> DirectoryWalk {
        guard let cache else { return try DirectoryWalk(root: vault.root.descriptor) }
        return try DirectoryWalk(root: vault.root.descriptor, reuse: { directory, stamp in cache.listing(of: directory, stamp: stamp) })
    }

    /// What a walk found, to compare walks.
    func summary(_ walk: DirectoryWalk) -> [String] {
        var files: [String] = []
        walk.files.forEach(at: walk.files.indices) { _, path, directory, nameStart in files.append("\(path) \(directory) \(nameStart)") }
        return files + walk.directories
            + walk.skipped.map { "skipped \($0.path)" } + walk.temporaries
    }

    /// The cache after a walk that began ten seconds from now.
    func saved(_ vault: TemporaryVault) throws -> ListingCache {
        try #require(ListingCache.open(root: vault.root, listedAt: later)).update(from: try walk(vault))
        return try #require(ListingCache.open(root: vault.root))
    }

    var cacheFile: (TemporaryVault) -> String { { $0.path + "/" + ListingCache.path } }

    @Test func unchangedDirectoriesAreListedFromTheCache() throws {
        let vault = try makeVault()
        let cache = try saved(vault)
        let reused = try walk(vault, reusing: cache)
        #expect(summary(reused) == summary(try walk(vault)))
        #expect(reused.files.sorted() == ["Inbox.md", "Personal/Garden.md", "Work/Admin/Rent.md", "Work/Admin/Taxes.md", "Work/Plan.md"])
        #expect(reused.listings.map(\.directory) == ["", "Personal", "Work", "Work/Admin"])
        #expect(reused.listings.allSatisfy { !$0.isFresh })
    }

    @Test func aDirectoryWhoseEntriesChangedIsReadAgain() throws {
        let vault = try makeVault()
        let cache = try saved(vault)
        try vault.write("Work/Admin/Insurance.md", "# Insurance\n")
        try FileManager.default.removeItem(atPath: vault.path + "/Personal/Garden.md")
        try FileManager.default.moveItem(atPath: vault.path + "/Inbox.md", toPath: vault.path + "/Later.md")
        let reused = try walk(vault, reusing: cache)
        #expect(summary(reused) == summary(try walk(vault)))
        #expect(reused.files.contains("Work/Admin/Insurance.md") && reused.files.contains("Later.md"))
        #expect(!reused.files.contains("Personal/Garden.md") && !reused.files.contains("Inbox.md"))
        #expect(reused.listings.filter(\.isFresh).map(\.directory) == ["", "Personal", "Work/Admin"])
    }

    @Test func aFolderReplacedByAnotherIsReadAgain() throws {
        let vault = try makeVault()
        let cache = try saved(vault)
        // The same name, the same modification time: another inode.
        try FileManager.default.moveItem(atPath: vault.path + "/Personal", toPath: vault.path + "/Old")
        try vault.write("Personal/Bees.md", "# Bees\n")
        try backdate(vault, ["", "Personal"])
        let reused = try walk(vault, reusing: cache)
        #expect(summary(reused) == summary(try walk(vault)))
        #expect(reused.files.contains("Personal/Bees.md") && reused.files.contains("Old/Garden.md"))
    }

    /// Another folder where this one was, however alike its times: its listing is read.
    @Test func onlyTheSameStampIsReused() throws {
        let vault = try makeVault()
        let cache = try saved(vault)
        let stamp = try #require(Syscalls.status("Work", in: vault.root.descriptor)).stamp
        #expect(cache.listing(of: "Work", stamp: stamp)?.files == ["Work/Plan.md"])
        var other = stamp
        other.inode += 1
        #expect(cache.listing(of: "Work", stamp: other) == nil)
        other = stamp
        other.ctimeNanoseconds = (stamp.ctimeNanoseconds + 1) % 1_000_000_000
        #expect(cache.listing(of: "Work", stamp: other) == nil)
        #expect(cache.listing(of: "Personal", stamp: stamp) == nil)
        cache.close()
        #expect(cache.listing(of: "Work", stamp: stamp) == nil)
    }

    /// A folder or note dated past 2262, when nanoseconds since 1970 no longer fit in 64
    /// bits, is read as any other, and never taken as safely old.
    @Test func farFutureTimesAreNeitherKeptNorATrap() throws {
        let vault = try makeVault()
        let year2300 = Date(timeIntervalSince1970: 10_413_792_000)
        for path in ["Work", "Work/Plan.md"] {
            try FileManager.default.setAttributes([.modificationDate: year2300], ofItemAtPath: vault.path + "/" + path)
        }
        let listings = try walk(vault).listings
        let work = try #require(listings.first { $0.directory == "Work" })
        #expect(work.stamp.lastChangeNanoseconds == .max)
        #expect(!ListingCache.keeps(work.stamp, listedAt: later))
        var cached = vault.vault
        cached.now = { self.later }
        #expect(try cached.scan().notes.map(\.path).sorted() == ["Inbox.md", "Personal/Garden.md", "Work/Admin/Rent.md", "Work/Admin/Taxes.md", "Work/Plan.md"])
        #expect(try cached.scan().notes.count == 5)
    }

    @Test func recentlyChangedDirectoriesAreNotKept() throws {
        let vault = try makeVault()
        // Listed now: every directory changed within the racy window (setting a time is a
        // change), when an entry added in the same clock tick could leave its stamp as it was.
        try #require(ListingCache.open(root: vault.root)).update(from: try walk(vault))
        #expect(!FileManager.default.fileExists(atPath: cacheFile(vault)))
    }

    /// The racy rule's edge, on the later of the modification and change times.
    @Test(arguments: [(-2.5, -3.0, true), (-1.5, -3.0, false), (-3.0, -1.5, false), (-2.5, -2.5, true), (-2.0, -3.0, false)])
    func aListingIsKeptOnlyWhenSafelyOlderThanTheWalk(modified: Double, changed: Double, kept: Bool) {
        let listedAt = Date(timeIntervalSince1970: 1_800_000_000)
        func time(_ offset: Double) -> (Int64, Int64) {
            let nanoseconds = Int64((listedAt.timeIntervalSince1970 + offset) * 1e9)
            return (nanoseconds / 1_000_000_000, nanoseconds % 1_000_000_000)
        }
        let (mtime, mtimeNanoseconds) = time(modified), (ctime, ctimeNanoseconds) = time(changed)
        let stamp = FileStamp(size: 4096, inode: 7, mtimeSeconds: mtime, mtimeNanoseconds: mtimeNanoseconds,
                              ctimeSeconds: ctime, ctimeNanoseconds: ctimeNanoseconds, mode: 0o40755)
        #expect(ListingCache.keeps(stamp, listedAt: listedAt) == kept)
    }

    @Test func directoriesWithSkippedEntriesAreReadEachTime() throws {
        let vault = try makeVault()
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Personal/Elsewhere.md", withDestinationPath: "/etc/hostname")
        try backdate(vault, ["Personal"])
        let listings = try walk(vault).listings
        #expect(listings.map(\.directory) == ["", "Work", "Work/Admin"])
        let reused = try walk(vault, reusing: try saved(vault))
        #expect(summary(reused) == summary(try walk(vault)))
        #expect(reused.skipped.map(\.path) == ["Personal/Elsewhere.md"])
    }

    @Test func aDamagedRecordIsReadAgain() throws {
        let vault = try makeVault()
        _ = try saved(vault)
        let file = vault.path + "/" + ListingCache.path
        var bytes = try #require(FileManager.default.contents(atPath: file))
        // "Taxes" becomes "Taxis": the record still decodes, its checksum does not match.
        let at = try #require(bytes.firstRange(of: Data("Taxes".utf8))).lowerBound + 3
        bytes[at] = UInt8(ascii: "i")
        try bytes.write(to: URL(fileURLWithPath: file))
        let cache = try #require(ListingCache.open(root: vault.root))
        let reused = try walk(vault, reusing: cache)
        #expect(summary(reused) == summary(try walk(vault)))
        #expect(reused.listings.filter(\.isFresh).map(\.directory) == ["Work/Admin"])
        // A file cut short is no cache at all.
        try bytes.prefix(bytes.count - 3).write(to: URL(fileURLWithPath: file))
        let shortened = try #require(ListingCache.open(root: vault.root))
        #expect(try walk(vault, reusing: shortened).listings.allSatisfy(\.isFresh))
    }

    /// What a power cut may leave of the file, which is not flushed before its rename
    /// (`AtomicFile.Durability.checked`): no bytes, the first part, zeros for the last
    /// part. The walk then lists what reading the directories lists.
    @Test(arguments: ["empty", "half", "zeros"])
    func aFileAPowerCutLeftIsNotTrusted(damage: String) throws {
        let vault = try makeVault()
        _ = try saved(vault)
        var bytes = try [UInt8](#require(FileManager.default.contents(atPath: cacheFile(vault))))
        switch damage {
        case "empty": bytes = []
        case "half": bytes.removeLast(bytes.count / 2)
        default: for index in bytes.count / 2..<bytes.count { bytes[index] = 0 }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: cacheFile(vault)))
        let reused = try walk(vault, reusing: ListingCache.open(root: vault.root))
        #expect(summary(reused) == summary(try walk(vault)))
        #expect(reused.listings.contains { $0.isFresh })
    }

    /// Records that check out but name what the walk would never list (their checksum is
    /// not a secret) are refused: a note outside its directory, a hidden one, one that is
    /// not Markdown, a subdirectory `..`. Names are checked eight bytes at a time, so a
    /// `/` or NUL is tried in the first word, a later one and the bytes after the last.
    @Test(arguments: [
        (["Work/../Inbox.md"], []), (["Inbox.md"], []), (["Work/Admin/Taxes.md"], []), (["Work/.hidden.md"], []),
        (["Work/photo.png"], []), (["Work/"], []), (["Work/Pl\u{0}an.md"], []), ([], [".."]), ([], ["Admin/Deeper"]), ([], [""]),
        ([], ["Admin", "Admin"]), ([], ["Zoo", "Admin"]),
        (["Work/A long plan/for the year.md"], []), (["Work/A long plan for the year\u{0}.md"], []), (["Work/Plans of the year.m/d.md"], []),
        ([], ["Admin and more/x"]), ([], ["Admin and more\u{0}"]),
    ] as [([String], [String])])
    func forgedRecordsAreRefused(files: [String], subdirectories: [String]) throws {
        let vault = try makeVault()
        let stamp = try #require(Syscalls.status("Work", in: vault.root.descriptor)).stamp
        func save(files: [String], subdirectories: [String]) throws -> ListingCache {
            var forged = try walk(vault)
            forged.files = WalkFiles(files)
            forged.listings = [DirectoryWalk.Listed(directory: "Work", stamp: stamp, files: 0..<files.count, subdirectories: subdirectories, isFresh: true)]
            try #require(ListingCache.open(root: vault.root, listedAt: later)).update(from: forged)
            return try #require(ListingCache.open(root: vault.root))
        }
        #expect(try save(files: files, subdirectories: subdirectories).listing(of: "Work", stamp: stamp) == nil)
        let honest = try save(files: ["Work/Plan.md"], subdirectories: ["Admin"]).listing(of: "Work", stamp: stamp)
        #expect(honest == DirectoryListing(files: ["Work/Plan.md"], subdirectories: ["Admin"]))
    }

    @Test func nothingIsWrittenWhenEveryListingCameFromTheCache() throws {
        let vault = try makeVault()
        _ = try saved(vault)
        let cache = try #require(ListingCache.open(root: vault.root, listedAt: later))
        try FileManager.default.removeItem(atPath: cacheFile(vault))
        cache.update(from: try walk(vault, reusing: cache))
        #expect(!FileManager.default.fileExists(atPath: cacheFile(vault)))
    }
}
