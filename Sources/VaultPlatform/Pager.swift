/// Long output on a terminal goes through a pager, as git's does: `/bin/sh -c PAGER`
/// reads from a pipe that becomes this process's standard output, and `finish` ends the
/// output and waits, so that the shell's prompt comes back after the pager. `LESS=FRX`
/// (unless set, as git sets it) makes less quit at once when the output fits on the
/// screen, keep colours and leave the screen as it was.
package struct Pager: Sendable {
    private let pid: Int32

    /// Starts `command`, which reads everything written to standard output from now on.
    package static func start(_ command: String) throws(SystemError) -> Pager {
        let pipe = try Syscalls.makePipe()
        Syscalls.setEnvironmentDefault("LESS", "FRX")
        Syscalls.setEnvironmentDefault("LV", "-c")
        let pid: Int32
        do {
            pid = try Syscalls.spawn("/bin/sh", ["sh", "-c", command], defaultSignals: [], standardInput: pipe.read, closing: [pipe.write])
        } catch {
            Syscalls.closeDescriptor(pipe.read)
            Syscalls.closeDescriptor(pipe.write)
            throw error
        }
        Syscalls.closeDescriptor(pipe.read)
        Syscalls.redirectStandardOutput(to: pipe.write)
        // Ctrl-C is the pager's (less stops what it reads, and stays): were this process to
        // die of it, the shell would take the terminal back while the pager still shows.
        // Quitting the pager ends the output; the writes after it fail quietly.
        _ = Syscalls.ignoreInterrupts()
        return Pager(pid: pid)
    }

    /// Ends the output (the pager sees its end) and waits for the pager to quit.
    package func finish() {
        Syscalls.closeStandardOutput()
        _ = try? Syscalls.waitForExit(pid)
    }
}
