import Foundation
import VaultKit

/// Opens a file in the user's `$VISUAL` or `$EDITOR`, which may carry arguments
/// (`code --wait`), and waits for it to close.
enum EditorLauncher {
    static func edit(_ path: String) throws {
        let environment = ProcessInfo.processInfo.environment
        guard let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            throw VaultError.editorFailed("no editor: set $VISUAL or $EDITOR (or pipe the text into vault new)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$1\"", "sh", path]
        do {
            try process.run()
        } catch {
            throw VaultError.editorFailed("cannot start the editor '\(editor)': \(error.localizedDescription.lowercased())")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw VaultError.editorFailed("the editor '\(editor)' exited with status \(process.terminationStatus); the note was left as it is")
        }
    }
}
