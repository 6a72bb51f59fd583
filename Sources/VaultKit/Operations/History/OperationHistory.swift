import Foundation
import VaultPlatform

/// Every operation in `.vault/history/`, oldest first, each read as an `OperationRecord`
/// (the one reader) and written by `write` (the one writer): tag renames, merges and
/// splits are handed out as `TagHistoryRecord`, the others as they are.
public struct OperationHistory: Sendable {
    public enum Entry: Sendable {
        case tags(TagHistoryRecord)
        case files(OperationRecord)

        public var id: String {
            switch self {
            case .tags(let record): record.id
            case .files(let record): record.id
            }
        }

        /// What the operation was (`move`, `tag`, …), as its record names it.
        public var kind: String {
            switch self {
            case .tags(let record): record.record.kind.rawValue
            case .files(let record): record.kind.rawValue
            }
        }

        public var time: Date {
            switch self {
            case .tags(let record): record.time
            case .files(let record): record.time
            }
        }
    }

    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// Every record, in the order the operations ran, with the file it was read from.
    public func entries() -> [(file: String, entry: Entry)] {
        load().entries
    }

    /// The records refused as forged or damaged, with why (file, line and column).
    public func refused() -> [VaultError] {
        load().refused.map(\.error)
    }

    private func load() -> (entries: [(file: String, entry: Entry)], refused: [(id: String, error: VaultError)]) {
        let directory = TagHistoryRecord.directory
        let names = vault.root.entries(of: directory)
            .filter { $0.kind == .regular && $0.name.hasSuffix(".yaml") && !$0.name.hasPrefix(".") }
            .map(\.name)
            .sorted()
        var entries: [(String, Entry)] = []
        var refused: [(String, VaultError)] = []
        for name in names {
            let path = directory + "/" + name
            guard let bytes = try? vault.root.read(path).bytes else { continue }
            bytes.withUnsafeBytes { raw in
                switch OperationRecord.parse(raw, file: path, timeZone: vault.timeZone) {
                case .record(let record):
                    if let tags = TagHistoryRecord(record) {
                        entries.append((path, .tags(tags)))
                    } else {
                        switch steppedIfInterrupted(record, at: path) {
                        case .success(let stepped): entries.append((path, .files(stepped)))
                        case .failure(let error): refused.append((record.id, error))
                        }
                    }
                case .refused(let id, let error): refused.append((id, error))
                case .notARecord: break
                }
            }
        }
        return (entries, refused)
    }

    /// The record whose id is `id` or starts with it; a refused record with that id is
    /// its refusal.
    public func entry(_ id: String) throws(VaultError) -> (file: String, entry: Entry) {
        let (entries, refused) = load()
        let found = entries.filter { $0.entry.id.lowercased().hasPrefix(id.lowercased()) }
        guard let first = found.first else {
            if let refusal = refused.first(where: { $0.id.lowercased().hasPrefix(id.lowercased()) }) { throw refusal.error }
            throw .operationNotFound(id, tags: false)
        }
        guard found.count == 1 else { throw .ambiguousOperation(id, candidates: found.map(\.entry.id), kinds: found.map(\.entry.kind)) }
        return first
    }

    /// The steps file of the record at `path`: the edits written down one by one while the
    /// operation runs (`WriteJournal`), removed when its record is written whole.
    static func stepsFile(of path: String) -> String { path + ".steps" }

    /// Starts the steps file of `record`, written at `path`, and returns its path.
    func startSteps(of record: OperationRecord, in path: String) throws(VaultError) -> String {
        let file = Self.stepsFile(of: path)
        try vault.root.write(Array(record.stepsFileHeader(timeZone: vault.timeZone).utf8), to: file, mode: 0o644)
        return file
    }

