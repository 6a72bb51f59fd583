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
        let names = vault.root.entries(of: TagHistoryRecord.directory)
            .filter { $0.kind == .regular && $0.name.hasSuffix(".yaml") && !$0.name.hasPrefix(".") }
            .map(\.name)
            .sorted()
        var result: [(String, TagHistoryRecord)] = []
        for name in names {
            let path = TagHistoryRecord.directory + "/" + name
            guard let bytes = try? vault.root.read(path).bytes else { continue }
            let record = bytes.withUnsafeBytes { TagHistoryRecord(bytes: $0, timeZone: vault.timeZone) }
            if let record { result.append((path, record)) }
        }
        return result
    }

    /// Writes `record` (atomically) and returns its path.
    @discardableResult
    public func write(_ record: TagHistoryRecord, to existing: String? = nil) throws(VaultError) -> String {
        try vault.root.makeDirectory(TagHistoryRecord.directory, operation: "create the history folder")
        let path = existing ?? TagHistoryRecord.directory + "/" + record.fileName
        try vault.root.write(Array(record.text(timeZone: vault.timeZone).utf8), to: path, mode: 0o644)
        return path
    }

    /// The record whose id is `id` or starts with it.
    public func record(_ id: String) throws(VaultError) -> (file: String, record: TagHistoryRecord) {
        let found = records().filter { $0.record.id.lowercased().hasPrefix(id.lowercased()) }
        guard let first = found.first else { throw .operationNotFound(id, tags: true) }
        guard found.count == 1 else { throw .ambiguousOperation(id, candidates: found.map(\.record.id)) }
        return first
    }
}
