import Foundation
import Testing
@testable import VaultKit

@Suite struct RelocationTests {
    /// A note that went away between the scan and the move cannot move: the links that were
    /// rewritten for it are set back, those for the notes that did move stay.
    @Test func linksRewrittenForAMoveThatFailedLeadWhereTheFileIs() throws {
        let vault = try TemporaryVault()
        // Written `./` so that they are paths: a bare name would still find the moved note.
        try vault.write("A.md", "# A\n\n[b](./B.md) and [c](./C.md)\n")
        try vault.write("B.md", "# B\n")
        try vault.write("C.md", "# C\n")
        try vault.write("Work/W.md", "# W\n")
        let notes = try VaultSession(vault: vault.vault).scan().notes
        try FileManager.default.removeItem(atPath: vault.path + "/C.md")
        let moving = notes.filter { $0.path == "B.md" || $0.path == "C.md" }
        let report = try Relocation(vault: vault.vault, notes: notes).move(moving, to: "Work")
        #expect(report.moves == [LinkRewriter.Move(from: "B.md", to: "Work/B.md")])
        #expect(report.failed.count == 1)
        #expect(vault.read("A.md") == "# A\n\n[b](./Work/B.md) and [c](./C.md)\n")
        #expect(report.links.map(\.after) == ["./Work/B.md"])
    }
}
