import ArgumentParser
import Foundation
import VaultKit

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Make a directory a vault.")

    @Argument(help: "The directory (default: the current one).") var path: String = "."

    func run() throws {
        let root = try VaultRoot.initialize(at: path)
        print("initialised an empty vault in \(root.path)")
    }
}
