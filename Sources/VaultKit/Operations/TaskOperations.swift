import Foundation
import VaultPlatform

/// Changes tasks in their notes (docs/tasks.md): each change rewrites only the task's own
/// line, through the never-clobber write path, and is refused when the task's line is no
/// longer what was listed.
///
/// Task changes leave the front matter alone, `modified` included, so that ticking a task
/// off is a one-line `git diff`; the file's modification time says the text changed.
public struct TaskOperations: Sendable {
    public let vault: Vault
    /// The day `done`, `cancel` and `add` write.
    public let today: TaskDate

    public init(vault: Vault, today: TaskDate) {
        self.vault = vault
        self.today = today
    }

    /// A task before and after a change.
    public struct Outcome: Sendable {
        public var before: NoteTask
        /// Nil when the task was removed.
        public var after: NoteTask?
        /// The next occurrence a completed recurring task added.
        public var next: NoteTask?
        /// False when the task already was as asked.
        public var changed: Bool
    }

    /// Applies `changes` to `task`, found again in its note by its REF. With `dryRun`,
    /// says what would change and writes nothing.
    public func change(_ task: NoteTask, _ changes: [TaskChange], dryRun: Bool = false) throws(VaultError) -> Outcome {
        try change([task], changes, dryRun: dryRun)[0].get()
    }

    /// Applies `changes` to each of `tasks`, writing each note once however many of its
    /// tasks change, so that no reader sees a note half changed. A task whose line is no
    /// longer what was listed fails alone; the others of its note go ahead. The results
    /// are in the order of `tasks`.
    public func change(_ tasks: [NoteTask], _ changes: [TaskChange], dryRun: Bool = false) -> [Result<Outcome, VaultError>] {
        // Each is replaced below: every task is in one of the groups.
        var results: [Result<Outcome, VaultError>] = tasks.map { .failure(.taskNotFound($0.ref)) }
        for (path, indices) in Dictionary(grouping: tasks.indices, by: { tasks[$0].path }).sorted(by: { $0.key < $1.key }) {
            var order = indices
            var edited: [Int: Result<TaskEdit.Outcome, VaultError>] = [:]
            let edit = { (bytes: [UInt8]) -> [UInt8] in
                edited = [:]
                var edit = TaskEdit(bytes: bytes, path: path, today: today)
                // Every task found by its REF before any changes: changing one of several
                // identical lines changes the REFs of the others.
                var lineOf: [Int: Int] = [:]
                for index in indices { lineOf[index] = edit.lineOfTask(tasks[index].fullRef) }
                // From the last line up, so that a removal or a new occurrence never moves
                // the lines of the tasks still to change.
                order = indices.sorted { (lineOf[$0] ?? tasks[$0].line) > (lineOf[$1] ?? tasks[$1].line) }
                // Each edit's line and how many lines it added (a next occurrence) or took.
                var applied: [(index: Int, line: Int, delta: Int)] = []
                for index in order {
                    let lines = edit.bytes.count { $0 == 0x0A }
                    let ref = tasks[index].fullRef
                    let result = Result { () throws(VaultError) in
                        guard let line = lineOf[index] else { throw .staleTask(ref: String(ref.prefix(7)), path: path) }
                        return try edit.apply(changes, toTaskAt: line, ref: ref)
                    }
                    edited[index] = result
                    if case .success(let outcome) = result {
                        applied.append((index, outcome.before.line, edit.bytes.count { $0 == 0x0A } - lines))
                    }
                }
                Self.settle(&edited, applied, in: edit.bytes, path: path)
                return edit.bytes
            }
            do {
                if dryRun {
                    _ = edit(try vault.root.read(path).bytes)
                } else {
                    try vault.writer.update(path, touchesText: true) { editor in
                        let bytes = edit(editor.bytes)
                        if bytes != editor.bytes { try editor.splice(0..<editor.bytes.count, with: bytes) }
                    }
                }
                for index in order {
                    if let result = edited[index] { results[index] = result.map(Self.outcome) }
                }
            } catch {
                for index in order { results[index] = .failure(error) }
            }
        }
        return results
    }

