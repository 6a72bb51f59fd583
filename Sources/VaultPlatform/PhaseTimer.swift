import Dispatch
import Foundation

/// Prints how long each phase of a command took to stderr when `VAULT_TIMINGS` is set:
/// what a slow vault reports, without a profiler.
package enum PhaseTimer {
    private static let enabled = Syscalls.environment("VAULT_TIMINGS") != nil
    nonisolated(unsafe) private static var last: UInt64 = 0
    nonisolated(unsafe) private static var lastCPU: UInt64 = 0
    nonisolated(unsafe) private static var lastFaults = 0

    /// Ends the phase called `label` (begun by the previous mark) and starts the next one;
    /// the first mark only starts the clock.
    /// The phases are the main thread's: a mark from another thread (a scan run in the
    /// background, which marks its own phases) is ignored, as the clock is not locked.
    package static func mark(_ label: String) {
        guard enabled, Thread.isMainThread else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let cpu = Syscalls.processCPUTime()
        let faults = Syscalls.minorFaults()
        defer { (last, lastCPU, lastFaults) = (now, cpu, faults) }
        guard last != 0 else { return }
        let milliseconds = Double(Int64(bitPattern: now &- last)) / 1e6
        let cpuMilliseconds = Double(Int64(bitPattern: cpu &- lastCPU)) / 1e6
        // CPU time next to wall time shows how well a phase used the cores; page faults,
        // how much fresh memory it took (each costs the kernel a microsecond or two).
        let line = "vault: timing: \(label): \((milliseconds * 10).rounded() / 10) ms (cpu \((cpuMilliseconds * 10).rounded() / 10) ms, \(faults - lastFaults) page faults)\n"
        var text = line
        text.withUTF8 { try? Syscalls.writeAll(2, UnsafeRawBufferPointer($0)) }
    }
}
