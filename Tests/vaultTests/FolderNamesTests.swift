import Foundation
import Testing

/// Folders are named as `folder:` names them, ignoring case and normalisation, in every
/// command; and a hint never suggests a command that would fail.
@Suite("Folder names")
struct FolderNamesTests {
    /// The attachment folder takes no notes and no folder is deeper than Folder/Subfolder,
    /// whichever command puts a note there (a note made or moved into `attachments`
    /// vanished from vault's view; `mv` made a third level that `folder create` refuses).
    @Test(arguments: [
        (["new", "Att", "-f", "attachments"], "attachments' holds attachments, not notes"),
        (["mv", "Groceries", "attachments"], "attachments' holds attachments, not notes"),
        (["cp", "Groceries", "attachments"], "attachments' holds attachments, not notes"),
        (["mv", "Groceries", "Work/Projects/Deep"], "folders nest one level deep"),
        (["new", "Deep note", "-f", "Work/Projects/Deep"], "folders nest one level deep"),
    ])
    func notesGoOnlyWhereNotesAreListed(arguments: [String], reason: String) throws {
        let vault = try TestVault.example()
        try vault.createDirectory("attachments")
        try vault.createDirectory("Work/Projects/Deep")
        let before = try vault.snapshot()
        let result = try vault.run(arguments: arguments, stdin: Data("x\n".utf8))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("vault: error: ") && result.stderr.contains(reason), "\(result)")
        #expect(try vault.snapshot().differences(from: before) == [])
    }

    @Test func everyCommandMatchesAFolderIgnoringCase() throws {
        let vault = try TestVault.example()
        #expect(try vault.run("list", "personal", "--paths").stdout == vault.run("list", "Personal", "--paths").stdout)
        let moved = try vault.run("mv", "Groceries", "personal")
        #expect(moved.stdout == "Groceries.md → Personal/Groceries.md\n", "\(moved)")
        #expect(try vault.run("folder", "color", "personal", "red").stdout == "Personal is red\n")
        #expect(try vault.run("folder", "create", "work/Sub").stdout == "created folder Work/Sub\n")
        #expect(vault.exists("Work/Sub") && !vault.exists("work"))
        let renamed = try vault.run("folder", "rename", "work/sub", "Later")
        #expect(renamed.stdout == "Work/Sub → Work/Later\n", "a subfolder keeps its parent: \(renamed)")
        let top = try vault.run("folder", "rename", "Work/Later", "/Later")
        #expect(top.stdout == "Work/Later → Later\n", "\(top)")
    }

    /// A folder deeper than vault makes (an Obsidian vault's `Work/Projects/Deep`) renamed
    /// to a bare name stays in its parent, as a subfolder does: it was moved to the top.
    @Test func aDeeperFolderRenamedToABareNameStaysInItsParent() throws {
        let vault = try TestVault.example()
        try vault.createDirectory("Work/Projects/Deep")
        try vault.write("Work/Projects/Deep/Target.md", "# Target\n")
        let renamed = try vault.run("folder", "rename", "Work/Projects/Deep", "Dp")
        #expect(renamed.status == 0, "\(renamed)")
        #expect(renamed.stdout == "Work/Projects/Deep → Work/Projects/Dp\n", "\(renamed)")
        #expect(vault.exists("Work/Projects/Dp/Target.md") && !vault.exists("Dp"))
    }

    @Test(arguments: [
        ("nowhere", "vault: error: folder 'nowhere' does not exist (create it with 'vault folder create nowhere')\n"),
        ("work/nothing", "vault: error: folder 'work/nothing' does not exist (create it with 'vault folder create Work/nothing')\n"),
        ("Work Stuff", "vault: error: folder 'Work Stuff' does not exist (create it with 'vault folder create \"Work Stuff\"')\n"),
        ("nothing/sub", "vault: error: folder 'nothing/sub' does not exist\n"),
        ("Work/Projects/Deep", "vault: error: folder 'Work/Projects/Deep' does not exist (folders nest one level deep: Folder/Subfolder)\n"),
    ])
    func aHintOnlySuggestsWhatWorks(_ name: String, _ message: String) throws {
        let vault = try TestVault.example()
        let result = try vault.run("list", name)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        // The command it suggests, run as written, works.
        if let start = message.range(of: "'vault folder create "), let end = message.range(of: "')", range: start.upperBound..<message.endIndex) {
            let argument = String(message[start.upperBound..<end.lowerBound]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let created = try vault.run("folder", "create", argument)
            #expect(created.status == 0, "\(created)")
            #expect(try vault.run("list", name).status == 0)
        }
    }
}
