import Foundation
import VaultPlatform

/// Every operation in `.vault/history/`, oldest first: tag renames, merges and splits
/// (`TagHistoryRecord`) and the operations that move or change files (`OperationRecord`).
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
        let directory = vault.root.absolutePath(TagHistoryRecord.directory)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }
            .sorted()
        var result: [(String, Entry)] = []
        for name in names {
            let path = TagHistoryRecord.directory + "/" + name
            guard let bytes = try? vault.root.read(path).bytes else { continue }
            let entry = bytes.withUnsafeBytes { raw -> Entry? in
                if let record = OperationRecord(bytes: raw, timeZone: vault.timeZone) { return .files(record) }
                return TagHistoryRecord(bytes: raw, timeZone: vault.timeZone).map(Entry.tags)
            }
            if let entry { result.append((path, entry)) }
        }
        return result
    }

    /// The record whose id is `id` or starts with it.
    public func entry(_ id: String) throws(VaultError) -> (file: String, entry: Entry) {
        let found = entries().filter { $0.entry.id.lowercased().hasPrefix(id.lowercased()) }
        guard let first = found.first else { throw .invalidArgument("no operation has the id '\(id)' (see 'vault history')") }
        guard found.count == 1 else { throw .ambiguousNote(id, candidates: found.map(\.entry.id)) }
        return first
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
