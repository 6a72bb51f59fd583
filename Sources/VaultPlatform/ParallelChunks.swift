import Dispatch
import Foundation

/// Formats a long list on all cores and hands the pieces over in order: a 100,000-note
/// listing otherwise spends most of its time making text one note at a time.
package enum ParallelChunks {
    /// Calls `format` on consecutive ranges of `0..<count`, in parallel, and `emit` with
    /// each range's output in order. Work goes in windows of a few ranges per core, so
    /// only a window's output is held in memory, and the first lines appear at once.
    package static func run<Output>(
        count: Int, chunk: Int = 1024,
        format: @escaping @Sendable (Range<Int>) -> Output, emit: (Output) -> Void
    ) {
        let chunks = (count + chunk - 1) / chunk
        let window = max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        var first = 0
        while first < chunks {
            let last = min(chunks, first + window)
            let results = WorkerSlots<Output?>(repeating: nil, count: last - first)
            let start = first
            DispatchQueue.concurrentPerform(iterations: last - start) { offset in
                let lower = (start + offset) * chunk
                results[offset] = format(lower..<min(count, lower + chunk))
            }
            for offset in 0..<(last - start) {
                if let output = results[offset] { emit(output) }
            }
            results.free()
            first = last
        }
    }

    /// The outputs of `format` on consecutive ranges of `0..<count`, in order, all made in
    /// one parallel pass: for work whose every output is kept anyway, where `run`'s windows
    /// would only leave a core idle at the end of each.
    package static func map<Output>(count: Int, chunk: Int, format: @escaping @Sendable (Range<Int>) -> Output) -> [Output] {
        let chunks = (count + chunk - 1) / chunk
        let results = WorkerSlots<Output?>(repeating: nil, count: chunks)
        defer { results.free() }
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
            results[index] = format(index * chunk..<min(count, index * chunk + chunk))
        }
        return (0..<chunks).compactMap { results[$0] }
    }
}
