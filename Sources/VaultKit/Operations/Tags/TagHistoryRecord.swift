import Foundation
import VaultPlatform

/// One tag operation in `.vault/history/`: a human-readable YAML file per operation, so
/// two machines merging different tags never produce a git conflict. Written and read as
/// an `OperationRecord` (the one record type there), of which this is the tag operation's view.
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

    /// The record as `.vault/history/`'s one record type, which writes and reads it.
    public var record: OperationRecord {
        let kind: OperationRecord.Kind = switch self.kind {
        case .rename: .tagRename
        case .merge: .tagMerge
        case .split: .tagSplit
        }
        return OperationRecord(id: id, kind: kind, time: time, summary: "", undoes: undoes, state: state == .done ? .done : .started,
                               steps: [], tagChange: OperationRecord.TagChange(sources: sources, target: target, notes: notes))
    }

    /// The tag operation `record` is; nil for one that moved or changed files.
    public init?(_ record: OperationRecord) {
        guard let change = record.tagChange else { return nil }
        let kind: Kind
        switch record.kind {
        case .tagRename: kind = .rename
        case .tagMerge: kind = .merge
        case .tagSplit: kind = .split
        default: return nil
        }
        self.init(id: record.id, kind: kind, time: record.time, sources: change.sources, target: change.target,
                  undoes: record.undoes, state: record.state == .done ? .done : .started, notes: change.notes)
    }

    /// The record's file text (`OperationRecord.text`).
    public func text(timeZone: TimeZone = .current) -> String {
        record.text(timeZone: timeZone)
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
