import Foundation
import Testing
@testable import VaultKit

@Suite struct NoteResolverTests {
    @Test func resolvesByPathTitleAndIDPrefix() throws {
        let vault = try TemporaryVault()
        try vault.write("Work/Plan.md", "---\nid: 7f3c2a9e-aaaa\n---\n# The Plan\n")
        try vault.write("Home/Plan.md", "---\nid: 1234abcd-bbbb\n---\n# Other\n")
        let resolver = NoteResolver(notes: try vault.vault.scan().notes, root: vault.root)
        #expect(try resolver.resolve("Work/Plan").path == "Work/Plan.md")
        #expect(try resolver.resolve("Work/Plan.md").path == "Work/Plan.md")
        #expect(try resolver.resolve("the plan").path == "Work/Plan.md")
        #expect(try resolver.resolve("7f3c").path == "Work/Plan.md")
        #expect(try resolver.resolve(vault.path + "/Home/Plan.md").path == "Home/Plan.md")
        #expect(throws: VaultError.noteNotFound("7f3")) { try resolver.resolve("7f3") }
        #expect(throws: VaultError.outsideVault("../Work/Plan")) { try resolver.resolve("../Work/Plan") }
        #expect(throws: VaultError.outsideVault("/etc/passwd")) { try resolver.resolve("/etc/passwd") }
    }

    @Test func ambiguousNamesListTheCandidates() throws {
        let vault = try TemporaryVault()
        try vault.write("A/x.md", "# Same\n")
        try vault.write("B/y.md", "# Same\n")
        let resolver = NoteResolver(notes: try vault.vault.scan().notes, root: vault.root)
        #expect(throws: VaultError.ambiguousNote("same", candidates: ["A/x.md", "B/y.md"])) { try resolver.resolve("same") }
    }
}
