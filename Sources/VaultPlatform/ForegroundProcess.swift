/// Runs a program the user talks to through the terminal (an editor), the way git runs
/// `core.editor`.
///
/// The child is spawned without a process group of its own, so when `vault` runs in the
/// terminal's foreground the child is there too and may read the terminal (a child in
/// another group is stopped by SIGTTIN on its first read: a blank screen). While it runs,
/// `vault` ignores Ctrl-C and Ctrl-\ — the child gets them and decides, and `vault`
/// lives on to clean up — and afterwards the terminal's attributes are put back as they
/// were, so a killed editor does not leave it without echo or in raw mode.
package enum ForegroundProcess {
    /// How the child ended.
    package enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// "exited with status 1", "was killed by signal 9 (killed)".
        package var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was killed by signal \(signal) (\(Syscalls.describeSignal(signal)))"
            }
        }
    }

    /// Runs `/bin/sh -c script sh arguments...` (the arguments are the script's `$1`...),
    /// with this process's standard input, output and error, and waits for it to end.
    /// Throws only when the shell cannot be started or waited for.
    package static func runShell(_ script: String, arguments: [String]) throws(SystemError) -> Termination {
        let terminal = Syscalls.terminalAttributes(0)
        let interrupts = Syscalls.ignoreInterrupts()
        defer {
            if let terminal { Syscalls.restore(terminal) }
            Syscalls.restore(interrupts)
        }
        // The child gets Ctrl-C and Ctrl-\ as this process had them before, not ignored
        // as now (a handler of this process is no use to it: the default), and no signal
        // blocked.
        let pid = try Syscalls.spawn("/bin/sh", ["sh", "-c", script, "sh"] + arguments, defaultSignals: interrupts.notIgnoredBefore)
        return try Syscalls.waitForExit(pid)
    }
}
