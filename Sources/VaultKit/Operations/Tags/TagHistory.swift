import Foundation
import VaultPlatform

/// The records of `.vault/history/`, oldest first.
public struct TagHistory: Sendable {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// Every record, in the order the operations ran (their file names start with the
    /// time to the microsecond), with the file it was read from.
    public func records() -> [(file: String, record: TagHistoryRecord)] {
        OperationHistory(vault: vault).entries().compactMap { file, entry in
            if case .tags(let record) = entry { (file, record) } else { nil }
        }
    }

    /// Writes `record` (atomically, through `OperationHistory`, the one writer) and returns its path.
    @discardableResult
    public func write(_ record: TagHistoryRecord, to existing: String? = nil) throws(VaultError) -> String {
        try OperationHistory(vault: vault).write(record.record, to: existing)
    }

    /// The record whose id is `id` or starts with it.
    public func record(_ id: String) throws(VaultError) -> (file: String, record: TagHistoryRecord) {
        let found = records().filter { $0.record.id.lowercased().hasPrefix(id.lowercased()) }
        guard let first = found.first else { throw .operationNotFound(id, tags: true) }
        guard found.count == 1 else { throw .ambiguousOperation(id, candidates: found.map(\.record.id), kinds: found.map(\.record.record.kind.rawValue)) }
        return first
    }
}
