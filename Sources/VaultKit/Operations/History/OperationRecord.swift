import Foundation

/// One operation in `.vault/history/` (docs/history.md), the one record type there: for
/// an operation that moved or changed files, the steps it takes, in order, each enough to
/// take it back; for a tag rename, merge or split, the tags and the notes it changed
/// (`tagChange`, read as `TagHistoryRecord`). One writer (`OperationHistory.write`) and
/// one reader (`parse`) for both; a tag record is written as tag records always were.
///
/// It is written before the first file changes (`state: started`), with the steps
/// planned, and again at the end with the steps as they were taken (`done`). An edit step
/// keeps the hashes of the file before and after and the bytes it replaced, so that undo
/// changes a file back only while it is still as the operation left it.
public struct OperationRecord: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case move = "note-move"
        case rename = "note-rename"
        case folderRename = "folder-rename"
        case delete = "note-delete"
        case folderDelete = "folder-delete"
        case restore = "trash-restore"
        case tagAdd = "tag-add"
        case tagRemove = "tag-remove"
        case pin
        case unpin
        case tasks = "task-change"
        case restoreVersion = "note-version-restore"
        case create = "note-create"
        case edit = "note-edit"
        case properties = "note-properties"
        case importNotes = "import"
        case undo
        /// Tag operations, by the names their records always had.
        case tagRename = "rename"
        case tagMerge = "merge"
        case tagSplit = "split"

        /// True for a tag rename, merge or split.
        public var isTagOperation: Bool { [.tagRename, .tagMerge, .tagSplit].contains(self) }
    }

    /// What a tag operation did: the tags it read and wrote, and each note it changed with
    /// the tags it had before.
    public struct TagChange: Sendable, Equatable {
        public var sources: [String]
        public var target: String
        public var notes: [TagHistoryRecord.Entry]

        public init(sources: [String], target: String, notes: [TagHistoryRecord.Entry]) {
            self.sources = sources
            self.target = target
            self.notes = notes
        }
    }

    public enum State: String, Sendable { case started, done }

    public enum Step: Sendable, Equatable {
        /// The file at `path` changed from the content hashed `before` to that hashed `after`.
        case edit(path: String, before: UInt64, after: UInt64, splices: [ByteSplice])
        /// A file or folder moved.
        case move(from: String, to: String)
        /// The note at `path` went to the trash as `name`; `hash`, when known, is its content's.
        case trash(path: String, name: String, hash: UInt64? = nil)
        /// The note `name` came back from the trash to `path`; `hash`, when known, is its
        /// content's, so that the undo moves back that note and no other put there since.
        case restore(name: String, path: String, hash: UInt64? = nil)
        /// The operation made the file at `path`, whose content is hashed `hash` (an import),
        /// or the folder `path` when `hash` is nil. Its bytes are not kept: it can be taken
        /// back (removed while it is still as written), not made again.
        case create(path: String, hash: UInt64?)
        /// The file (or, with no hash, the empty folder) at `path` was removed: an import undone.
        case remove(path: String, hash: UInt64?)

        /// The step that takes this one back.
        public var inverse: Step {
            switch self {
            case .edit(let path, let before, let after, let splices):
                .edit(path: path, before: after, after: before, splices: ByteSplice.inverted(splices))
            case .move(let from, let to):
                .move(from: to, to: from)
            case .trash(let path, let name, let hash):
                .restore(name: name, path: path, hash: hash)
            case .restore(let name, let path, let hash):
                .trash(path: path, name: name, hash: hash)
            case .create(let path, let hash):
                .remove(path: path, hash: hash)
            case .remove(let path, let hash):
                .create(path: path, hash: hash)
            }
        }
    }

    public var id: String
    public var kind: Kind
    public var time: Date
    /// What the operation was, as a person would say it: `Work/Plan.md → Work/Plan B.md`.
    public var summary: String
    /// For an undo: the operation it takes back.
    public var undoes: String?
    public var state: State
    public var steps: [Step]
    /// For a tag operation (`kind.isTagOperation`): what it did to tags; nil otherwise.
    public var tagChange: TagChange?

    public init(
        id: String = String(NoteOperations.newID().prefix(8)), kind: Kind, time: Date, summary: String, undoes: String? = nil,
        state: State = .started, steps: [Step], tagChange: TagChange? = nil
    ) {
        self.id = id
        self.kind = kind
        self.time = time
        self.summary = summary
        self.undoes = undoes
        self.state = state
        self.steps = steps
        self.tagChange = tagChange
    }

    /// The file name: the time first, as tag operations' records, so that sorting names
    /// puts every operation in the order it ran.
    public var fileName: String { HistoryFileName.make(time: time, kind: kind.rawValue, id: id) }

    public func text(timeZone: TimeZone = .current) -> String {
        if let tagChange { return tagText(tagChange, timeZone: timeZone) }
        var lines = [
            "# vault history: one operation, written before any file changed.",
            "id: \(id)",
            "kind: \(kind.rawValue)",
            "time: \(NoteDate.format(time, timeZone: timeZone))",
            "summary: \(YAMLScalarWriter.doubleQuoted(summary))",
        ]
        if let undoes { lines.append("undoes: \(undoes)") }
        lines.append("state: \(state.rawValue)")
        lines.append(steps.isEmpty ? "steps: []" : "steps:")
        for step in steps { lines += Self.lines(of: step) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The record as its steps file starts, the steps to be added one by one after it
    /// (`stepText(_:)`): `vault history` reads it back whole when the operation was
    /// interrupted (`OperationHistory`).
    func stepsFileHeader(timeZone: TimeZone = .current) -> String {
        var started = self
        started.steps = []
        started.state = .started
        let text = started.text(timeZone: timeZone)
        return String(text.dropLast("steps: []\n".count)) + "steps:\n"
    }

    /// One step as the lines of a record's `steps` list.
    static func stepText(_ step: Step) -> String {
        lines(of: step).joined(separator: "\n") + "\n"
    }

    private static func lines(of step: Step) -> [String] {
        var lines: [String] = []
        switch step {
        case .edit(let path, let before, let after, let splices):
            lines.append("  - edit: \(YAMLScalarWriter.doubleQuoted(path))")
            lines.append("    before: \(Self.hex(before))")
            lines.append("    after: \(Self.hex(after))")
            lines.append(splices.isEmpty ? "    splices: []" : "    splices:")
            for splice in splices {
                lines.append("      - [\(splice.offset), \(Self.quoted(splice.removed)), \(Self.quoted(splice.inserted))]")
            }
        case .move(let from, let to):
            lines.append("  - move: \(YAMLScalarWriter.doubleQuoted(from))")
            lines.append("    to: \(YAMLScalarWriter.doubleQuoted(to))")
        case .trash(let path, let name, let hash):
            lines.append("  - trash: \(YAMLScalarWriter.doubleQuoted(path))")
            lines.append("    as: \(YAMLScalarWriter.doubleQuoted(name))")
            if let hash { lines.append("    hash: \(Self.hex(hash))") }
        case .restore(let name, let path, let hash):
            lines.append("  - restore: \(YAMLScalarWriter.doubleQuoted(name))")
            lines.append("    to: \(YAMLScalarWriter.doubleQuoted(path))")
            if let hash { lines.append("    hash: \(Self.hex(hash))") }
        case .create(let path, let hash), .remove(let path, let hash):
            lines.append("  - \(step.isCreate ? "create" : "remove"): \(YAMLScalarWriter.doubleQuoted(path))")
            lines.append("    hash: " + (hash.map(Self.hex) ?? "folder"))
        }
        return lines
    }

    /// A tag operation's record, as tag records were always written.
    private func tagText(_ change: TagChange, timeZone: TimeZone) -> String {
        func list(_ names: [String]) -> String { "[" + names.map { YAMLScalarWriter.render($0, in: .flow) }.joined(separator: ", ") + "]" }
        var lines = [
            "# vault tag history: one operation, written before the notes changed.",
            "id: \(id)",
            "kind: \(kind.rawValue)",
            "time: \(NoteDate.format(time, timeZone: timeZone))",
            "sources: \(list(change.sources))",
            "target: \(YAMLScalarWriter.render(change.target))",
        ]
        if let undoes { lines.append("undoes: \(undoes)") }
        lines.append("state: \(state.rawValue)")
        lines.append(change.notes.isEmpty ? "notes: []" : "notes:")
        for entry in change.notes {
            lines.append("  - id: \(YAMLScalarWriter.render(entry.id))")
            lines.append("    path: \(YAMLScalarWriter.render(entry.path))")
            lines.append("    before: \(list(entry.before))")
            if let text = entry.text { lines.append("    text: \(YAMLScalarWriter.doubleQuoted(text))") }
            if !entry.inline.isEmpty { lines.append("    inline: \(list(entry.inline))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Text as YAML text; bytes that are not UTF-8 (a splice may cut no character, but a
    /// note need not be UTF-8 at all) as `!!binary`, so that they come back exactly.
    private static func quoted(_ bytes: [UInt8]) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return "!!binary \"" + Data(bytes).base64EncodedString() + "\""
        }
        return YAMLScalarWriter.doubleQuoted(text)
    }

    private static func bytes(_ node: YAMLNode) -> [UInt8]? {
        guard case .scalar(let text, _, let tag) = node.kind else { return nil }
        if tag == "tag:yaml.org,2002:binary" { return Data(base64Encoded: text).map(Array.init) }
        return Array(text.utf8)
    }

    /// A record file as read: a record, one refused, or a file that is no record.
    public enum Parsed: Sendable {
        case record(OperationRecord)
        /// An operation record with a path that is not a plain path inside the vault: forged
        /// or damaged (records travel between machines through git), and never executed.
        case refused(id: String, VaultError)
        case notARecord

        var isNotARecord: Bool {
            if case .notARecord = self { return true }
            return false
        }
    }

    /// Reads a record; nil when the file is not one, or is refused.
    public init?(bytes: UnsafeRawBufferPointer, timeZone: TimeZone = .current) {
        guard case .record(let record) = Self.parse(bytes, file: TagHistoryRecord.directory, timeZone: timeZone) else { return nil }
        self = record
    }

    /// Reads the record file `file`, checking every path it names with
    /// `VaultPath.problem(withRecordedPath:)`, and trash names as single names.
    public static func parse(_ bytes: UnsafeRawBufferPointer, file: String, timeZone: TimeZone = .current) -> Parsed {
        guard let root = try? YAMLReader.parse(bytes), case .mapping(let pairs, _) = root.kind else { return .notARecord }
        func value(_ key: String, in pairs: [YAMLPair]) -> YAMLNode? { pairs.first { $0.key.scalar == key }?.value }
        guard let id = value("id", in: pairs)?.scalar, let kind = value("kind", in: pairs)?.scalar.flatMap(Kind.init(rawValue:)),
              let time = value("time", in: pairs)?.scalar.flatMap({ NoteDate.parse($0, timeZone: timeZone) }),
              let state = value("state", in: pairs)?.scalar.flatMap(State.init(rawValue:)) else { return .notARecord }
        if kind.isTagOperation {
            guard let change = tagChange(in: pairs) else { return .notARecord }
            return .record(OperationRecord(id: id, kind: kind, time: time, summary: "", undoes: value("undoes", in: pairs)?.scalar,
                                           state: state, steps: [], tagChange: change))
        }
        guard case .sequence(let items, _)? = value("steps", in: pairs)?.kind else { return .notARecord }
        /// The path of `key`, when it is one the record may name; the first that is not
        /// becomes the refusal, with its place in the file.
        var refusal: VaultError?
        func checked(_ key: String, in fields: [YAMLPair], name: Bool = false) -> String? {
            guard let node = value(key, in: fields), let path = node.scalar else { return nil }
            // The one file of `.vault/` an operation changes: a folder rename moves its colour.
            let isConfig = key == "edit" && path == VaultRoot.settingsDirectory + "/" + VaultConfig.fileName
            let problem = name && path.contains("/") ? "'\(path)' is not a name in the trash"
                : isConfig ? nil : VaultPath.problem(withRecordedPath: path)
            if let problem, refusal == nil {
                refusal = .located(Diagnostic(path: file, line: node.line + 1, column: node.column + 1, severity: .error,
                                              message: "operation \(id) refused: \(problem); nothing was changed"))
            }
            return path
        }
        /// A step's `hash` where it may be left out: nil when it is there but no hash.
        func optionalHash(in fields: [YAMLPair]) -> UInt64?? {
            guard let text = value("hash", in: fields)?.scalar else { return .some(nil) }
            return UInt64(text, radix: 16).map { .some($0) }
        }
        var steps: [Step] = []
        for item in items {
            guard case .mapping(let fields, _) = item.kind else { return .notARecord }
            if let path = checked("edit", in: fields) {
                guard let before = value("before", in: fields)?.scalar.flatMap({ UInt64($0, radix: 16) }),
                      let after = value("after", in: fields)?.scalar.flatMap({ UInt64($0, radix: 16) }),
                      case .sequence(let rows, _)? = value("splices", in: fields)?.kind else { return .notARecord }
                var splices: [ByteSplice] = []
                for row in rows {
                    guard case .sequence(let cells, _) = row.kind, cells.count == 3, let offset = cells[0].scalar.flatMap({ Int($0) }),
                          let removed = Self.bytes(cells[1]), let inserted = Self.bytes(cells[2]) else { return .notARecord }
                    splices.append(ByteSplice(offset: offset, removed: removed, inserted: inserted))
                }
                steps.append(.edit(path: path, before: before, after: after, splices: splices))
            } else if let from = checked("move", in: fields), let to = checked("to", in: fields) {
                steps.append(.move(from: from, to: to))
            } else if let path = checked("trash", in: fields), let name = checked("as", in: fields, name: true) {
                guard let hash = optionalHash(in: fields) else { return .notARecord }
                steps.append(.trash(path: path, name: name, hash: hash))
            } else if let name = checked("restore", in: fields, name: true), let path = checked("to", in: fields) {
                guard let hash = optionalHash(in: fields) else { return .notARecord }
                steps.append(.restore(name: name, path: path, hash: hash))
            } else if let path = checked("create", in: fields) ?? checked("remove", in: fields),
                      let hashText = value("hash", in: fields)?.scalar {
                let hash = hashText == "folder" ? nil : UInt64(hashText, radix: 16)
                if hash == nil, hashText != "folder" { return .notARecord }
                steps.append(value("create", in: fields) != nil ? .create(path: path, hash: hash) : .remove(path: path, hash: hash))
            } else {
                return .notARecord
            }
        }
        if let refusal { return .refused(id: id, refusal) }
        return .record(OperationRecord(id: id, kind: kind, time: time, summary: value("summary", in: pairs)?.scalar ?? "",
                                       undoes: value("undoes", in: pairs)?.scalar, state: state, steps: steps))
    }

    /// A tag operation's fields: `sources`, `target` and `notes` (each with `id`, `path`,
    /// `before`, and for a merge `text` and `inline`); nil without a target.
    private static func tagChange(in pairs: [YAMLPair]) -> TagChange? {
        func value(_ key: String, in pairs: [YAMLPair]) -> YAMLNode? { pairs.first { $0.key.scalar == key }?.value }
        func strings(_ node: YAMLNode?) -> [String] {
            guard case .sequence(let items, _)? = node?.kind else { return [] }
            return items.compactMap(\.scalar)
        }
        guard let target = value("target", in: pairs)?.scalar else { return nil }
        var notes: [TagHistoryRecord.Entry] = []
        if case .sequence(let items, _)? = value("notes", in: pairs)?.kind {
            for item in items {
                guard case .mapping(let fields, _) = item.kind, let noteID = value("id", in: fields)?.scalar else { continue }
                notes.append(TagHistoryRecord.Entry(id: noteID, path: value("path", in: fields)?.scalar ?? "", before: strings(value("before", in: fields)),
                                                    text: value("text", in: fields)?.scalar, inline: strings(value("inline", in: fields))))
            }
        }
        return TagChange(sources: strings(value("sources", in: pairs)), target: target, notes: notes)
    }
}

extension OperationRecord.Step {
    /// True for a `create` step.
    var isCreate: Bool {
        if case .create = self { true } else { false }
    }
}
