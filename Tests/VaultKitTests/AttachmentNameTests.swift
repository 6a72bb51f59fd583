import Foundation
import Testing
@testable import VaultKit

/// The names files are attached under (from `vault attach` or a file dropped on a page).
@Suite struct AttachmentNameTests {
    @Test(arguments: ["x.md\u{0}.png", "x.md\u{0}", "photo\u{85}.png", "line\nbreak.png", "tab\t.png", "x.MD", "a/b.md", "x.md/"])
    func namesWithControlCharactersOrThatWouldBeNotesAreRefused(_ name: String) throws {
        let vault = try TemporaryVault()
        #expect(throws: VaultError.self) { try Attachments(vault: vault.vault).add([1, 2, 3], named: name) }
        #expect(!FileManager.default.fileExists(atPath: vault.path + "/attachments/x.md"))
        let made = (try? FileManager.default.contentsOfDirectory(atPath: vault.path + "/attachments")) ?? []
        #expect(made.isEmpty, "\(made)")
    }

    @Test func anOrdinaryNameIsKept() throws {
        let vault = try TemporaryVault()
        #expect(try Attachments(vault: vault.vault).add([1, 2, 3], named: "Photo of the café.png") == "attachments/Photo of the café.png")
    }
}
