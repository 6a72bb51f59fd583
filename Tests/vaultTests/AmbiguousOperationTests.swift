import Foundation
import Testing

/// An operation id given too short to tell two operations apart: the error names them as
/// operations, with their kinds, not as notes (issue 53).
@Suite("ambiguous operation ids")
struct AmbiguousOperationTests {
    /// Gives the history's records, oldest first, the ids `ids` (in their text and their
    /// file names), so that two of them start alike.
    private func renumber(_ vault: TestVault, to ids: [String]) throws {
        let names = try vault.names(in: ".vault/history").filter { $0.hasSuffix(".yaml") }.sorted()
        try #require(names.count == ids.count, "\(names)")
        for (name, id) in zip(names, ids) {
            let path = ".vault/history/" + name
            let text = try vault.text(path)
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("id: ") })
            let old = String(line.dropFirst(4))
            try FileManager.default.removeItem(at: vault.url(path))
            try vault.write(".vault/history/" + name.replacingOccurrences(of: old, with: id),
                            text.replacingOccurrences(of: "id: \(old)\n", with: "id: \(id)\n"))
        }
    }

    @Test func undoOfAnIdTwoOperationsStartWithNamesBothOperations() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("pin", "Groceries", "Ideas").status == 0)
        #expect(try vault.run("tag", "add", "Groceries", "Ideas", "errand").status == 0)
        try renumber(vault, to: ["2a2043b9", "2b5c732a"])
        let before = try vault.snapshot()

        let undo = try vault.run("undo", "2")
        #expect(undo.status == 2, "\(undo)")
        #expect(undo.stdout == "")
        #expect(undo.stderrLines.first == "vault: error: '2' is the start of 2 operation ids: 2a2043b9 (pin), 2b5c732a (tag-add); give more of it (see 'vault history')", "\(undo)")
        #expect(!undo.stderr.contains("notes"), "\(undo)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }
}
