import ArgumentParser
import Foundation
import VaultKit

/// One command's view of the vault: opened, scanned once, with skipped files reported.
struct Session {
    let vault: Vault
    let scan: ScanResult
    let terminal: Terminal

    init(_ options: GlobalOptions, filter: ScanFilter? = nil) throws {
        try self.init(vault: options.openVault(), terminal: options.terminal, filter: filter)
    }

    init(vault: Vault, terminal: Terminal, filter: ScanFilter? = nil) throws {
        self.vault = vault
        self.terminal = terminal
        scan = try vault.scan(filter: filter)
        // Kept until the process exits: freeing 100,000 notes one allocation at a time
        // took 50 ms after the output was written, and exit returns the memory at once.
        scansKeptUntilExit.append(scan)
        for issue in scan.issues where issue.isWarning {
            Terminal.standardError.warning(issue.diagnostic)
        }
    }

    var index: VaultIndex { VaultIndex(scan) }

    /// Every command that writes first purges notes trashed more than `trashDays` ago.
    func prepareWrite() {
        Trash(vault: vault).purge()
        AtomicFile.removeLeftovers(scan.temporaries, in: vault.root)
    }
    var operations: NoteOperations { NoteOperations(vault: vault) }
    var resolver: NoteResolver { NoteResolver(notes: scan.notes, root: vault.root) }

    func resolve(_ name: String) throws -> Note { try resolver.resolve(name) }
    func resolve(_ names: [String]) throws -> [Note] { try resolver.resolve(names) }

    /// Runs `body` for each note, printing an error and going on when one fails.
    /// Exits with status 2 at the end if any failed.
    func forEach(_ notes: [Note], _ body: (Note) throws -> Void) throws {
        var failed = false
        for note in notes {
            do {
                try body(note)
            } catch let error as VaultError {
                Terminal.standardError.printError(error)
                failed = true
            }
        }
        if failed { throw ExitCode(2) }
    }
}

/// Scans that are never freed (see `Session.init`); commands run on the main thread only.
nonisolated(unsafe) private var scansKeptUntilExit: [ScanResult] = []
