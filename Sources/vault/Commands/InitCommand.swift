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
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        var directory = path
        var remote = remote
        if git, remote == nil, SyncCommand.looksLikeRemote(path) {
            remote = path
            directory = "."
        }
        let root = try VaultRoot.initialize(at: directory)
        if format == .text { print("initialised an empty vault in \(root.path)") }
        let done = git ? try VaultSync(root: root, program: SyncCommand.program).setup(remote: remote, ownRepository: true) : []
        if format == .json {
            Terminal.standardOutput(color: .never).jsonObject { json in
                json.key("path"); json.string(root.path)
                json.key("done"); json.strings(done)
            }
        } else {
            for line in done { print(line) }
        }
    }
}
