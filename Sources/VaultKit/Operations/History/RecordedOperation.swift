extension VaultChanges {
    /// Runs `body` as one operation recorded in `.vault/history/` for `vault undo`: the
    /// record is written before the first change, and at the end with every write `body`
    /// made through the write path or the trash (also when it ends with an error after some
    /// of them). Meanwhile each edit is written down in the record's steps file before it
    /// is made, which stands for the steps of a record a kill left unfinished. An operation
    /// that changed nothing leaves no record.
    ///
    /// - Returns: what `body` returned, and the record's id (nil when nothing changed).
    public func recorded<Result>(
        _ kind: OperationRecord.Kind, summary: String, _ body: (VaultChanges) throws -> Result
    ) throws -> (result: Result, recordID: String?) {
        let history = OperationHistory(vault: vault)
        var record = OperationRecord(kind: kind, time: vault.now(), summary: summary, steps: [])
        let file = try history.write(record)
        let stepsFile: String
        do {
            stepsFile = try history.startSteps(of: record, in: file)
        } catch {
            // Nothing changed yet: no record of it is left either.
            vault.root.removeFile(file)
            throw error
        }
        var journaled = vault
        let journal = WriteJournal { [root = vault.root] step throws(VaultError) in
            try root.append(Array(OperationRecord.stepText(step).utf8), to: stepsFile)
        }
        journaled.journal = journal
        func finish() throws(VaultError) -> String? {
            record.steps = journal.recorded
            guard !record.steps.isEmpty else {
                vault.root.removeFile(file)
                vault.root.removeFile(stepsFile)
                return nil
            }
            record.state = .done
            try history.write(record, to: file)
            vault.root.removeFile(stepsFile)
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
