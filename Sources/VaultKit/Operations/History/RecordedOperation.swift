extension VaultChanges {
    /// Runs `body` as one operation recorded in `.vault/history/` for `vault undo`: the
    /// record is written before the first change, and at the end with every write `body`
    /// made through the write path or the trash (also when it ends with an error after some
    /// of them). An operation that changed nothing leaves no record.
    ///
    /// - Returns: what `body` returned, and the record's id (nil when nothing changed).
    public func recorded<Result>(
        _ kind: OperationRecord.Kind, summary: String, _ body: (VaultChanges) throws -> Result
    ) throws -> (result: Result, recordID: String?) {
        let history = OperationHistory(vault: vault)
        var record = OperationRecord(kind: kind, time: vault.now(), summary: summary, steps: [])
        let file = try history.write(record)
        var journaled = vault
        let journal = WriteJournal()
        journaled.journal = journal
        func finish() throws(VaultError) -> String? {
            record.steps = journal.recorded
            guard !record.steps.isEmpty else {
                vault.root.removeFile(file)
                return nil
            }
            record.state = .done
            try history.write(record, to: file)
            return record.id
        }
        let result: Result
        do {
            result = try body(VaultChanges(vault: journaled, notes: scannedNotes, purged: purged))
        } catch {
            _ = try? finish()
            throw error
        }
        return (result, try finish())
    }
}
