import Foundation
import Testing
@testable import VaultKit

/// `.vault/history/` has one record type, one writer and one reader (issue 53): a tag
/// rename, merge or split is an `OperationRecord` whose `tagChange` says what it did, read
/// as `TagHistoryRecord`; records written before, in the tag history's own format, still read.
@Suite struct HistoryRecordFormatTests {
    /// A merge's record as vault wrote tag records before there was one format.
    static let merge = """
        # vault tag history: one operation, written before the notes changed.
        id: 5f2c9a1e
        kind: merge
        time: 2026-03-01T10:00:00+00:00
        sources: [alpha, beta]
        target: gamma
        state: done
        notes:
          - id: n1
            path: Plan.md
            before: [alpha]
            text: "[alpha]"
          - id: n2
            path: Work/Log.md
            before: [beta, other]
            inline: ["#beta"]

        """

    @Test func aTagRecordOfTodaysFormatIsReadAsTheOneRecordType() throws {
        let vault = try TemporaryVault()
        try vault.write(".vault/history/20260301T100000.000000Z-merge-5f2c9a1e.yaml", Self.merge)
        var opened = vault.vault
        opened.timeZone = TimeZone(identifier: "UTC")!
        let entries = OperationHistory(vault: opened).entries()
        #expect(entries.count == 1)
        guard case .tags(let record)? = entries.first?.entry else { Issue.record("a tag record: \(entries)"); return }
        #expect(record.id == "5f2c9a1e" && record.kind == .merge && record.state == .done)
        #expect(record.sources == ["alpha", "beta"] && record.target == "gamma")
        #expect(record.notes == [TagHistoryRecord.Entry(id: "n1", path: "Plan.md", before: ["alpha"], text: "[alpha]"),
                                 TagHistoryRecord.Entry(id: "n2", path: "Work/Log.md", before: ["beta", "other"], inline: ["#beta"])])
        #expect(record.record.kind == .tagMerge && record.record.tagChange?.target == "gamma")
        // Written again by the one writer, it is the same bytes.
        #expect(record.text(timeZone: TimeZone(identifier: "UTC")!) == Self.merge)
        #expect(TagHistory(vault: opened).records().map(\.record) == [record])
    }

    @Test func aTagRecordIsWrittenByTheOneWriterAndReadBack() throws {
        let vault = try TemporaryVault()
        let record = TagHistoryRecord(id: "0a1b2c3d", kind: .rename, time: Date(timeIntervalSince1970: 1_800_000_000), sources: ["old"],
                                      target: "new", state: .started, notes: [TagHistoryRecord.Entry(id: "n1", path: "A.md", before: ["old"])])
        let file = try TagHistory(vault: vault.vault).write(record)
        #expect(file.hasPrefix(".vault/history/") && file.hasSuffix("-rename-0a1b2c3d.yaml"))
        let bytes = Array(vault.read(file).utf8)
        let read = bytes.withUnsafeBytes { OperationRecord.parse($0, file: file, timeZone: vault.vault.timeZone) }
        guard case .record(let operation) = read else { Issue.record("read: \(read)"); return }
        #expect(TagHistoryRecord(operation) == record)
        #expect(try OperationHistory(vault: vault.vault).entry("0a1b").entry.id == "0a1b2c3d")
    }
}
