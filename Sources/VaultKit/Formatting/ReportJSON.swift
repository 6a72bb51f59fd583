/// The JSON of what commands report rather than of notes: the checks of `vault check`,
/// the tag history, and what a write changed. The command line and the web app write
/// the same objects.
public enum ReportJSON {
    /// `{"checked": N, "problems": [{"path", "line", "column", "severity", "message"}]}`.
    public static func write(_ diagnostics: [Diagnostic], checked: Int, to json: inout JSONWriter) {
        json.beginObject()
        json.key("checked"); json.number(checked)
        json.key("problems"); json.beginArray()
        for diagnostic in diagnostics { write(diagnostic, to: &json) }
        json.endArray()
        json.endObject()
    }

    public static func write(_ diagnostic: Diagnostic, to json: inout JSONWriter) {
        json.beginObject()
        json.key("path"); json.string(diagnostic.path)
        json.key("line"); if let line = diagnostic.line { json.number(line) } else { json.null() }
        json.key("column"); if let column = diagnostic.column { json.number(column) } else { json.null() }
        json.key("severity"); json.string(diagnostic.severity.rawValue)
        json.key("message"); json.string(diagnostic.message)
        json.endObject()
    }

    /// The recorded tag operations, oldest first.
    public static func write(_ records: [TagHistoryRecord], to json: inout JSONWriter) {
        json.beginArray()
        for record in records {
            json.beginObject()
            json.key("id"); json.string(record.id)
            json.key("kind"); json.string(record.kind.rawValue)
            json.key("time"); json.string(NoteDate.format(record.time))
            json.key("sources"); json.strings(record.sources)
            json.key("target"); json.string(record.target)
            json.key("undoes"); json.string(record.undoes)
            json.key("notes"); json.number(record.notes.count)
            json.key("interrupted"); json.bool(record.state != .done)
            json.endObject()
        }
        json.endArray()
    }

    /// What a write did: `{"changed": [paths], "failed": [messages], …}`; `fields` adds
    /// the command's own keys (`recordID`, `moved`).
    public static func write(changed: [String], failed: [VaultError], to json: inout JSONWriter, fields: (inout JSONWriter) -> Void = { _ in }) {
        json.beginObject()
        json.key("changed"); json.strings(changed)
        json.key("count"); json.number(changed.count)
        json.key("failed"); json.strings(failed.map { $0.errorDescription ?? "\($0)" })
        fields(&json)
        json.endObject()
    }

    /// A tag operation's report.
    public static func write(_ report: TagOperations.Report, to json: inout JSONWriter) {
        write(changed: report.changed, failed: report.failed, to: &json) { json in
            json.key("recordID"); json.string(report.recordID)
        }
    }
}