    /// Each outcome as the note now is: it was read right after its own edit, and the edits
    /// above it since then moved its lines (an occurrence added, a task removed) and may
    /// have changed its REF (a line like it above it changed).
    private static func settle(_ edited: inout [Int: Result<TaskEdit.Outcome, VaultError>],
                               _ applied: [(index: Int, line: Int, delta: Int)], in bytes: [UInt8], path: String) {
        let final = bytes.withUnsafeBytes { TaskReader.tasks(in: $0, path: path).tasks }
        for (number, edit) in applied.enumerated() {
            guard case .success(var outcome)? = edited[edit.index] else { continue }
            func now(_ task: NoteTask?) -> NoteTask? {
                guard let task else { return nil }
                var line = task.line
                for later in applied[(number + 1)...] where later.line < line { line += later.delta }
                return final.first { $0.line == line }
            }
            outcome.task = now(outcome.task)
            outcome.next = now(outcome.next)
            edited[edit.index] = .success(outcome)
        }
    }

    private static func outcome(_ edit: TaskEdit.Outcome) -> Outcome {
        Outcome(before: edit.before, after: edit.task, next: edit.next, changed: edit.task?.source != edit.before.source || edit.next != nil)
    }

    /// Appends a task to the note at `path`, or to the inbox (`tasks.inbox`) when nil,
    /// creating the inbox note when it is missing. Returns the task as written.
    public func add(_ draft: TaskDraft, to path: String?) throws(VaultError) -> NoteTask {
        let line = draft.line(created: today)
        let target = path ?? vault.config.taskInbox
        var written: NoteTask?
        do {
            try vault.writer.update(target, touchesText: true) { editor in
                let (bytes, number) = Self.appending(line, to: editor.bytes)
                try editor.splice(0..<editor.bytes.count, with: bytes)
                // Read back from the whole note: a line like one above it gets its own REF.
                written = bytes.withUnsafeBytes { TaskReader.tasks(in: $0, path: target).tasks.first { $0.line == number } }
            }
        } catch .io(_, _, ENOENT) where path == nil {
            let folder = target.split(separator: "/").dropLast().joined(separator: "/")
            let title = String(target.split(separator: "/").last?.dropLast(3) ?? "Tasks")
            let created = try NoteOperations(vault: vault).create(NoteDraft(title: title, folder: folder, body: line + "\n"))
            let bytes = try vault.root.read(created).bytes
            let found = bytes.withUnsafeBytes { TaskReader.tasks(in: $0, path: created).tasks }
            written = found.last
        }
        guard let written else { throw .notATask(line) }
        return written
    }

    /// `bytes` with `line` appended: right after a list that ends the note, else after a
    /// blank line, in the file's own line endings. Also the 1-based number of the new line.
    static func appending(_ line: String, to bytes: [UInt8]) -> (bytes: [UInt8], line: Int) {
        let crlf = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
        let ending: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
        var result = bytes
        let lines = TaskEdit.lines(of: bytes)
        let bodyStart = bytes.withUnsafeBytes { raw -> Int in
            if case .block(let block) = FrontMatterBlock.locate(in: raw) { return block.bodyStart }
            return 0
        }
        let lastText = lines.last { range in range.lowerBound >= bodyStart && bytes[range].contains { !$0.isASCIIWhitespace } }
        if !result.isEmpty, result.last != 0x0A { result += ending }
        let endsInBlank = lines.last.map { range in !bytes[range].contains { !$0.isASCIIWhitespace } } ?? false
        if let lastText, !endsInBlank, !Self.isListItem(bytes[lastText]) { result += ending }
        let number = result.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        return (result + Array(line.utf8) + ending, number)
    }

    /// `- x`, `* x`, `+ x`, `1. x` after any indentation.
    private static func isListItem(_ line: ArraySlice<UInt8>) -> Bool {
        let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
        guard let first = trimmed.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return trimmed.dropFirst().first == 0x20
        }
        let digits = trimmed.prefix { (0x30...0x39).contains($0) }
        let after = trimmed.dropFirst(digits.count)
        return !digits.isEmpty && (after.first == UInt8(ascii: ".") || after.first == UInt8(ascii: ")")) && after.dropFirst().first == 0x20
    }
}
