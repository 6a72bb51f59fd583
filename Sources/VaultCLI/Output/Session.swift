import ArgumentParser
import Foundation
import VaultKit

/// One command's view of the vault: a `VaultSession` scanned once, with skipped files
/// reported and output going to the terminal.
struct Session {
    let vault: VaultSession
    let scan: ScanResult
    let terminal: Terminal
    /// What `vault serve` already holds for `sortedNotes` and `index`.
    private let sorted: [Note]?
    private let presetIndex: VaultIndex?

    /// Opens the vault of `options` and scans the notes `query` selects (all without one).
    /// A command that shows folders or tags with their counts asks for `index` and says so
    /// with `needsIndex`: the scan then counts the notes as it reads them. One that shows
    /// only the first `firstNotes` in list order (`firstNotes(_:)`) says so, and the scan
    /// may keep only the notes that can be among them.
    /// `leavingOutCached`: the scan leaves out the notes the main cache file describes as
    /// they are (`VaultSession.scanLeavingOutCached()`), for `vault tasks`, which reads
    /// them from their entries (`VaultSession.taskNotes(of:)`).
    init(_ options: GlobalOptions, query: Query? = nil, needsIndex: Bool = false, leavingOutCached: Bool = false) throws {
        try self.init(vault: options.openSession(), terminal: options.terminal, query: query, needsIndex: needsIndex, leavingOutCached: leavingOutCached)
    }

    init(vault: VaultSession, terminal: Terminal, query: Query? = nil, needsIndex: Bool = false, firstNotes: Int? = nil, leavingOutCached: Bool = false) throws {
        self.vault = vault
        self.terminal = terminal
        if let live = CommandAnswer.current?.vault {
            // Answered by `vault serve` from what it holds, every change before the request read.
            if let query {
                let notes = live.notes(matching: query, context: vault.queryContext)
                (scan, sorted, presetIndex) = (live.scan.keeping(notes), notes, nil)
            } else {
                (scan, sorted, presetIndex) = (live.scan, live.sorted, live.index)
            }
        } else {
            let scan = leavingOutCached && query == nil && !needsIndex
                ? try vault.scanLeavingOutCached() : try vault.scan(matching: query, countingNotes: needsIndex, keepingFirst: firstNotes)
            (self.scan, sorted, presetIndex) = (scan, nil, nil)
            KeptUntilExit.keep(scan)
        }
        for issue in scan.issues where issue.isWarning {
            Terminal.standardError.warning(issue.diagnostic)
        }
    }

    var index: VaultIndex { presetIndex ?? vault.index(of: scan) }
    var now: Date { vault.vault.now() }
    var config: VaultConfig { vault.config }
    /// The scanned notes in list order.
    var sortedNotes: [Note] { sorted ?? vault.sorted(scan) }
    /// The scanned notes, in the order scanned with their positions in list order, or in
    /// list order already when `vault serve` answers (see `VaultSession.withTaskRecords`).
    /// Of `scan`: this session's, or another scan of its vault.
    func notesWithListOrder(of scan: ScanResult) -> (notes: [Note], listOrder: [Int]?) {
        if let sorted { return (sorted, nil) }
        return (scan.notes, vault.listOrder(scan))
    }

    /// The first `limit` notes in list order, without sorting them all.
    func firstNotes(_ limit: Int) -> [Note] {
        sorted.map { Array($0.prefix(limit)) } ?? VaultIndex.first(limit, of: scan.notes)
    }

    /// Runs `body` as one write of this scan's vault, holding the write lock (see
    /// `VaultSession.write(after:_:)`), with what the trash's purge removed on stderr.
    func write<Result>(_ body: (VaultChanges) throws -> Result) throws -> Result {
        try vault.reportedWrite(after: scan, body)
    }

    func resolve(_ name: String) throws -> Note { try vault.resolve(name, in: scan) }
    func resolve(_ names: [String]) throws -> [Note] { try vault.resolve(names, in: scan) }

    /// Prints what a use case's write did: the lines of the notes changed (unless quiet),
    /// each failure on stderr, a count with `--quiet` and the JSON report with `--format
    /// json`; exits with status 2 if any failed.
    /// `recordID`, when the write was recorded, is said as the way back (as `mv` says it).
    func report(_ lines: [(path: String, line: String)], failed: [VaultError], recordID: String? = nil, output: WriteOutput) throws {
        if output.listsNotes { for (_, line) in lines { terminal.line(TerminalText.escaped(line)) } }
        for error in failed { Terminal.standardError.printError(error) }
        try finish(changed: lines.map(\.path), failed: failed, recordID: recordID, output: output)
    }

    private func finish(changed: [String], failed: [VaultError], recordID: String?, output: WriteOutput) throws {
        if output.quiet, output.format == .text {
            terminal.line("\(changed.count) note\(changed.count == 1 ? "" : "s") changed")
        }
        if output.listsNotes, let recordID, !changed.isEmpty {
            terminal.line("undo with: vault undo \(recordID)")
        }
        if output.format == .json {
            var json = JSONWriter()
            ReportJSON.write(changed: changed, failed: failed, to: &json) { json in
                if let recordID { json.key("recordID"); json.string(recordID) }
            }
            terminal.line(json.output)
        }
        if !failed.isEmpty { throw ExitCode(2) }
    }

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

extension VaultSession {
    /// Runs `body` as one write (see `write(after:_:)`), saying on stderr which notes the
    /// trash's age limit removed for good on the way: nothing leaves the vault without a word.
    func reportedWrite<Result>(after scan: ScanResult? = nil, _ body: (VaultChanges) throws -> Result) throws -> Result {
        try write(after: scan) { changes in
            reportPurged(changes.purged)
            return try body(changes)
        }
    }

    /// Says on stderr which notes the trash's age limit removed for good (`purged`).
    func reportPurged(_ purged: [String]) {
        guard !purged.isEmpty else { return }
        let days = config.trashDays
        Terminal.standardError.line(TerminalText.escaped(
            "vault: deleted for good from the trash after \(days) day\(days == 1 ? "" : "s"): " + purged.joined(separator: ", ")))
    }
}
