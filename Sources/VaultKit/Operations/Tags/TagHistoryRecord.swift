import Foundation
import VaultPlatform

/// One tag operation in `.vault/history/`: a human-readable YAML file per operation, so
/// two machines merging different tags never produce a git conflict.
///
/// It is written before any note changes (`state: started`) and marked `done` at the end,
/// so an interrupted operation is found and completed by running it again.
public struct TagHistoryRecord: Sendable, Equatable {
    public enum Kind: String, Sendable { case rename, merge, split }
    public enum State: String, Sendable { case started, done }

    /// A note the operation changes: its `id` and the tags it had before.
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var path: String
        public var before: [String]
        /// For a merge: the note's `tags` entry as written before (quoting, `#`, order,
        /// comments), which a split puts back exactly. Nil in records older than it.
        public var text: String?
        /// For a merge: every inline `#tag` of the body before, in order, as written, so
        /// that a split gives the rewritten ones back their own names where they stand.
        public var inline: [String]

        public init(id: String, path: String, before: [String], text: String? = nil, inline: [String] = []) {
            self.id = id
            self.path = path
            self.before = before
            self.text = text
            self.inline = inline
        }
    }

    public static let directory = ".vault/history"

    public var id: String
    public var kind: Kind
    public var time: Date
    public var sources: [String]
    public var target: String
    /// For a split: the merge it undoes.
    public var undoes: String?
    public var state: State
    public var notes: [Entry]

    /// The file name: the time to the microsecond first, so that sorting the names puts
    /// the operations in the order they ran (a rename may follow a merge within a second).
    public var fileName: String { HistoryFileName.make(time: time, kind: kind.rawValue, id: id) }

    public func text(timeZone: TimeZone = .current) -> String {
        func list(_ names: [String]) -> String { "[" + names.map { YAMLScalarWriter.render($0, in: .flow) }.joined(separator: ", ") + "]" }
        var lines = [
            "# vault tag history: one operation, written before the notes changed.",
            "id: \(id)",
            "kind: \(kind.rawValue)",
            "time: \(NoteDate.format(time, timeZone: timeZone))",
            "sources: \(list(sources))",
            "target: \(YAMLScalarWriter.render(target))",
        ]
        if let undoes { lines.append("undoes: \(undoes)") }
        lines.append("state: \(state.rawValue)")
        lines.append(notes.isEmpty ? "notes: []" : "notes:")
        for entry in notes {
            lines.append("  - id: \(YAMLScalarWriter.render(entry.id))")
            lines.append("    path: \(YAMLScalarWriter.render(entry.path))")
            lines.append("    before: \(list(entry.before))")
            if let text = entry.text { lines.append("    text: \(YAMLScalarWriter.doubleQuoted(text))") }
            if !entry.inline.isEmpty { lines.append("    inline: \(list(entry.inline))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a record; nil when the file is not one.
    public init?(bytes: UnsafeRawBufferPointer, timeZone: TimeZone = .current) {
        guard let root = try? YAMLReader.parse(bytes), case .mapping(let pairs, _) = root.kind else { return nil }
        func value(_ key: String) -> YAMLNode? { pairs.first { $0.key.scalar == key }?.value }
        func strings(_ node: YAMLNode?) -> [String] {
            guard case .sequence(let items, _)? = node?.kind else { return [] }
            return items.compactMap(\.scalar)
        }
        guard let id = value("id")?.scalar, let kind = value("kind")?.scalar.flatMap(Kind.init(rawValue:)),
              let time = value("time")?.scalar.flatMap({ NoteDate.parse($0, timeZone: timeZone) }),
              let target = value("target")?.scalar,
              let state = value("state")?.scalar.flatMap(State.init(rawValue:)) else { return nil }
        var notes: [Entry] = []
        if case .sequence(let items, _)? = value("notes")?.kind {
            for item in items {
                guard case .mapping(let fields, _) = item.kind else { continue }
                func field(_ key: String) -> YAMLNode? { fields.first { $0.key.scalar == key }?.value }
                guard let noteID = field("id")?.scalar else { continue }
                notes.append(Entry(id: noteID, path: field("path")?.scalar ?? "", before: strings(field("before")), text: field("text")?.scalar,
                                   inline: strings(field("inline"))))
            }
        }
        self.init(id: id, kind: kind, time: time, sources: strings(value("sources")), target: target,
                  undoes: value("undoes")?.scalar, state: state, notes: notes)
    }

    public init(id: String, kind: Kind, time: Date, sources: [String], target: String, undoes: String? = nil, state: State, notes: [Entry]) {
        self.id = id
        self.kind = kind
        self.time = time
        self.sources = sources
        self.target = target
        self.undoes = undoes
        self.state = state
        self.notes = notes
    }
}
