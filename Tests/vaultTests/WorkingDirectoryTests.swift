import Foundation
import Testing

/// From a folder of the vault, paths are read from there, as git reads them, and `--paths`
/// prints what a shell there can open; what really leaves the vault is still refused.
@Suite("The working directory")
struct WorkingDirectoryTests {
    @Test func notesAreFoundFromTheFolderTheCommandRunsIn() throws {
        let vault = try TestVault.example()
        let projects = vault.url("Work/Projects")
        for name in ["Migration notes.md", "./Migration notes.md", "./Migration notes", "../Projects/Migration notes.md"] {
            let result = try vault.run("show", name, in: projects)
            #expect(result.status == 0, "\(name): \(result)")
            #expect(result.stdout.hasPrefix("Migration notes\n"), "\(name)")
        }
        let up = try vault.run("show", "../../Groceries", in: projects)
        #expect(up.status == 0 && up.stdout.hasPrefix("Groceries"), "\(up)")
        let outside = try vault.run("show", "../../../Groceries", in: projects)
        #expect(outside.status == 2)
        #expect(outside.stderr == "vault: error: '../../../Groceries' is outside the vault\n")
        #expect(try vault.run("list", ".", "--no-snippet", in: projects).stdout == vault.run("list", "Work/Projects", "--no-snippet").stdout)
    }

    @Test func pathsArePrintedForAShellInThatFolder() throws {
        let vault = try TestVault.example()
        let work = vault.url("Work")
        let result = try vault.run("search", "tag:work", "--paths", in: work)
        let paths = result.stdout.split(separator: "\n").map(String.init)
        #expect(paths.count >= 3)
        #expect(paths.contains("Projects/Roadmap.md"))
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(path).path), "\(path)")
        }
        #expect(try vault.run("search", "tag:personal", "--paths", in: work).stdout.contains("../Groceries.md") == true)
    }

    /// From outside the vault, a path as the shell completes it (`notes/Work/a.md` with
    /// `--vault notes`) finds its note; one that leads elsewhere is still not a note.
    @Test func pathsFromOutsideTheVaultAreReadFromTheWorkingDirectory() throws {
        let vault = try TestVault.example()
        let parent = vault.root.deletingLastPathComponent()
        let name = vault.root.lastPathComponent
        for path in ["\(name)/Work/Projects/Migration notes.md", "./\(name)/Work/Projects/Migration notes", "Work/Projects/Migration notes.md"] {
            let result = try vault.run("show", path, "--vault", name, in: parent)
            #expect(result.status == 0, "\(path): \(result)")
            #expect(result.stdout.hasPrefix("Migration notes\n"), "\(path)")
        }
        let elsewhere = try vault.run("show", "\(name)/../Groceries.md", "--vault", name, in: parent)
        #expect(elsewhere.status == 2, "\(elsewhere)")
        #expect(elsewhere.stderr.contains("outside the vault") || elsewhere.stderr.contains("no note matches"), "\(elsewhere)")
    }

    @Test func theVaultOptionMayNameAFolderInside() throws {
        let vault = try TestVault.example()
        let result = try vault.run("--vault", "Work/Projects", "search", "tag:work", "--paths", in: vault.root)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Work/Projects/Roadmap.md\n"), "paths from the working directory, the root")
    }
}
