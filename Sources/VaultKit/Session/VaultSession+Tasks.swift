import Foundation
import VaultPlatform

extension VaultSession {
    /// The tasks of `notes`, in their order and each note's line order, read from the
    /// files on all cores, with the task fields that could not be read.
    public func tasks(of notes: [Note]) -> (tasks: [NoteTask], problems: [Diagnostic]) {
        var tasks: [NoteTask] = []
        var problems: [Diagnostic] = []
        let root = self.root
        ParallelChunks.run(count: notes.count, chunk: 256, format: { range -> ([NoteTask], [Diagnostic]) in
            var buffer: [UInt8] = []
            var found: ([NoteTask], [Diagnostic]) = ([], [])
            for note in notes[range] {
                guard let status = try? root.read(note.path, into: &buffer) else { continue }
                let read = buffer.withUnsafeBytes { TaskReader.tasks(in: UnsafeRawBufferPointer(rebasing: $0[0..<Int(status.size)]), path: note.path) }
                found.0 += read.tasks
                found.1 += read.problems
            }
            return found
        }, emit: { found in
            tasks += found.0
            problems += found.1
        })
        return (tasks, problems)
    }

    /// Today's date where the vault is, for the agenda.
    public var today: TaskDate {
        TaskDate(dayNumber: NoteDate.localFields(vault.now(), timeZone: vault.timeZone).dayNumber)
    }
}
