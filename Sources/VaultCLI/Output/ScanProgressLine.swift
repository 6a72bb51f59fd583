import Foundation
import VaultKit
import VaultPlatform

/// `vault: reading notes… 12,345 of 1,000,000` on stderr while a long scan runs
/// (docs/performance.md): a first scan of a million notes took 51 seconds of silence.
///
/// Only on a terminal (a script or a test reading stderr never gets a byte of it), and only
/// when the scan takes long: once it has run for `delay`, or at once when it reads every
/// note's file (no cache) and there are more than `manyNotes`. Redrawn in place with `\r`
/// at most ten times a second, and cleared when the scan ends.
final class ScanProgressLine: Sendable {
    /// How long a scan runs before its progress shows.
    static let delay: TimeInterval = 1
    /// From this many notes, a scan without the cache shows its progress from the start.
    static let manyNotes = 10_000
    /// The shortest time between two drawings.
    static let redraw: TimeInterval = 0.1

    private struct State {
        var started: Date?
        var drawn: Date?
    }

    private let terminal: Terminal
    /// Counted from when the command opens the vault, for its first scan (the walk
    /// included); from its first report for any later one.
    private let state = Locked(State(started: Date()))

    private init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// The progress for a command's scans: nil when stderr is not a terminal, or when
    /// `vault serve` answers (it scanned long before).
    static func forStandardError() -> ScanProgress? {
        guard CommandAnswer.current == nil else { return nil }
        let terminal = Terminal.standardError
        guard terminal.isInteractive else { return nil }
        let line = ScanProgressLine(terminal: terminal)
        return ScanProgress(every: 1_000) { line.show($0) }
    }

    private func show(_ update: ScanProgress.Update) {
        let now = Date()
        state.withLock { state in
            let started = state.started ?? now
            state.started = started
            if update.read >= update.total {
                if state.drawn != nil { terminal.write("\r\u{1B}[K") }
                state = State()
                return
            }
            let long = now.timeIntervalSince(started) >= Self.delay || (!update.usesCache && update.total > Self.manyNotes)
            guard long, state.drawn.map({ now.timeIntervalSince($0) >= Self.redraw }) ?? true else { return }
            state.drawn = now
            terminal.write("\r\u{1B}[Kvault: reading notes… \(Self.grouped(update.read)) of \(Self.grouped(update.total))")
        }
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
