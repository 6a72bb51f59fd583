import Foundation
import VaultKit
import VaultPlatform

/// Opens a file in the user's `$VISUAL` or `$EDITOR` (else `vi`, as git does), which may
/// carry arguments (`code --wait`), and waits for it to close.
///
/// The editor runs as git runs `core.editor`: `/bin/sh -c 'EDITOR "$1"' sh PATH` in
/// vault's own process group, so that a terminal editor (vim, nano) is in the terminal's
/// foreground and can read it, while vault ignores Ctrl-C and puts the terminal's
/// attributes back when the editor ends (see `ForegroundProcess`).
enum EditorLauncher {
    static func edit(_ path: String) throws {
        let environment = ProcessInfo.processInfo.environment
        // vi when neither is set, as git falls back to it.
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) ?? "vi"
        let termination: ForegroundProcess.Termination
        do {
            termination = try ForegroundProcess.runShell(script(for: editor), arguments: [path])
        } catch {
            throw VaultError.editorFailed("cannot start the editor '\(editor)': \(error.reason)")
        }
        guard termination == .exited(0) else {
            throw VaultError.editorFailed("the editor '\(editor)' \(termination.description); the note was left as it is")
        }
    }

    /// The shell script that opens `$1` in `editor`, as git runs `core.editor`, after
    /// `trap : INT QUIT`. The shell waits for the editor in the same foreground group, so
    /// Ctrl-C and Ctrl-\ reach it too; without a trap a non-interactive sh dies of Ctrl-\,
    /// and dash kills itself with SIGINT once the editor exits after a Ctrl-C, so vault
    /// would see a failed editor (and `new` drop the note) although the editor handled the
    /// key and saved. With the trap the shell exits with the editor's status, and the
    /// editor, which starts with caught signals at their defaults, gets the keys as it
    /// would from an interactive shell.
    static func script(for editor: String) -> String {
        "trap : INT QUIT; " + editor + " \"$1\""
    }
}
