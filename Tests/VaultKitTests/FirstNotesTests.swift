import Foundation
import Testing
@testable import VaultKit
import VaultPlatform

/// A scan for the first notes in list order (`vault list --limit N`) may leave out cached
/// notes, but never one of the first N: what it keeps always holds them.
@Suite struct FirstNotesTests {
    /// Forty notes over ten days, four a day (the same `modified`: their keys are equal and
    /// titles decide), two of them pinned, in two folders, all an hour old on disk.
    func makeVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        for number in 0..<40 {
            let folder = number % 3 == 0 ? "Work/" : number % 3 == 1 ? "Home/" : ""
            let pinned = number == 17 || number == 33 ? "pinned: true\n" : ""
            let day = 10 + number % 10
            try vault.write("\(folder)n\(number).md", "---\nmodified: 2025-03-\(day)T08:00:00Z\n\(pinned)---\n# Note \(39 - number)\n")
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)],
                                                  ofItemAtPath: vault.path + "/\(folder)n\(number).md")
        }
        return vault
    }

    /// The vault with its cache written ten seconds from now, so the racy rule trusts it.
    func cachedVault(_ vault: TemporaryVault) throws -> Vault {
        var cached = vault.vault
        cached.now = { Date().addingTimeInterval(10) }
        _ = try cached.scan(countingNotes: false)
        return cached
    }

    func first(_ count: Int, of notes: [Note]) -> [String] {
        VaultIndex.first(count, of: notes).map(\.path)
    }

    @Test(arguments: [0, 1, 3, 4, 5, 10, 39, 40, 100, Int.max])
    func theFirstNotesAreAlwaysKept(count: Int) throws {
        let vault = try makeVault()
        let cached = try cachedVault(vault)
        var uncached = vault.vault
        uncached.usesCache = false
        let every = try uncached.scan().notes

        let result = try cached.scan(countingNotes: false, keepingFirst: count)

        #expect(first(count, of: result.notes) == first(count, of: every))
        #expect(result.notes.count + result.leftOut == 40)
        #expect(result.cacheHits == 40)
        // None can be among none; with forty or more wanted, every note can be.
        if count == 0 { #expect(result.leftOut == 40) }
        if count >= 40 { #expect(result.leftOut == 0) }
    }

    @Test func aNoteEditedSinceIsKeptWhereItNowBelongs() throws {
        let vault = try makeVault()
        let cached = try cachedVault(vault)
        // Edited a moment ago: read from its file, not its cache entry, and first now.
        try vault.write("Home/n4.md", "---\nmodified: 2026-01-01T08:00:00Z\n---\n# Newest\n")

        let result = try cached.scan(countingNotes: false, keepingFirst: 3)

        // The pinned notes, newest first, then the edited one.
        #expect(first(3, of: result.notes) == ["n17.md", "Work/n33.md", "Home/n4.md"])
        var uncached = vault.vault
        uncached.usesCache = false
        #expect(first(3, of: result.notes) == first(3, of: try uncached.scan().notes))
    }

    /// Notes whose keys are equal are put in order by their titles and paths, which only
    /// a note made can give: every one of them is kept.
    @Test func notesWithEqualKeysAreAllKept() throws {
        let vault = try TemporaryVault()
        for number in 0..<30 {
            try vault.write("t\(number).md", "---\nmodified: 2025-03-10T08:00:00Z\n---\n# Title \((number * 7) % 30)\n")
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: vault.path + "/t\(number).md")
        }
        let cached = try cachedVault(vault)
        var uncached = vault.vault
        uncached.usesCache = false

        let result = try cached.scan(countingNotes: false, keepingFirst: 1)

        #expect(result.notes.count == 30 && result.leftOut == 0)
        #expect(first(1, of: result.notes) == ["t0.md"])
        // Titles in text order: "Title 0", "Title 1", "Title 10".
        #expect(first(3, of: try uncached.scan().notes) == ["t0.md", "t13.md", "t10.md"])
    }

    /// A filter decides on notes, and counts are of every note: either makes them all.
    @Test func scansWithAFilterOrCountsKeepEveryNote() throws {
        let vault = try makeVault()
        let cached = try cachedVault(vault)
        let filter = ScanFilter(decide: { _ in true }, matches: { _, _ in true })

        #expect(try cached.scan(filter: filter, countingNotes: false, keepingFirst: 2).notes.count == 40)
        #expect(try cached.scan(countingNotes: true, keepingFirst: 2).notes.count == 40)
        #expect(try cached.scan(countingNotes: false, keepingFirst: 0).leftOut == 40)
    }

    /// A cache that has to be written again is written from every note, so the scan that
    /// writes it makes them all; the next one leaves notes out again.
    @Test func aStaleCacheIsWrittenFromEveryNote() throws {
        let vault = try makeVault()
        let cached = try cachedVault(vault)
        try vault.write("New.md", "# New\n")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: vault.path + "/New.md")

        let rewriting = try cached.scan(countingNotes: false, keepingFirst: 2)

        #expect(rewriting.leftOut == 0 && rewriting.notes.count == 41)
        let none = try cached.scan(countingNotes: false, keepingFirst: 0)
        #expect(none.cacheHits == 41 && none.leftOut == 41)
        #expect(first(2, of: try cached.scan(countingNotes: false, keepingFirst: 2).notes) == first(2, of: rewriting.notes))
    }

    @Test func theBoundIsTheCountthBestAndOnlyLowered() {
        let first = FirstNotes(count: 2)
        #expect(first.mayKeep(ListOrderKey(value: 900)))
        first.add(ListOrderKey(value: 70))
        #expect(first.mayKeep(ListOrderKey(value: 900)))
        first.add(ListOrderKey(value: 50))
        #expect(first.mayKeep(ListOrderKey(value: 70)) && !first.mayKeep(ListOrderKey(value: 71)))
        first.add(ListOrderKey(value: 60))
        #expect(first.mayKeep(ListOrderKey(value: 60)) && !first.mayKeep(ListOrderKey(value: 61)))
        first.add(ListOrderKey(value: 80))
        #expect(!first.mayKeep(ListOrderKey(value: 61)))
        #expect(!FirstNotes(count: 0).mayKeep(ListOrderKey(value: 0)))
        let shared = SharedMinimum()
        shared.lower(to: 60)
        shared.lower(to: 80)
        #expect(shared.current == 60)
    }
}
