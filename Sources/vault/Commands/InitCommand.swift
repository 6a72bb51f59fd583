import ArgumentParser
import Foundation
import VaultKit

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Make a directory a vault; with --git, one that syncs through git.",
        discussion: "vault init --git [--remote URL] also makes it a git repository set up for vault sync (see vault sync --setup).")

    @Argument(help: "The directory (default: the current one); with --git, a remote URL here is the remote.") var path: String = "."
    @Flag(help: "Set the vault up for 'vault sync': git repository, merge driver, .gitattributes.") var git = false
    @Option(help: "The remote to sync with (with --git).") var remote: String?

    func run() throws {
        var directory = path
        var remote = remote
        if git, remote == nil, SyncCommand.looksLikeRemote(path) {
            remote = path
            directory = "."
        }
        let root = try VaultRoot.initialize(at: directory)
        print("initialised an empty vault in \(root.path)")
        if git {
            for line in try VaultSync(root: root, program: SyncCommand.program).setup(remote: remote, ownRepository: true) { print(line) }
        }
    }
}
