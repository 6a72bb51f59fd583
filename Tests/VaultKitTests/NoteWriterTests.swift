import Foundation
import Testing
@testable import VaultKit

@Suite struct NoteWriterTests {
    @Test func keepsPermissionsAndMovesTheModificationTimeTwoSeconds() throws {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\npinned: false\n---\nbody\n")
        let path = vault.path + "/a.md"
        chmod(path, 0o600)
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let outcome = try vault.vault.writer.update("a.md") { try $0.set("pinned", to: .bool(true)) }
        #expect(outcome == .written)
        #expect(vault.read("a.md") == "---\npinned: true\n---\nbody\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // Two seconds on, so that an editor holding the note open sees the write.
        #expect(attributes[.modificationDate] as? Date == old.addingTimeInterval(2))
    }

    @Test func writesNothingWhenNothingChanges() throws {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\npinned: true\n---\n")
        let outcome = try vault.vault.writer.update("a.md") { try $0.set("pinned", to: .bool(true)) }
        #expect(outcome == .unchanged)
    }

    @Test func reappliesTheEditToAChangeSavedMeanwhile() throws {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\ntags: [a]\n---\nfirst\n")
        var writer = vault.vault.writer
        let saved = Counter()
        let directory = vault.path
        writer.afterRead = { path in
            // An editor saves the note between our read and our rename, once.
            if saved.next() == 0 {
                try? Data("---\ntags: [a]\n---\nedited by hand\n".utf8).write(to: URL(fileURLWithPath: directory + "/" + path))
            }
        }
        try writer.update("a.md") { try $0.updateTags(removing: [], adding: ["b"]) }
        #expect(vault.read("a.md") == "---\ntags: [a, b]\n---\nedited by hand\n")
        #expect(saved.value == 2)
    }

    @Test func givesUpOnANoteThatKeepsChanging() throws {
        let vault = try TemporaryVault()
        try vault.write("a.md", "---\ntags: [a]\n---\n")
        var writer = vault.vault.writer
        let directory = vault.path
        let counter = Counter()
        writer.afterRead = { path in
            let text = "---\ntags: [a]\n---\nedit \(counter.next())\n"
            try? Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + path))
        }
        #expect(throws: VaultError.conflict(path: "a.md")) {
            try writer.update("a.md") { try $0.updateTags(removing: [], adding: ["b"]) }
        }
        #expect(vault.read("a.md") == "---\ntags: [a]\n---\nedit 2\n")
    }

    @Test func refusesToRewriteBrokenFrontMatter() throws {
        let vault = try TemporaryVault()
        let text = "---\ntags: [a\n---\nbody\n"
        try vault.write("Work/b.md", text)
        #expect(throws: VaultError.self) {
            try vault.vault.writer.update("Work/b.md") { try $0.set("pinned", to: .bool(true)) }
        }
        #expect(vault.read("Work/b.md") == text)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: vault.path + "/Work")
        #expect(leftovers == ["b.md"])
    }
}

/// A thread-safe counter for hooks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func next() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }
}