    /// An operation killed before its record was written whole: its steps are those
    /// written down in its steps file (read with the same checks as a record), the notes it
    /// changed and any it was about to; a steps file with a path a record may not name is
    /// the record's refusal.
    private func steppedIfInterrupted(_ record: OperationRecord, at path: String) -> Result<OperationRecord, VaultError> {
        let file = Self.stepsFile(of: path)
        guard record.state == .started, record.steps.isEmpty,
              let bytes = try? vault.root.read(file).bytes else { return .success(record) }
        switch Self.parseSteps(bytes, of: record.id, file: file, timeZone: vault.timeZone) {
        case .record(let written) where written.id == record.id && written.tagChange == nil:
            var stepped = record
            stepped.steps = Self.made(written.steps)
            return .success(stepped)
        case .refused(_, let error):
            return .failure(error)
        default:
            return .success(record)
        }
    }

    /// A steps file as read. Each step is appended by one write, ending in its newline: a
    /// last step a full disk or a kill cut short is left out rather than taking every step
    /// before it along (an edit is written down before it is made, so a cut one was never
    /// made; a move is written down after, so at most that one is not taken back, as
    /// docs/history.md says). Damage before the last step refuses the record at the first
    /// step that does not read: the steps after it are not known.
    static func parseSteps(_ bytes: [UInt8], of id: String, file: String, timeZone: TimeZone) -> OperationRecord.Parsed {
        func parse(_ part: ArraySlice<UInt8>) -> OperationRecord.Parsed {
            part.withUnsafeBytes { OperationRecord.parse($0, file: file, timeZone: timeZone) }
        }
        // Where each step begins: the newline before its "  - ".
        let stepStart = Array("\n  - ".utf8)
        var starts: [Int] = []
        var at = 0
        while at + stepStart.count <= bytes.count {
            if bytes[at] == stepStart[0], bytes[at..<(at + stepStart.count)].elementsEqual(stepStart) { starts.append(at) }
            at += 1
        }
        guard let last = starts.last else { return parse(bytes[...]) }
        // A file that does not end in a newline ends in a cut step, which may still read
        // (cut inside an unquoted hash, as a wrong number).
        if bytes.last == UInt8(ascii: "\n"), case let whole = parse(bytes[...]), !whole.isNotARecord { return whole }
        if case let cut = parse(bytes[...last]), !cut.isNotARecord { return cut }
        // Its only step cut: the header alone, which is no record (no steps).
        if starts.count == 1 { return .notARecord }
        // The longest run of whole steps that reads, found by halving; the header alone
        // ("steps:" and no item) is no record, so the first step is the least kept.
        var readable = 0, unreadable = starts.count - 1
        while readable + 1 < unreadable {
            let middle = (readable + unreadable) / 2
            if parse(bytes[...starts[middle]]).isNotARecord { unreadable = middle } else { readable = middle }
        }
        // The first step that does not read begins after `starts[readable]`.
        let line = bytes[...starts[readable]].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return .refused(id: id, .located(Diagnostic(path: file, line: line, column: 3, severity: .error,
                                                    message: "operation \(id) refused: its steps file does not read from here on; nothing was changed")))
    }

    /// The steps without edits written down but never made: when a write meets an editor's
    /// save, it is written down again from what the editor saved, so an edit followed by
    /// another of the same note that does not start where it ended never happened.
    static func made(_ steps: [OperationRecord.Step]) -> [OperationRecord.Step] {
        var startOfNext: [String: UInt64] = [:]
        var kept: [OperationRecord.Step] = []
        for step in steps.reversed() {
            if case .edit(let path, let before, let after, _) = step {
                if let next = startOfNext[path], next != after { continue }
                startOfNext[path] = before
            }
            kept.append(step)
        }
        return kept.reversed()
    }

    /// Writes `record` (atomically) and returns its path.
    @discardableResult
    public func write(_ record: OperationRecord, to existing: String? = nil) throws(VaultError) -> String {
        try vault.root.makeDirectory(TagHistoryRecord.directory, operation: "create the history folder")
        let path = existing ?? TagHistoryRecord.directory + "/" + record.fileName
        try vault.root.write(Array(record.text(timeZone: vault.timeZone).utf8), to: path, mode: 0o644)
        return path
    }
}
